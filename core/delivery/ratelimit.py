"""A sliding one-minute window over the person's own stored rows, shared by all workers: their
messages for a chat, their audited tool calls for a client that calls the tools directly."""

from __future__ import annotations

from datetime import datetime, timedelta
from uuid import UUID

from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage import audit
from core.storage.models import Message


async def over_limit(
    session: AsyncSession, *, user_id: UUID, per_minute: int, now: datetime
) -> bool:
    if per_minute <= 0:
        return False
    result = await session.exec(
        select(func.count())
        .select_from(Message)
        .where(
            col(Message.user_id) == user_id,
            col(Message.role) == "user",
            col(Message.created_at) > now - timedelta(minutes=1),
        )
    )
    return int(result.one()) >= per_minute


async def tool_calls_over_limit(
    session: AsyncSession, *, user_id: UUID, per_minute: int, now: datetime
) -> bool:
    if per_minute <= 0:
        return False
    done = await audit.count_since(session, now - timedelta(minutes=1), user_id=user_id)
    return done >= per_minute
