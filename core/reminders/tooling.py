"""What the five tools do about reminders: read the arguments, set, move or cancel the
reminder, and say so in the tool's answer. Kept here so `core/domain/tools/` only calls in.

A reminder time is the person's local time, "YYYY-MM-DDTHH:MM"; a bare day "YYYY-MM-DD"
means that day at 09:00 (`DEFAULT_HOUR`). "N minutes before the due" follows the due.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta, tzinfo
from typing import Any
from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.changes import Journal
from core.domain.task_text import due_of
from core.domain.tasks import InvalidInput
from core.domain.when import Due, local_instant, parse_due, show_due_plain
from core.reminders import book, repeats
from core.reminders.notice import when
from core.storage.models import Reminder, Task

DEFAULT_HOUR = 9
MAX_BEFORE_MINUTES = 60 * 24 * 30


def reminder_time(value: str, *, zone: tzinfo) -> datetime:
    try:
        due = parse_due(value, zone)
    except ValueError as error:
        raise InvalidInput(str(error), "Give the time as YYYY-MM-DDTHH:MM.") from None
    if due.has_time:
        return due.at
    return local_instant(due.day(zone), time(DEFAULT_HOUR, 0), zone)


def before_due(due: Due | None, minutes: int, *, subject: str, zone: tzinfo) -> datetime:
    if due is None:
        raise InvalidInput(
            f"{subject} has no due date, so there is nothing to remind you before.",
            "Ask when it is due, or for a time to remind them.",
        )
    if not 0 <= minutes <= MAX_BEFORE_MINUTES:
        raise InvalidInput("A reminder can be at most 30 days before the due date.")
    start = due.at if due.has_time else local_instant(due.day(zone), time(DEFAULT_HOUR), zone)
    return start - timedelta(minutes=minutes)


def reminder_moment(
    remind_at: str | None,
    before_due_minutes: int | None,
    *,
    due: Due | None,
    subject: str,
    completed: bool,
    now: datetime,
    zone: tzinfo,
) -> datetime | None:
    """When the reminder a tool was asked for falls (`due` is the task's due once the call
    has applied), or None when none was asked for. Checked before the tool writes anything,
    so a refused reminder leaves the task as it was."""
    if remind_at is None and before_due_minutes is None:
        return None
    if remind_at is not None and before_due_minutes is not None:
        raise InvalidInput("Give a reminder time or minutes before the due date, not both.")
    if completed:
        raise InvalidInput(f"{subject} is already done, so I didn't set a reminder.")
    if remind_at is not None:
        at = reminder_time(remind_at, zone=zone)
    else:
        at = before_due(due, before_due_minutes or 0, subject=subject, zone=zone)
    if at <= now:
        spoken = when(at, zone, now)
        raise InvalidInput(
            f"{spoken[:1].upper()}{spoken[1:]} has already passed, so I didn't set that reminder.",
            "Ask for a later time.",
        )
    return at


async def set_reminder(
    session: AsyncSession,
    *,
    task: Task,
    at: datetime,
    before_due_minutes: int | None,
    conversation_id: UUID | None,
    now: datetime,
    zone: tzinfo,
    journal: Journal | None = None,
) -> tuple[str, dict[str, Any]]:
    """Set (or move) the task's reminder to `at` (from `reminder_moment`); the sentence to
    add to the answer and the data."""
    where = await book.where_for(session, user_id=task.user_id, conversation_id=conversation_id)
    reminder = await book.set_for_task(
        session,
        task=task,
        at=at,
        where=where,
        before_due_minutes=before_due_minutes,
        journal=journal,
    )
    spoken = when(at, zone, now)
    return f"I'll remind you {spoken}.", describe_reminder(reminder, zone) | {"when": spoken}


async def cancel_reminder(
    session: AsyncSession, *, task: Task, journal: Journal | None = None
) -> str:
    """For complete/delete/"don't remind me": the sentence saying what was cancelled."""
    cancelled = await book.cancel_for_task(
        session,
        user_id=task.user_id,
        task_id=task.id,
        journal=journal,
        summary=book.reminder_of(task),
    )
    if not cancelled:
        return ""
    return "Its reminder is cancelled." if cancelled == 1 else "Its reminders are cancelled."


async def has_reminder(session: AsyncSession, *, task: Task) -> bool:
    found = await book.pending_for_task(session, user_id=task.user_id, task_id=task.id)
    return found is not None


async def follow_due(
    session: AsyncSession, *, task: Task, now: datetime, journal: Journal | None = None
) -> None:
    await book.follow_due(session, task=task, due_at=task.due_at, now=now, journal=journal)


def describe_reminder(reminder: Reminder, zone: tzinfo) -> dict[str, Any]:
    local = reminder.fire_at.astimezone(zone)
    return {"at": local.isoformat(timespec="minutes"), "status": reminder.status}


async def pending_times(session: AsyncSession, *, user_id: UUID) -> dict[UUID, datetime]:
    """Each task's pending reminder time (for listings)."""
    return {
        reminder.task_id: reminder.fire_at
        for reminder, _ in await book.waiting(session, user_id=user_id)
        if reminder.task_id is not None
    }


def repeat_rule(repeat: str | None) -> str | None:
    return repeats.check_rule(repeat) if repeat and repeat.strip() else None


def first_due(rule: str | None, now: datetime, zone: tzinfo) -> Due | None:
    return repeats.first_due(rule, now=now, zone=zone, at=None) if rule else None


async def next_occurrence(
    session: AsyncSession, *, task: Task, now: datetime, zone: tzinfo
) -> tuple[str, dict[str, Any]] | None:
    """A recurring task just completed: add the next one; the sentence and its data."""
    added = await repeats.add_next(session, task=task, now=now, zone=zone)
    if added is None:
        return None
    following, reminder = added
    due = due_of(following)
    shown = show_due_plain(due, zone, now=now) if due else "later"
    said = f"Next one: #{following.number}, due {shown}"
    if reminder is not None:
        said += f", with a reminder {when(reminder.fire_at, zone, now)}"
    return said + ".", {"number": following.number, "id": str(following.id)}


def local_iso(moment: datetime | None, zone: tzinfo) -> str | None:
    return moment.astimezone(zone).isoformat(timespec="minutes") if moment else None


def reminder_list(
    found: list[Task], reminders: dict[UUID, datetime], *, now: datetime, zone: tzinfo
) -> str:
    """ "what reminders do I have?": soonest first."""
    if not found:
        return "You have no reminders set. Say “remind me to …” to set one."
    noun = "reminder" if len(found) == 1 else "reminders"
    lines = [f"You have {len(found)} {noun}:"]
    lines += [f"⏰ {when(reminders[t.id], zone, now)}: #{t.number} {t.title}" for t in found]
    return "\n".join(lines)


__all__ = ["when"]
