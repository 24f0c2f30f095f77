"""Writing, moving and cancelling reminders, inside the caller's transaction.

A task has at most one pending reminder: setting another time moves it. Each (re)scheduling
bumps `version` and schedules a wake-up for that version (core/delivery/scheduled.py), so an earlier
wake-up finds the row moved on and does nothing.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from sqlalchemy import Table, bindparam, func, update
from sqlalchemy import select as select_columns
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.delivery import scheduled
from core.domain import changes
from core.domain.changes import Journal
from core.domain.task_owner import owner_of
from core.storage.direct import Prebuilt, among, attached
from core.storage.models import Conversation, Identity, Task
from core.storage.reminder_models import Reminder

SOURCE_PREFIX = "reminder:"
TOKEN_PREFIX = "r"
# Waiting to be sent (or being sent): what "what reminders do I have?" lists.
WAITING = ("pending",)


def source_for(platform: str) -> str:
    """The inbox source of one platform's reminders: only a process that can reach that
    platform claims them."""
    return SOURCE_PREFIX + platform


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(15)


@dataclass(frozen=True)
class Where:
    """The place a reminder goes back to: where the person asked for it."""

    platform: str
    conversation_id: UUID | None = None


async def where_for(session: AsyncSession, *, user_id: UUID, conversation_id: UUID | None) -> Where:
    """The platform of the conversation the request came from (the chat API without one)."""
    if conversation_id is not None:
        found = (
            await session.exec(
                select(Conversation.platform).where(
                    Conversation.id == conversation_id, Conversation.user_id == user_id
                )
            )
        ).first()
        if found is not None:
            return Where(found, conversation_id)
    return Where("api", None)


async def wake(session: AsyncSession, reminder: Reminder) -> None:
    await scheduled.schedule(
        session,
        source=source_for(reminder.platform),
        key=f"{reminder.id}.{reminder.version}",
        payload={"reminder": str(reminder.id), "version": reminder.version},
        at=reminder.fire_at,
        fair_key=str(reminder.user_id),
    )


async def pending_for_task(
    session: AsyncSession, *, user_id: UUID, task_id: UUID
) -> Reminder | None:
    found = await session.exec(
        select(Reminder).where(
            Reminder.user_id == user_id,
            Reminder.task_id == task_id,
            col(Reminder.status).in_(WAITING),
        )
    )
    return found.first()


async def pending_count(session: AsyncSession, *, user_id: UUID) -> int:
    """How many task reminders the person has waiting (the daily digest not counted)."""
    found = await session.exec(
        select(func.count())
        .select_from(Reminder)
        .where(
            col(Reminder.user_id) == user_id,
            col(Reminder.status).in_(WAITING),
            col(Reminder.kind) == "task",
        )
    )
    return int(found.one())


async def set_for_task(
    session: AsyncSession,
    *,
    task: Task,
    at: datetime,
    where: Where,
    before_due_minutes: int | None = None,
    journal: Journal | None = None,
    person: UUID | None = None,
) -> Reminder:
    """Remind the task's owner (or `person`, on a shared list's task) at `at`; an existing
    pending reminder of theirs for the task moves. With a `journal`, the setting or the move
    is recorded, so undo can take it back."""
    person = person or owner_of(task)
    reminder = await pending_for_task(session, user_id=person, task_id=task.id)
    before = None if reminder is None else changes.snapshot(reminder)
    if reminder is None:
        reminder = Reminder(
            user_id=person,
            task_id=task.id,
            fire_at=at,
            token=new_token(),
            platform=where.platform,
            conversation_id=where.conversation_id,
            before_due_minutes=before_due_minutes,
        )
    else:
        reminder.fire_at = at
        reminder.version += 1
        reminder.before_due_minutes = before_due_minutes
        reminder.platform, reminder.conversation_id = where.platform, where.conversation_id
    session.add(reminder)
    await session.flush()
    await changes.record(
        session,
        journal,
        row=reminder,
        kind="reminder_set" if before is None else "reminder_moved",
        summary=reminder_of(task),
        before=before,
    )
    await wake(session, reminder)
    await _reachable_again(session, user_id=person, platform=where.platform)
    return reminder


def reminder_of(task: Task) -> str:
    """How an undo names a task's reminder."""
    return f"the reminder for #{task.number} “{task.title}”"


