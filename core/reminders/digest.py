"""The daily list: a reminder of kind `digest` that fires every day at the person's hour."""

from __future__ import annotations

from datetime import datetime, tzinfo
from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core import tasks as task_service
from core.models import Reminder
from core.types import Reply


async def digest_reply(
    session: AsyncSession, *, user_id: UUID, zone: tzinfo, now: datetime
) -> Reply:
    pending = await task_service.list_tasks(session, user_id=user_id, status="pending")
    if not pending:
        return Reply(text="☀️ Good morning! Your list is empty today.")
    lines = ["☀️ Good morning! Your list:"]
    lines += [f"{task.number}. {task.title}" for task in pending[:20]]
    return Reply(text="\n".join(lines))


async def schedule_next(session: AsyncSession, *, reminder: Reminder, now: datetime) -> None:
    return None
