"""`link`, `unlink` and `accounts`: what a person says to join their platform accounts.

Each handler runs inside the turn's transaction with the person's row locked, and leaves an
audit row (`account.*`) that never holds a code.
"""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError

from core.commands.account_audit import audit, current_identity, in_group
from core.commands.data_commands import confirm_forget, export, forget
from core.commands.extensions import CommandCall, CommandFunction, CommandHost
from core.people import link_codes
from core.people.account_phrases import (
    asks_for_code,
    is_unlink_args,
    names_other_platform,
    recognise,
)
from core.people.accounts import (
    FORGET_KIND,
    Merge,
    detach,
    identities,
    lock,
    merge_into,
    platform_name,
)
from core.people.link_codes import CodeState
from core.storage.models import Identity, utcnow
from core.types import Reply

PRIVATE_CHAT_ONLY = (
    "For your safety I only hand out link codes in a private chat. "
    "Message me directly and send /link there."
)
CODE_IN_GROUP = (
    "Link codes only work in a private chat, and this one was shown to everyone here, so I "
    "cancelled it. Send link again from your other account, then enter the new code in a "
    "private chat with me."
)
ACCOUNTS_IN_GROUP = (
    "I only list your linked accounts in a private chat. Message me directly and send "
    "/accounts there."
)
HIDDEN_CODE = "••••-••••"
DEADLOCK = "40P01"


def describe_account(identity: Identity, *, current: Identity) -> str:
    name = identity.display_name or "no name shown"
    here = " (this account)" if identity.id == current.id else ""
    return f"{platform_name(identity.platform)} — {name}{here}"


async def link(call: CommandCall) -> Reply:
    if asks_for_code(call.args):
        return await issue_code(call)
    return await redeem_code(call, call.args)


