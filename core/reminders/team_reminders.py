"""Reminders on a shared list's task: each goes to one person (the assignee, or whoever asked),
privately on the platform it was asked from, names the chat the task lives in, and stops when
the task is done or deleted. Done under one keeps the list's own rules (`TeamRules`), which
the room that keeps shared lists passes down."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, tzinfo
from typing import Protocol
from uuid import UUID

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.changes import Journal
from core.domain.task_text import due_of
from core.reminders import book
from core.reminders.book import WAITING, Where
from core.reminders.tooling import start_of
from core.storage.list_models import SHARED, TaskList
from core.storage.models import Task
from core.storage.reminder_models import Reminder
from core.types import Button, Tell


@dataclass(frozen=True)
class TeamDone:
    """A Done under a team task's reminder: whether it was still open, who is told, and the
    buttons its answer carries (an Undo for the completion)."""

    finished: bool
    tells: list[Tell] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)


class TeamRules(Protocol):
    """A shared list's rules for a Done pressed under a reminder of one of its tasks, for the
    person who pressed it."""

    async def refusal(self, session: AsyncSession, task: Task) -> str | None:
        """Why the presser may not complete the task now (not in its chat any more); None
        when they may."""
        ...

    async def complete(self, session: AsyncSession, task: Task, now: datetime) -> TeamDone:
        """Complete it once as the presser."""
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
    before_due_minutes: int | None = None,
) -> Reminder:
    """Remind `person` of the shared task at `at` (their pending reminder of it moves); one
    set `before_due_minutes` before its due moves with the due (`follow_team_due`)."""
    return await book.set_for_task(
        session,
        task=task,
        at=at,
        where=where,
        journal=journal,
        person=person,
        before_due_minutes=before_due_minutes,
    )


async def follow_team_due(
    session: AsyncSession, *, task: Task, now: datetime, zone: tzinfo, journal: Journal
) -> int:
    """The shared task's due moved: each waiting reminder set a time before the due moves
    with it (cancelled when the due is gone or that time has passed); how many changed."""
    found = await session.exec(
        select(Reminder).where(
            col(Reminder.task_id) == task.id,
            col(Reminder.status).in_(WAITING),
            col(Reminder.before_due_minutes).is_not(None),
        )
    )
    due = due_of(task)
    moved = 0
    for reminder in found.all():
        minutes = reminder.before_due_minutes or 0
        at = start_of(due, zone) - timedelta(minutes=minutes) if due else None
        if at is None or at <= now:
            moved += await book.cancel_for_task(
                session,
                user_id=reminder.user_id,
                task_id=task.id,
                journal=journal,
                summary=book.reminder_of(task),
            )
            continue
        where = Where(reminder.platform, reminder.conversation_id)
        await remind_on_team(
            session,
            task=task,
            person=reminder.user_id,
            at=at,
            where=where,
            journal=journal,
            before_due_minutes=minutes,
        )
        moved += 1
    return moved


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
