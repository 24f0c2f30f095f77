"""Completing a shared list's task (`complete_on_team`, whichever way it was done): once,
cancelling its reminders; a repeating one puts the next occurrence on the same list,
by the rules of a person's own repeats (`repeats.py`), keeping its creator, assignee and
assigner; each person who had a reminder of the finished one gets one as long before the next
one's due."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, tzinfo
from uuid import UUID

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain import lists
from core.domain.changes import Journal
from core.reminders import repeats
from core.reminders.team_reminders import cancel_team_reminders
from core.storage.models import Task
from core.storage.reminder_models import Reminder


@dataclass(frozen=True)
class Following:
    """The next occurrence a completion added, and the reminders carried over to it."""

    task: Task
    reminders: list[Reminder]


async def complete_on_team(
    session: AsyncSession, *, task: Task, now: datetime, zone: tzinfo, journal: Journal
) -> Following | bool:
    """Complete the shared task as the journal's person: False when someone already had; the
    next occurrence when it repeats (True when it has no more dates or does not repeat)."""
    if not await lists.complete(session, task=task, now=now, journal=journal):
        return False
    await cancel_team_reminders(session, task=task, journal=journal)
    following = await add_next_on_team(session, task=task, now=now, zone=zone, journal=journal)
    return True if following is None else following


async def add_next_on_team(
    session: AsyncSession, *, task: Task, now: datetime, zone: tzinfo, journal: Journal
) -> Following | None:
    """After the repeating shared `task` was completed: its next occurrence and reminders,
    recorded in `journal` with the completion (one undo takes back both); None when the rule
    has no more dates."""
    upcoming = await repeats.following_due(task, now=now, zone=zone)
    if upcoming is None:
        return None
    following = await lists.add_following(
        session, task=task, due=upcoming, now=now, journal=journal
    )
    carried = []
    for last in await _latest_each(session, task=task):
        reminder = await repeats.carry_reminder(
            session, last, task=task, following=following, now=now, journal=journal
        )
        if reminder is not None:
            carried.append(reminder)
    return Following(following, carried)


async def _latest_each(session: AsyncSession, *, task: Task) -> list[Reminder]:
    """Each person's latest reminder of the task, oldest person's first."""
    found = await session.exec(
        select(Reminder)
        .where(Reminder.task_id == task.id, Reminder.kind == "task")
        .order_by(col(Reminder.created_at).desc())
    )
    latest: dict[UUID, Reminder] = {}
    for reminder in found.all():
        latest.setdefault(reminder.user_id, reminder)
    return list(reversed(latest.values()))
