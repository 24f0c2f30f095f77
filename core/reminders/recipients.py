"""Whom a reminder goes to: its person's account on its platform, in the chat they asked from."""

from __future__ import annotations

from uuid import UUID

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.reminders.delivery import (
    Recipient,
)
from core.storage.models import Conversation, Identity
from core.storage.reminder_models import Reminder


async def recipients_of(session: AsyncSession, reminders: list[Reminder]) -> dict[UUID, Recipient]:
    """Each reminder's person on its platform, in the chat they asked from; none for an
    account marked unreachable (setting a reminder from it clears the mark)."""
    users = {reminder.user_id for reminder in reminders}
    platforms = {reminder.platform for reminder in reminders}
    accounts = await session.exec(
        select(Identity)
        .where(col(Identity.user_id).in_(users), col(Identity.platform).in_(platforms))
        .order_by(col(Identity.created_at))
    )
    account: dict[tuple[UUID, str], Identity] = {}
    for found_identity in accounts.all():
        account[(found_identity.user_id, found_identity.platform)] = found_identity
    asked = {r.conversation_id for r in reminders if r.conversation_id is not None}
    chats: dict[UUID, str] = {}
    if asked:
        found = await session.exec(
            select(Conversation.id, Conversation.chat_key).where(col(Conversation.id).in_(asked))
        )
        chats = {row[0]: row[1] for row in found.all()}
    places: dict[UUID, Recipient] = {}
    for reminder in reminders:
        identity = account.get((reminder.user_id, reminder.platform))
        if identity is None:
            continue
        if identity.unreachable_since is not None:
            continue
        key = chats.get(reminder.conversation_id) if reminder.conversation_id else None
        chat_ref, _, thread_ref = (key or "").partition("/")
        places[reminder.id] = Recipient(
            user_id=reminder.user_id,
            platform=reminder.platform,
            tenant=identity.tenant,
            user_ref=identity.external_id,
            chat_ref=chat_ref or None,
            thread_ref=thread_ref or None,
            display_name=identity.display_name,
            conversation_id=reminder.conversation_id,
        )
    return places
