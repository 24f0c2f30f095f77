"""A sliding one-minute window over the person's own stored messages, shared by all workers."""

from __future__ import annotations

from datetime import datetime, timedelta
from uuid import UUID

from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.models import Message, ToolCall


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
    """The same window for clients that call the tools directly (MCP): their audited calls."""
    if per_minute <= 0:
        return False
    result = await session.exec(
        select(func.count())
        .select_from(ToolCall)
        .where(
            col(ToolCall.user_id) == user_id, col(ToolCall.created_at) > now - timedelta(minutes=1)
        )
    )
    return int(result.one()) >= per_minute
