"""What the five tools do about reminders: read the arguments, set, move or cancel the
reminder, and say so in the tool's answer. Kept here so `core/tools/` only calls in.

A reminder time is the person's local time, "YYYY-MM-DDTHH:MM"; a bare day "YYYY-MM-DD"
means that day at 09:00 (`DEFAULT_HOUR`). "N minutes before the due" follows the due.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta, tzinfo
from typing import Any
from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.changes import Journal
from core.domain.task_fields import FieldError, check_horizon
from core.domain.task_owner import owner_of
from core.domain.task_text import due_of
from core.domain.tasks import InvalidInput
from core.domain.when import Due, local_instant, local_time, parse_due, show_due_plain
from core.reminders import book, repeats
from core.reminders.notice import when
from core.storage.models import Task
from core.storage.reminder_models import Reminder

DEFAULT_HOUR = 9
MAX_BEFORE_MINUTES = 60 * 24 * 30


def reminder_time(value: str, *, zone: tzinfo) -> datetime:
    """The moment `value` names, to the second when it gives seconds (a reminder never goes
    off before the moment asked)."""
    try:
        due = parse_due(value, zone)
    except ValueError as error:
        raise InvalidInput(str(error), "Give the time as YYYY-MM-DDTHH:MM.") from None
    if due.has_time:
        return due.at
    return local_instant(due.day(zone), time(DEFAULT_HOUR, 0), zone)


def start_of(due: Due, zone: tzinfo) -> datetime:
    """Where "before the due" counts from: its time, or 09:00 on its day."""
    return due.at if due.has_time else local_instant(due.day(zone), time(DEFAULT_HOUR), zone)


def before_due(due: Due | None, named: str, minutes: int, *, zone: tzinfo) -> datetime:
    if due is None:
        raise InvalidInput(
            f"{named} has no due date, so there is nothing to remind you before.",
            "Ask when it is due, or for a time to remind them.",
        )
    if not 0 <= minutes <= MAX_BEFORE_MINUTES:
        raise InvalidInput(
            "A reminder can be from 0 minutes to 30 days before the due date.",
            "Ask how long before the due to remind them.",
        )
    return start_of(due, zone) - timedelta(minutes=minutes)


@dataclass(frozen=True)
class PlannedReminder:
    """A reminder a call asked for, checked and not yet written."""

    at: datetime
    before_due_minutes: int | None


def plan_reminder(
    remind_at: str | None,
    before_due_minutes: int | None,
    *,
    due: Due | None,
    named: str,
    completed: bool,
    now: datetime,
    zone: tzinfo,
) -> PlannedReminder | None:
    """The reminder a tool's arguments ask for, refused (InvalidInput) before anything is
    written; None when none was asked for. `due` is the task's due as the call leaves it;
    `named` how the answer names the task ("#3", or "That task" before it has a number)."""
    if remind_at is None and before_due_minutes is None:
        return None
    if remind_at is not None and before_due_minutes is not None:
        raise InvalidInput("Give a reminder time or minutes before the due date, not both.")
    if completed:
        raise InvalidInput(f"{named} is already done, so I didn't set a reminder.")
    if remind_at is not None:
        at = reminder_time(remind_at, zone=zone)
    else:
        at = before_due(due, named, before_due_minutes or 0, zone=zone)
    try:
        check_horizon(at, now=now, what="A reminder")
    except FieldError as error:
        raise InvalidInput(error.message, error.suggestion) from None
    if at <= now:
        spoken = when(at, zone, now)
        raise InvalidInput(
            f"{spoken[:1].upper()}{spoken[1:]} has already passed, so I didn't set that reminder.",
            "Ask for a later time.",
        )
    return PlannedReminder(at, before_due_minutes)


async def make_room(
    session: AsyncSession, *, user_id: UUID, task_id: UUID | None, limit: int
) -> None:
    """A new reminder fits under the person's cap of pending ones (moving the task's own
    reminder always does); InvalidInput otherwise, before anything is written."""
    if task_id is not None and await book.pending_for_task(
        session, user_id=user_id, task_id=task_id
    ):
        return
    if await book.pending_count(session, user_id=user_id) >= limit:
        raise InvalidInput(
            f"You already have {limit} reminders waiting, the most I keep for one person, "
            "so I didn't set another.",
            "Ask them to cancel some reminders first (“show my reminders”).",
        )


async def set_reminder(
    session: AsyncSession,
    *,
    task: Task,
    planned: PlannedReminder,
    conversation_id: UUID | None,
    now: datetime,
    zone: tzinfo,
    journal: Journal | None = None,
) -> tuple[str, dict[str, Any]]:
    """Set (or move) the task's reminder as planned: the sentence to add to the answer, and
    the data."""
    where = await book.where_for(session, user_id=owner_of(task), conversation_id=conversation_id)
    reminder = await book.set_for_task(
        session,
        task=task,
        at=planned.at,
        where=where,
        before_due_minutes=planned.before_due_minutes,
        journal=journal,
    )
    spoken = when(planned.at, zone, now)
    return f"I'll remind you {spoken}.", describe_reminder(reminder, zone) | {"when": spoken}


async def cancel_reminder(
    session: AsyncSession, *, task: Task, journal: Journal | None = None
) -> str:
    """For complete/delete/"don't remind me": the sentence saying what was cancelled."""
    cancelled = await book.cancel_for_task(
        session,
        user_id=owner_of(task),
        task_id=task.id,
        journal=journal,
        summary=book.reminder_of(task),
    )
    if not cancelled:
        return ""
    return "Its reminder is cancelled." if cancelled == 1 else "Its reminders are cancelled."


async def has_reminder(session: AsyncSession, *, task: Task) -> bool:
    found = await book.pending_for_task(session, user_id=owner_of(task), task_id=task.id)
    return found is not None


async def follow_due(
    session: AsyncSession,
    *,
    task: Task,
    previous: Due | None,
    now: datetime,
    zone: tzinfo,
    journal: Journal | None = None,
) -> str:
    """The task's due moved from `previous`: a reminder at the old due (its time, or 09:00
    on its day) or a set time before it moves with it. What happened, as words for the
    answer ("" when there was no such reminder)."""
    reminder = await book.pending_for_task(session, user_id=owner_of(task), task_id=task.id)
    if reminder is None:
        return ""
    minutes = reminder.before_due_minutes
    if minutes is None and previous is not None and reminder.fire_at == start_of(previous, zone):
        minutes = 0
    if minutes is None:
        return ""
    due = due_of(task)
    at = start_of(due, zone) - timedelta(minutes=minutes) if due else None
    if at is None or at <= now:
        await book.cancel_for_task(
            session,
            user_id=owner_of(task),
            task_id=task.id,
            journal=journal,
            summary=book.reminder_of(task),
        )
        return (
            "cancelled its reminder, as that time has passed"
            if due
            else ("cancelled its reminder, which was set from the due date")
        )
    await book.set_for_task(
        session,
        task=task,
        at=at,
        where=book.Where(reminder.platform, reminder.conversation_id),
        before_due_minutes=reminder.before_due_minutes,
        journal=journal,
    )
    return f"moved its reminder to {when(at, zone, now)}"


def describe_reminder(reminder: Reminder, zone: tzinfo) -> dict[str, Any]:
    local = local_time(reminder.fire_at, zone)
    return {"at": local.isoformat(timespec="minutes"), "status": reminder.status}


async def pending_times(session: AsyncSession, *, user_id: UUID) -> dict[UUID, datetime]:
    """Each task's pending reminder time (for listings): the latest, when it has several."""
    rows = await book.WAITING_TIMES.rows(session, {"user_id": user_id})
    return {task_id: fire_at for task_id, fire_at in rows if task_id is not None}


