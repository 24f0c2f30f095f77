"""A shared list's trash: its deleted tasks, which any member may bring back."""

from __future__ import annotations

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.tasks import TaskNotFound
from core.storage.list_models import TaskList
from core.storage.models import Task


async def trashed(session: AsyncSession, *, shared: TaskList) -> list[Task]:
    result = await session.exec(
        select(Task)
        .where(Task.list_id == shared.id, col(Task.deleted_at).is_not(None))
        .order_by(col(Task.number))
    )
    return list(result.all())


async def trashed_numbered(session: AsyncSession, *, shared: TaskList, number: int) -> Task:
    result = await session.exec(
        select(Task).where(
            Task.list_id == shared.id, Task.number == number, col(Task.deleted_at).is_not(None)
        )
    )
    task = result.first()
    if task is None:
        raise TaskNotFound(f"There is no task #{number} in this chat's team trash.")
    return task
