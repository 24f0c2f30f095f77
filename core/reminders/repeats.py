"""Recurring tasks: a repeat rule (an RFC 5545 RRULE, read by dateutil) on the task.
Completing an occurrence adds the next one, with its due and, when the finished one had a
reminder, a reminder as long before the due as that one was.

A rule some periods apart ("every other thursday": INTERVAL=2) counts its periods from the
task's due, so completing an occurrence late or early keeps the series; its first occurrence is
the rule's first date without the interval (this week's thursday, not the one the calendar's
week numbering happens to pick).

A rule repeats daily at most (a due is a day, or a day at a time, so an hourly rule would
fold into its day) and must have a date within `SEARCH_YEARS`. Every search for a date is
bounded: dateutil looks for a date that never comes ("the 30th of February") until the year
9999, so the search runs on the same calendar moved 400·k years on, near its end
(`_found_after`), and stops there; it runs in a thread, off the event loop.
"""

from __future__ import annotations

import asyncio
import re
from datetime import MAXYEAR, date, datetime, time, timedelta, tzinfo

from dateutil.rrule import rrule, rrulestr
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain import tasks as task_service
from core.domain.changes import Journal
from core.domain.task_owner import owner_of
from core.domain.task_text import due_of
from core.domain.when import Due, due_on
from core.reminders import book
from core.storage.models import Task
from core.storage.reminder_models import Reminder

# A rule needs a date within this many years from now.
SEARCH_YEARS = 10
# The Gregorian calendar repeats itself every 400 years: 146,097 days, whole weeks.
_CYCLE_YEARS = 400
_TOO_OFTEN = ("SECONDLY", "MINUTELY", "HOURLY")
_TIME_PARTS = re.compile(r"(?:^|;)(BYHOUR|BYMINUTE|BYSECOND|BYEASTER)=")
_UNTIL = re.compile(r"(?<=UNTIL=)(\d{4})")


def check_rule(rule: str) -> str:
    """The rule, upper-cased, when dateutil reads it and it repeats daily at most;
    InvalidInput otherwise. (Whether it has a date soon is `first_due`'s question.)"""
    cleaned = rule.strip().upper().removeprefix("RRULE:")
    try:
        parsed = rrulestr(cleaned, dtstart=datetime(2026, 1, 1))
    except (ValueError, TypeError, OverflowError):
        parsed = None
    if not isinstance(parsed, rrule):
        raise task_service.InvalidInput(
            f"I can't read “{rule}” as a repeat rule.", "Use an RRULE like FREQ=WEEKLY;BYDAY=MO."
        )
    frequency = re.search(r"FREQ=(\w+)", cleaned)
    if (frequency and frequency.group(1) in _TOO_OFTEN) or _TIME_PARTS.search(cleaned):
        raise task_service.InvalidInput(
            "A task can repeat daily at most (its time comes from its due), so I didn't add it.",
            "Use FREQ=DAILY, WEEKLY, MONTHLY or YEARLY, with the time in the due.",
        )
    return cleaned


def next_due(
    rule: str, after: datetime, *, at: time | None, zone: tzinfo, anchor: date | None = None
) -> Due | None:
    """The first occurrence after the local moment `after`, at `at` (or as a whole day), of
    the series that starts on `anchor` (default: the day before); None when there is none
    within `SEARCH_YEARS`."""
    local = after.astimezone(zone).replace(tzinfo=None, second=0, microsecond=0)
    clock = at or time(0)
    start = datetime.combine(anchor or local.date() - timedelta(days=1), clock)
    found = _found_after(rule, start, local)
    return due_on(found.date(), at, zone) if found is not None else None


def _found_after(rule: str, start: datetime, moment: datetime) -> datetime | None:
    """The rule's first date after `moment` (the rule starting at `start`), searched on the
    calendar moved on by whole 400-year cycles to just before its end, so a rule without
    one gives up within `SEARCH_YEARS` and one cycle instead of running to the year 9999."""
    cycles = (MAXYEAR - SEARCH_YEARS - 1 - moment.year) // _CYCLE_YEARS
    years = max(cycles, 0) * _CYCLE_YEARS
    moved = _UNTIL.sub(lambda year: str(min(int(year.group(1)) + years, MAXYEAR)), rule)
    try:
        found = rrulestr(moved, dtstart=start.replace(year=start.year + years)).after(
            moment.replace(year=moment.year + years), inc=False
        )
    except (ValueError, OverflowError):
        return None
    if found is None:
        return None
    found = found.replace(year=found.year - years)
    return found if found - moment <= timedelta(days=365 * SEARCH_YEARS + 3) else None