async def wake_again(session: AsyncSession, reminder: Reminder) -> None:
    """An undo put the reminder back to a time or to pending: a wake-up under a new version,
    so it fires at the restored time and the wake-up of the undone time finds it moved on."""
    reminder.version += 1
    session.add(reminder)
    await session.flush()
    if reminder.status in WAITING:
        await wake(session, reminder)


async def _reachable_again(session: AsyncSession, *, user_id: UUID, platform: str) -> None:
    """Someone asking for a reminder on a platform can be written to there again."""
    await session.exec(
        update(Identity)
        .where(
            col(Identity.user_id) == user_id,
            col(Identity.platform) == platform,
            col(Identity.unreachable_since).is_not(None),
        )
        .values(unreachable_since=None)
        .execution_options(synchronize_session=False)
    )


async def cancel_for_task(
    session: AsyncSession,
    *,
    user_id: UUID,
    task_id: UUID,
    journal: Journal | None = None,
    summary: str = "its reminder",
) -> int:
    """Cancel the task's pending reminders; how many there were. With a `journal`, each
    cancellation is recorded, so undoing the change (a delete) brings the reminder back."""
    if journal is not None:
        rows = await _TASKS_WAITING.rows(session, {"user_id": user_id, "task_id": task_id})
        reminders = [
            attached(
                session, Reminder, dict(zip(_REMINDERS.c.keys(), row, strict=True)), refresh=False
            )
            for row in rows
        ]
        for reminder in reminders:
            before = changes.snapshot(reminder)
            reminder.status = "cancelled"
            session.add(reminder)
            await session.flush()
            await changes.record(
                session,
                journal,
                row=reminder,
                kind="reminder_cancelled",
                summary=summary,
                before=before,
            )
        return len(reminders)
    cancelled = await session.exec(
        _CANCEL_TASKS_WAITING, params={"user_id": user_id, "task_id": task_id}
    )
    return len(cancelled.all())


# Built once: completing or deleting a task asks for its reminders on every such turn, and
# building a statement costs more than running it.
_OF_THE_TASK = (
    col(Reminder.user_id) == bindparam("user_id"),
    col(Reminder.task_id) == bindparam("task_id"),
    col(Reminder.status).in_(WAITING),
)
_REMINDERS: Table = Reminder.__table__  # type: ignore[attr-defined]
_TASKS_WAITING = Prebuilt(
    select_columns(*_REMINDERS.c).where(
        _REMINDERS.c.user_id == bindparam("user_id"),
        _REMINDERS.c.task_id == bindparam("task_id"),
        among(_REMINDERS.c.status, WAITING),
    )
)
# Each waiting reminder's task and time, soonest first (a listing shows them).
WAITING_TIMES = Prebuilt(
    select_columns(_REMINDERS.c.task_id, _REMINDERS.c.fire_at)
    .where(_REMINDERS.c.user_id == bindparam("user_id"), among(_REMINDERS.c.status, WAITING))
    .order_by(_REMINDERS.c.fire_at)
)
_CANCEL_TASKS_WAITING = (
    update(Reminder)
    .where(*_OF_THE_TASK)
    .values(status="cancelled")
    .returning(col(Reminder.id))
    .execution_options(synchronize_session=False)
)


async def waiting(session: AsyncSession, *, user_id: UUID) -> list[tuple[Reminder, Task | None]]:
    """The person's pending reminders, soonest first, with their tasks."""
    found = await session.exec(
        select(Reminder, Task)
        .join(Task, col(Task.id) == col(Reminder.task_id), isouter=True)
        .where(Reminder.user_id == user_id, col(Reminder.status).in_(WAITING))
        .order_by(col(Reminder.fire_at))
    )
    return [(reminder, task) for reminder, task in found.all()]
