"""`export` and `forget me`: a person takes their data away, or has it erased.

An export is private (a file only they receive). An erase waits for their Confirm button,
like a task delete, and then removes every row of theirs.
"""

from __future__ import annotations

from uuid import UUID

from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands.account_audit import audit
from core.commands.export import export_bytes, export_filename, export_user
from core.commands.extensions import CommandCall
from core.conversation.confirmations import request_confirmation
from core.people.account_phrases import asks_to_forget
from core.people.accounts import FORGET_KIND, identities, platform_name
from core.people.erase import erase_user
from core.storage.models import Confirmation, Conversation, Task, utcnow
from core.types import Action, Attachment, Button, Reply

FORGET_SUBJECT = "all your data"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


async def export(call: CommandCall) -> Reply:
    if not call.incoming.private_replies:
        return Reply(
            text="Your export holds your whole history, so I only send it in a private chat. "
            "Message me directly and send /export there."
        )
    document = await export_user(call.session, user_id=call.user.id)
    messages = sum(len(thread["messages"]) for thread in document["conversations"])
    filename = export_filename(utcnow())
    text = (
        f"Here is everything I keep about you: {_plural(len(document['tasks']), 'task')} and "
        f"{_plural(len(document['conversations']), 'conversation')} with "
        f"{_plural(messages, 'message')}, in {filename}."
    )
    await audit(
        call,
        action="account.export",
        message=text,
        tasks=len(document["tasks"]),
        conversations=len(document["conversations"]),
        messages=messages,
    )
    return Reply(text=text, private=True, attachment=Attachment(filename, export_bytes(document)))


async def forget(call: CommandCall) -> Reply:
    if not asks_to_forget(call.args):
        return Reply(text="To erase everything I keep about you, send forget me.")
    session, user_id = call.session, call.user.id
    tasks = await _count(session, Task, user_id)
    threads = await _count(session, Conversation, user_id)
    platforms = sorted(
        {platform_name(i.platform) for i in await identities(session, user_id=user_id)}
    )
    confirmation = await request_confirmation(
        session,
        user_id=user_id,
        kind=FORGET_KIND,
        subject=FORGET_SUBJECT,
        ttl_seconds=call.tools.confirmation_ttl_seconds,
        conversation_id=call.conversation.id,
        now=call.tools.now,
    )
    text = (
        f"This erases everything I keep about you: {_plural(tasks, 'task')}, "
        f"{_plural(threads, 'conversation')} and your linked accounts "
        f"({', '.join(platforms)}). It can't be undone. Press Forget me to erase it all, "
        "or Cancel to keep it."
    )
    await audit(call, action="account.forget_request", message=text, status="confirmation_required")
    buttons = [
        Button(label="Forget me", action=Action.CONFIRM, token=confirmation.token, danger=True),
        Button(label="Cancel", action=Action.CANCEL, token=confirmation.token),
    ]
    return Reply(text=text, buttons=buttons)


async def confirm_forget(session: AsyncSession, confirmation: Confirmation) -> str:
    """The Confirm press of a forget-me: erase the person, answer with what went."""
    counts = await erase_user(
        session, user_id=confirmation.user_id, requested_at=confirmation.created_at
    )
    if counts is None:
        return "There was nothing left to erase."
    return (
        "Done: I erased everything I kept about you — "
        f"{_plural(counts['task'], 'task')}, {_plural(counts['conversation'], 'conversation')} "
        f"with {_plural(counts['message'], 'message')}, and "
        f"{_plural(counts['identity'], 'linked account')}. "
        "If you write to me again, you start with an empty list."
    )


async def _count(
    session: AsyncSession, table: type[Task] | type[Conversation], user_id: UUID
) -> int:
    result = await session.exec(
        select(func.count()).select_from(table).where(col(table.user_id) == user_id)
    )
    return int(result.one())
