"""Reminders on a shared list's task: each goes to one person (the assignee, or whoever asked),
privately on the platform it was asked from, names the chat the task lives in, and stops when
the task is done or deleted. Done under one keeps the list's own rules (`TeamRules`), which
the room that keeps shared lists passes down."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Protocol
from uuid import UUID

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.changes import Journal
from core.reminders import book
from core.reminders.book import WAITING, Where
from core.storage.list_models import SHARED, TaskList
from core.storage.models import Task
from core.storage.reminder_models import Reminder
from core.types import Tell


class TeamRules(Protocol):
    """A shared list's rules for a Done pressed under a reminder of one of its tasks, for the
    person who pressed it."""

    async def refusal(self, session: AsyncSession, task: Task) -> str | None:
        """Why the presser may not complete the task now (not in its chat any more); None
        when they may."""
        ...

    async def complete(
        self, session: AsyncSession, task: Task, now: datetime
    ) -> tuple[bool, list[Tell]]:
        """Complete it once as the presser: whether it was still open, and who is told."""
        ...


async def team_places(session: AsyncSession, tasks: Iterable[Task | None]) -> dict[UUID, str]:
    """The chat each shared list's task lives in, by list: its name as the platform said it
    (kept on the list), empty when it never said."""
    wanted = {task.list_id for task in tasks if task is not None and task.user_id is None}
    if not wanted:
        return {}
    found = await session.exec(
        select(TaskList.id, TaskList.title).where(
            col(TaskList.id).in_(wanted), col(TaskList.kind) == SHARED
        )
    )
    return {list_id: title for list_id, title in found.all()}


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
