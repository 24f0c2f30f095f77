"""A sliding one-minute window over the person's own stored rows, shared by all workers: their
messages for a chat, their audited tool calls for a client that calls the tools directly."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.models import Message, ToolCall


async def over_limit(
    session: AsyncSession, *, user_id: UUID, per_minute: int, now: datetime
) -> bool:
    return await _over(
        session,
        Message,
        col(Message.user_id) == user_id,
        col(Message.role) == "user",
        col(Message.created_at) > now - timedelta(minutes=1),
        per_minute=per_minute,
    )


async def tool_calls_over_limit(
    session: AsyncSession, *, user_id: UUID, per_minute: int, now: datetime
) -> bool:
    return await _over(
        session,
        ToolCall,
        col(ToolCall.user_id) == user_id,
        col(ToolCall.created_at) > now - timedelta(minutes=1),
        per_minute=per_minute,
    )


async def _over(session: AsyncSession, table: Any, *where: Any, per_minute: int) -> bool:
    if per_minute <= 0:
        return False
    result = await session.exec(select(func.count()).select_from(table).where(*where))
    return int(result.one()) >= per_minute
