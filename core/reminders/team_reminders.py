"""Reminders on a shared list's task: each goes to one person (the assignee, or whoever asked),
privately on the platform it was asked from, and stops when the task is done or deleted."""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo
from uuid import UUID

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.changes import Journal
from core.domain.task_text import due_of
from core.reminders import book
from core.reminders.book import WAITING, Where
from core.reminders.tooling import start_of
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
