"""When a team reminder goes off: a moment checked to be ahead (and within the horizon), or
an amount before the task's due ("team remind 3 1 day before"), which then moves with the due
(`followed`, after `team due`)."""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo

from core.commands.extensions import CommandCall
from core.domain.changes import Journal
from core.domain.task_fields import FieldError, check_horizon
from core.domain.task_text import due_of
from core.domain.tasks import InvalidInput, label
from core.reminders.notice import when
from core.reminders.team_reminders import follow_team_due
from core.reminders.tooling import MAX_BEFORE_MINUTES, start_of
from core.storage.models import Task

_UNITS = ((60 * 24 * 7, "week"), (60 * 24, "day"), (60, "hour"), (1, "minute"))


def checked_moment(at: datetime, *, now: datetime, zone: tzinfo) -> datetime:
    """`at`, refused when it has passed or lies beyond the horizon a reminder may be set."""
    try:
        check_horizon(at, now=now, what="A reminder")
    except FieldError as error:
        raise InvalidInput(error.message) from None
    if at <= now:
        raise InvalidInput(f"{when(at, zone, now).capitalize()} has already passed.")
    return at


def before_due(call: CommandCall, task: Task, minutes: int) -> datetime:
    """The moment `minutes` before the task's due (its time, or 09:00 on its day); refused
    when it has no due, the amount is beyond 30 days, or that moment has passed."""
    due = due_of(task)
    if due is None:
        raise InvalidInput(
            f"{label(task)} has no due date, so I set no reminder before it. "
            f"Give it one first: team due {task.number} friday."
        )
    if not 0 <= minutes <= MAX_BEFORE_MINUTES:
        raise InvalidInput(
            "A reminder can be from 0 minutes to 30 days before the due date, so I set none."
        )
    at = start_of(due, call.tools.zone) - timedelta(minutes=minutes)
    return checked_moment(at, now=call.tools.now, zone=call.tools.zone)


def amount_words(minutes: int) -> str:
    """ "1 day", "2 hours", "90 minutes": the amount in the largest unit it is whole in."""
    for size, unit in _UNITS:
        if minutes and minutes % size == 0:
            count = minutes // size
            return f"{count} {unit}" + ("" if count == 1 else "s")
    return "0 minutes"


async def followed(call: CommandCall, task: Task, journal: Journal) -> str:
    """After the due changed: reminders set before the due move with it (in the same turn
    of the list's log, so one undo takes back both); what to add to the answer."""
    moved = await follow_team_due(
        call.session, task=task, now=call.tools.now, zone=call.tools.zone, journal=journal
    )
    if not moved:
        return ""
    return (
        " Its reminder set before the due follows it."
        if moved == 1
        else (f" Its {moved} reminders set before the due follow it.")
    )
