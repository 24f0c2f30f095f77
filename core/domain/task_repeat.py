"""Setting a task's repeat rule after it was added (`team repeat 3 every monday`)."""

from __future__ import annotations

from datetime import datetime

from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain import changes
from core.domain.changes import Journal
from core.domain.tasks import label
from core.domain.when import Due
from core.storage.models import Task


async def set_repeat(
    session: AsyncSession,
    *,
    task: Task,
    rule: str | None,
    now: datetime,
    journal: Journal,
    due: Due | None = None,
) -> None:
    """The task's repeat rule (None: it repeats no more) and, given one, its due: one change,
    which undo takes back whole."""
    before = changes.snapshot(task)
    task.repeat = rule
    if due is not None:
        task.due_at, task.due_has_time = due.at, due.has_time
    task.updated_at = now
    session.add(task)
    await session.flush()
    await changes.record(
        session, journal, row=task, kind="updated", summary=label(task), before=before
    )