async def issue_code(call: CommandCall) -> Reply:
    if in_group(call):
        await audit(
            call, action=link_codes.ISSUED, message=PRIVATE_CHAT_ONLY, ok=False, error="GROUP"
        )
        return Reply(text=PRIVATE_CHAT_ONLY)
    code = link_codes.shown(
        await link_codes.issue(call.session, user_id=call.user.id, platform=call.incoming.platform)
    )
    minutes = int(link_codes.CODE_TTL.total_seconds() // 60)
    template = (
        "Your link code is {code}. Within {minutes} minutes, send “link {code}” from the other "
        "account you want to join (in Slack: /todo link {code}; in Telegram: /link {code}). "
        "It works once; don't share it."
    )
    hidden = template.format(code=HIDDEN_CODE, minutes=minutes)
    await audit(call, action=link_codes.ISSUED, message=hidden)
    return Reply(
        text=template.format(code=code, minutes=minutes), private=True, history_text=hidden
    )


async def redeem_code(call: CommandCall, typed: str) -> Reply:
    session, entering = call.session, call.user
    now = utcnow()
    if in_group(call):
        exposed = await link_codes.look_up(session, typed=typed, now=now)
        if exposed.code is not None:
            await link_codes.claim(session, code=exposed.code, now=now)  # burnt: others saw it
        refused = await _refused(call, CODE_IN_GROUP, "GROUP")
        refused.withdraw = True
        return refused
    tries = await link_codes.wrong_tries(session, user_id=entering.id, now=now)
    if tries >= link_codes.WRONG_CODE_LIMIT:
        minutes = await link_codes.minutes_until_retry(session, user_id=entering.id, now=now)
        text = (
            f"Too many wrong codes from this account. To keep accounts safe I'll take another "
            f"code in {_minutes(minutes)}."
        )
        return await _refused(call, text, "RATE_LIMITED")
    platform, tenant = call.incoming.platform, call.incoming.tenant
    crowd = await link_codes.wrong_tries_on(session, platform=platform, tenant=tenant, now=now)
    if crowd >= link_codes.PLATFORM_WRONG_CODE_LIMIT:
        minutes = await link_codes.minutes_until_platform_retry(
            session, platform=platform, tenant=tenant, now=now
        )
        text = (
            f"Too many wrong link codes were entered from {platform_name(platform)} in the last "
            f"few minutes, so to keep everyone's accounts safe I'm taking no codes from here for "
            f"{_minutes(minutes)}. Your own code stays valid for its 10 minutes; if it runs out, "
            "send link for a new one."
        )
        return await _refused(call, text, "PLATFORM_RATE_LIMITED")
    found = await link_codes.look_up(session, typed=typed, now=now)
    if found.state is CodeState.UNKNOWN:
        return await _wrong_code(call, tries + 1)
    if found.state is CodeState.EXPIRED:
        return await _refused(
            call,
            "That code has expired (codes last 10 minutes). Send link from your other account "
            "for a new one.",
            "EXPIRED",
        )
    if found.state is CodeState.USED or found.code is None:
        return await _refused(call, _USED, "USED")
    code = found.code
    mine = await identities(session, user_id=entering.id)
    if code.user_id == entering.id:
        text = (
            "This account is already linked to the one that made that code. "
            "Send accounts to see them."
            if len(mine) > 1
            else "That code is this account's own. Enter it from the other account you want "
            "to join: in Telegram /link CODE, in Slack /todo link CODE."
        )
        return await _refused(call, text, "SAME_USER")
    if len(mine) > 1:
        names = ", ".join(platform_name(identity.platform) for identity in mine)
        text = (
            f"This account is already linked with others ({names}). A code can't move it to "
            "another list: send unlink here first, then enter the code again."
        )
        return await _refused(call, text, "ALREADY_LINKED")
    identity = mine[0]
    try:
        async with session.begin_nested():
            if not await link_codes.claim(session, code=code, now=now):
                return await _refused(call, _USED, "USED")
            target = await lock(session, user_id=code.user_id)
            if target is None:
                return await _refused(call, _USED, "USED")
            merge = await merge_into(session, source=entering, target=target, identity=identity)
    except DBAPIError as error:
        if getattr(error.orig, "sqlstate", None) != DEADLOCK:
            raise
        text = (
            "Your accounts were being linked from the other side at the same moment, so I left "
            "this code unused. Send accounts to see what's linked now."
        )
        return await _refused(call, text, "CONCURRENT")
    call.conversation.user_id = target.id
    text = _linked_text(identity, code.platform, merge)
    await audit(
        call,
        action=link_codes.LINKED,
        message=text,
        user_id=target.id,
        joined=identity.platform,
        into=code.platform,
        merged_tasks=len(merge.tasks),
        merged_conversations=merge.conversations,
    )
    return Reply(text=text, private=True)


def _minutes(minutes: int) -> str:
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


_USED = (
    "That code was already used. Codes work once: send link from your other account for a new one."
)


async def _refused(call: CommandCall, text: str, error: str) -> Reply:
    await audit(call, action=link_codes.LINKED, message=text, ok=False, error=error)
    return Reply(text=text, private=True)


async def _wrong_code(call: CommandCall, tries: int) -> Reply:
    left = link_codes.WRONG_CODE_LIMIT - tries
    if left > 0:
        text = (
            "That code doesn't match any link code. Check it and try again "
            f"({left} {'try' if left == 1 else 'tries'} left in the next 10 minutes)."
        )
    else:
        text = (
            "That code doesn't match any link code either. That was the "
            f"{link_codes.WRONG_CODE_LIMIT}th wrong try, so this account can't enter codes "
            "for the next 10 minutes."
        )
    await audit(call, action=link_codes.WRONG_CODE, message=text, ok=False, error="WRONG_CODE")
    return Reply(text=text, private=True)


def _linked_text(identity: Identity, code_platform: str, merge: Merge) -> str:
    here, there = platform_name(identity.platform), platform_name(code_platform)
    other = (
        f"your other {there} account"
        if identity.platform == code_platform
        else f"your {there} account"
    )
    lines = [f"Linked! This {here} account now shares one task list with {other}."]
    if merge.tasks:
        count = len(merge.tasks)
        moves = ", ".join(
            f"“{moved.title}” is now #{moved.new_number}" for moved in merge.tasks[:10]
        )
        more = f", and {count - 10} more" if count > 10 else ""
        noun = "task" if count == 1 else "tasks"
        lines.append(f"I added the {count} {noun} you had here after your others: {moves}{more}.")
    else:
        lines.append("This account had no tasks of its own, so there was nothing to merge.")
    if merge.conversations == 1:
        lines.append("Your conversation from here is kept too.")
    elif merge.conversations > 1:
        lines.append(f"Your {merge.conversations} conversations from here are kept too.")
    return " ".join(lines)


async def unlink(call: CommandCall) -> Reply:
    incoming = call.incoming
    other = names_other_platform(call.args, incoming.platform)
    if other is not None:
        return Reply(
            text=f"Unlink works from the account you want to detach: send unlink from your "
            f"{platform_name(other)} account.",
            private=True,
        )
    if not is_unlink_args(call.args):
        return Reply(
            text="Send unlink on its own, from the account you want to detach.", private=True
        )
    identity = await current_identity(call)
    mine = await identities(call.session, user_id=call.user.id)
    if len(mine) <= 1:
        return Reply(
            text="This account isn't linked to any other, so there's nothing to unlink.",
            private=True,
        )
    await detach(call.session, user=call.user, identity=identity)
    rest = ", ".join(platform_name(found.platform) for found in mine if found.id != identity.id)
    text = (
        f"Unlinked this {platform_name(identity.platform)} account. Your tasks stay with your "
        f"other accounts ({rest}); from now on this account starts with an empty list."
    )
    await audit(call, action="account.unlink", message=text, detached=identity.platform)
    return Reply(text=text, private=True)


async def accounts(call: CommandCall) -> Reply:
    if in_group(call):
        return Reply(text=ACCOUNTS_IN_GROUP, private=True)
    current = await current_identity(call)
    mine = await identities(call.session, user_id=call.user.id)
    if len(mine) == 1:
        return Reply(
            text=f"Only this account uses your list: {describe_account(current, current=current)}. "
            "To join another, send link here and enter the code there.",
            private=True,
        )
    lines = ["Your linked accounts, all sharing one task list:"]
    lines += [f"• {describe_account(identity, current=current)}" for identity in mine]
    return Reply(text="\n".join(lines), private=True)


COMMANDS: dict[str, CommandFunction] = {
    "link": link,
    "unlink": unlink,
    "accounts": accounts,
    "export": export,
    "forget": forget,
}


def install(chat: CommandHost) -> None:
    """Give a ChatService the account commands, the forget-me action and the phrase router."""
    chat.commands.update(COMMANDS)
    chat.confirm_actions[FORGET_KIND] = confirm_forget
    if recognise not in chat.text_routers:
        chat.text_routers.append(recognise)
