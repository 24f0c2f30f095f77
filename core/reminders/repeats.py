"""Recurring tasks: a repeat rule (an RFC 5545 RRULE, read by dateutil) on the task.
Completing an occurrence adds the next one, with its due and, when the finished one had a
reminder, a reminder as long before the due as that one was."""

from __future__ import annotations

from datetime import datetime, time, timedelta, tzinfo

from dateutil.rrule import rrulestr
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain import tasks as task_service
from core.domain.task_text import due_of
from core.domain.when import Due, due_on
from core.reminders import book
from core.storage.models import Reminder, Task


def check_rule(rule: str) -> str:
    """The rule, upper-cased, when dateutil reads it; InvalidInput otherwise."""
    cleaned = rule.strip().upper().removeprefix("RRULE:")
    try:
        rrulestr(cleaned, dtstart=datetime(2026, 1, 1))
    except (ValueError, TypeError):
        raise task_service.InvalidInput(
            f"I can't read “{rule}” as a repeat rule.", "Use an RRULE like FREQ=WEEKLY;BYDAY=MO."
        ) from None
    return cleaned


def next_due(rule: str, after: datetime, *, at: time | None, zone: tzinfo) -> Due:
    """The first occurrence after the local moment `after`, at `at` (or as a whole day)."""
    local = after.astimezone(zone).replace(tzinfo=None, second=0, microsecond=0)
    clock = at or time(0)
    start = datetime.combine(local.date() - timedelta(days=1), clock)
    found = rrulestr(rule, dtstart=start).after(local, inc=False)
    if found is None:
        raise task_service.InvalidInput("That repeat rule has no more dates.")
    return due_on(found.date(), at, zone)


def first_due(rule: str, *, now: datetime, zone: tzinfo, at: time | None) -> Due:
    """The first occurrence from now on; today counts (all day, or while its time is ahead)."""
    local = now.astimezone(zone)
    if at:
        since = local - timedelta(minutes=1)
    else:
        since = local.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(seconds=1)
    return next_due(rule, since, at=at, zone=zone)


async def add_next(
    session: AsyncSession, *, task: Task, now: datetime, zone: tzinfo
) -> tuple[Task, Reminder | None] | None:
    """After a recurring `task` was completed: its next occurrence (and reminder); None when
    it does not repeat or its rule has no date left (completing the last one still completes)."""
    if not task.repeat:
        return None
    due = due_of(task)
    at = due.at.astimezone(zone).time() if due and due.has_time else None
    after = now
    if due is not None:
        after = max(now, due.at if due.has_time else due.deadline(zone) - timedelta(seconds=1))
    try:
        upcoming = next_due(task.repeat, after, at=at, zone=zone)
    except task_service.InvalidInput:
        return None  # the rule's last date has come (an UNTIL): the series is over
    following = await task_service.create_task(
        session,
        user_id=task.user_id,
        title=task.title,
        description=task.description,
        due=upcoming,
        priority=task.priority,
        tags=task.tags,
        now=now,
    )
    following.repeat = task.repeat
    session.add(following)
    reminder = await _reminder_like(session, task=task, following=following, now=now)
    return following, reminder


async def _reminder_like(
    session: AsyncSession, *, task: Task, following: Task, now: datetime
) -> Reminder | None:
    last = (
        await session.exec(
            select(Reminder)
            .where(Reminder.task_id == task.id, Reminder.kind == "task")
            .order_by(col(Reminder.created_at).desc())
        )
    ).first()
    if last is None or task.due_at is None or following.due_at is None:
        return None
    at = following.due_at - (task.due_at - last.fire_at)
    if at <= now:
        return None
    where = book.Where(last.platform, last.conversation_id)
    return await book.set_for_task(session, task=following, at=at, where=where)
