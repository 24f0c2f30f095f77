"""Reminders on a shared list's task: each goes to one person (the assignee, or whoever asked),
privately on the platform it was asked from, and stops when the task is done or deleted."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.changes import Journal
from core.reminders import book
from core.reminders.book import WAITING, Where
from core.storage.models import Task
from core.storage.reminder_models import Reminder


async def remind_on_team(
    session: AsyncSession,
    *,
    task: Task,
    person: UUID,
    at: datetime,
    where: Where,
    journal: Journal,
) -> Reminder:
    """Remind `person` of the shared task at `at` (their pending reminder of it moves)."""
    return await book.set_for_task(
        session, task=task, at=at, where=where, journal=journal, person=person
    )


async def cancel_team_reminders(session: AsyncSession, *, task: Task, journal: Journal) -> int:
    """Cancel every waiting reminder of the shared task, whoever it was for; how many."""
    found = await session.exec(
        select(Reminder.user_id)
        .where(col(Reminder.task_id) == task.id, col(Reminder.status).in_(WAITING))
        .distinct()
    )
    cancelled = 0
    for person in found.all():
        cancelled += await book.cancel_for_task(
            session,
            user_id=person,
            task_id=task.id,
            journal=journal,
            summary=book.reminder_of(task),
        )
    return cancelled