def repeat_rule(repeat: str | None) -> str | None:
    return repeats.check_rule(repeat) if repeat and repeat.strip() else None


async def first_due(rule: str | None, now: datetime, zone: tzinfo) -> Due | None:
    """A repeating task's first due (none without a rule); refused when the rule has none."""
    if not rule:
        return None
    due = await repeats.first_due(rule, now=now, zone=zone, at=None)
    if due is None:
        raise repeats.no_date(rule)
    return due


async def next_occurrence(
    session: AsyncSession,
    *,
    task: Task,
    now: datetime,
    zone: tzinfo,
    journal: Journal | None = None,
) -> tuple[str, dict[str, Any]] | None:
    """A recurring task just completed: add the next one; the sentence and its data."""
    if not task.repeat:
        return None
    added = await repeats.add_next(session, task=task, now=now, zone=zone, journal=journal)
    if added is None:
        if repeats.ends(task.repeat):  # UNTIL or COUNT: the series ran its course
            return "That was the last one.", {}
        years = repeats.SEARCH_YEARS
        return f"That was the last one: its repeat rule has no date in the next {years} years.", {}
    following, reminder = added
    due = due_of(following)
    shown = show_due_plain(due, zone, now=now) if due else "later"
    said = f"Next one: #{following.number}, due {shown}"
    if reminder is not None:
        said += f", with a reminder {when(reminder.fire_at, zone, now)}"
    return said + ".", {"number": following.number, "id": str(following.id)}


def local_iso(moment: datetime | None, zone: tzinfo) -> str | None:
    return local_time(moment, zone).isoformat(timespec="minutes") if moment else None


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
