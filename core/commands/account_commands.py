"""`link`, `unlink` and `accounts`: what a person says to join their platform accounts.

Each handler runs inside the turn's transaction with the person's row locked, and leaves an
audit row (`account.*`) that never holds a code.
"""

from __future__ import annotations

from core.commands.account_audit import audit, current_identity, in_group
from core.commands.data_commands import confirm_forget, export, forget
from core.commands.extensions import CommandCall, CommandFunction, CommandHost
from core.commands.redeeming import redeem_code
from core.people import link_codes
from core.people.account_phrases import (
    asks_for_code,
    is_unlink_args,
    names_other_platform,
    recognise,
)
from core.people.accounts import (
    FORGET_KIND,
    detach,
    identities,
    platform_name,
)
from core.storage.models import Identity
from core.types import Reply

PRIVATE_CHAT_ONLY = (
    "For your safety I only hand out link codes in a private chat. "
    "Message me directly and send /link there."
)
ACCOUNTS_IN_GROUP = (
    "I only list your linked accounts in a private chat. Message me directly and send "
    "/accounts there."
)
HIDDEN_CODE = "••••-••••"


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