def apart(rule: str) -> int:
    """How many periods apart the occurrences are: 2 for "every other thursday"."""
    interval = [value for name, value in _parts(rule) if name == "INTERVAL" and value.isdigit()]
    return int(interval[0]) if interval else 1


def _without_interval(rule: str) -> str:
    return ";".join(p for p in rule.split(";") if p.partition("=")[0].upper() != "INTERVAL")


def _parts(rule: str) -> list[tuple[str, str]]:
    """The rule's NAME=value parts, names upper-cased."""
    return [(name.upper(), value) for name, _, value in (p.partition("=") for p in rule.split(";"))]


def ends(rule: str) -> bool:
    """Whether the rule itself says when the series stops (an UNTIL date or a COUNT)."""
    return any(name in {"UNTIL", "COUNT"} for name, _ in _parts(rule))


async def first_due(rule: str, *, now: datetime, zone: tzinfo, at: time | None) -> Due | None:
    """The first occurrence from now on; today counts (all day, or while its time is ahead).
    None when the rule has no date within `SEARCH_YEARS` (`no_date` says so)."""
    local = now.astimezone(zone)
    if at:
        since = local - timedelta(minutes=1)
    else:
        since = local.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(seconds=1)
    return await asyncio.to_thread(next_due, _without_interval(rule), since, at=at, zone=zone)


def no_date(rule: str) -> task_service.InvalidInput:
    return task_service.InvalidInput(
        f"“{rule}” has no date in the next {SEARCH_YEARS} years, so I didn't add it.",
        "Check the rule: a day that does not exist, like the 30th of February, never comes.",
    )


async def following_due(task: Task, *, now: datetime, zone: tzinfo) -> Due | None:
    """The due of the occurrence after `task`, just completed: the rule's first date after
    its due (or now, when that is later), at its time of day; None when there is none."""
    if not task.repeat:
        return None
    due = due_of(task)
    at = due.at.astimezone(zone).time() if due and due.has_time else None
    after, anchor = now, None
    if due is not None:
        after = max(now, due.at if due.has_time else due.deadline(zone) - timedelta(seconds=1))
        if apart(task.repeat) > 1:
            anchor = due.day(zone)
    return await asyncio.to_thread(next_due, task.repeat, after, at=at, zone=zone, anchor=anchor)


async def add_next(
    session: AsyncSession,
    *,
    task: Task,
    now: datetime,
    zone: tzinfo,
    journal: Journal | None = None,
) -> tuple[Task, Reminder | None] | None:
    """After a recurring `task` was completed: its next occurrence (and reminder), recorded
    in `journal` with the completion, so undoing the one takes back the other; None when the
    rule has no more dates."""
    upcoming = await following_due(task, now=now, zone=zone)
    if upcoming is None or not task.repeat:
        return None
    following = await task_service.create_task(
        session,
        user_id=owner_of(task),
        title=task.title,
        description=task.description,
        due=upcoming,
        priority=task.priority,
        tags=task.tags,
        now=now,
        journal=journal,
        repeat=task.repeat,
    )
    last = (
        await session.exec(
            select(Reminder)
            .where(Reminder.task_id == task.id, Reminder.kind == "task")
            .order_by(col(Reminder.created_at).desc())
        )
    ).first()
    if last is None:
        return following, None
    reminder = await carry_reminder(
        session, last, task=task, following=following, now=now, journal=journal
    )
    return following, reminder


async def carry_reminder(
    session: AsyncSession,
    last: Reminder,
    *,
    task: Task,
    following: Task,
    now: datetime,
    journal: Journal | None,
) -> Reminder | None:
    """`last`, a reminder of the finished `task`, again on `following`: for the same person,
    as long before its due; None when that moment has passed or either has no due."""
    if task.due_at is None or following.due_at is None:
        return None
    at = following.due_at - (task.due_at - last.fire_at)
    if at <= now:
        return None
    return await book.set_for_task(
        session,
        task=following,
        at=at,
        where=book.Where(last.platform, last.conversation_id),
        before_due_minutes=last.before_due_minutes,
        journal=journal,
        person=last.user_id,
    )


async def series_next(session: AsyncSession, *, task: Task) -> Task | None:
    """The open occurrence that completing `task` added (same title and rule, a later
    number): where a finished occurrence's series goes on."""
    if not task.completed or not task.repeat:
        return None
    found = await session.exec(
        select(Task)
        .where(
            Task.user_id == task.user_id,
            Task.list_id == task.list_id,
            Task.title == task.title,
            Task.repeat == task.repeat,
            col(Task.number) > task.number,
            col(Task.completed).is_(False),
            col(Task.deleted_at).is_(None),
        )
        .order_by(col(Task.number))
    )
    return found.first()
