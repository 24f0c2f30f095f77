"""Redeeming a link code: this account joins the one that made it, unless a limit, the code
or the accounts stand in the way."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.exc import DBAPIError

from core.commands.account_audit import audit, in_group
from core.commands.extensions import CommandCall
from core.people import link_codes
from core.people.accounts import (
    Merge,
    identities,
    lock,
    merge_into,
    platform_name,
)
from core.people.link_codes import CodeState
from core.storage.account_models import LinkCode
from core.storage.models import Identity, utcnow
from core.types import Reply

CODE_IN_GROUP = (
    "Link codes only work in a private chat, and this one was shown to everyone here, so I "
    "cancelled it. Send link again from your other account, then enter the new code in a "
    "private chat with me."
)


DEADLOCK = "40P01"


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
    held_back = await _held_back(call, tries, now)
    if held_back is not None:
        return held_back
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
    return await _redeem(call, found.code, now)


async def _held_back(call: CommandCall, tries: int, now: datetime) -> Reply | None:
    """Refused before the code is even looked at: too many wrong codes from this account, or
    from its whole platform (or Slack workspace) lately."""
    session = call.session
    if tries >= link_codes.WRONG_CODE_LIMIT:
        minutes = await link_codes.minutes_until_retry(session, user_id=call.user.id, now=now)
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
    return None


async def _redeem(call: CommandCall, code: LinkCode, now: datetime) -> Reply:
    """A live code: this account joins the one that made it, unless it cannot."""
    session, entering = call.session, call.user
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
