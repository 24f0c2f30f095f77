"""Done / Snooze 1 h / Tomorrow 9:00 under a reminder: owner-only, decided exactly once; a
shared list's task is completed under that list's rules (`TeamRules`: only while the presser
is still in its chat, and whoever assigned it is told).

One conditional UPDATE (`WHERE status = 'sent'`) decides a press, as for confirmations, so a
double click or two workers cannot both act. The reply replaces the reminder's message.
"""

from __future__ import annotations

from datetime import datetime, tzinfo
from uuid import UUID

from sqlalchemy import and_, update
from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain import tasks as task_service
from core.domain.changes import team_journal
from core.reminders.book import Where, set_for_task
from core.reminders.notice import SNOOZE, Due, clock_time, task_name, tomorrow_at_nine, when
from core.reminders.team_reminders import TeamDone, TeamRules
from core.reminders.team_repeats import complete_on_team
from core.reminders.zones import zones_of
from core.storage import audit
from core.storage.audit import AuditEntry
from core.storage.models import Task
from core.storage.reminder_models import Reminder
from core.types import Action, Reply

ACTIONS = frozenset({Action.REMINDER_DONE, Action.SNOOZE, Action.TOMORROW})
# Delivered (or being delivered: the sender may have died before noting it).
LIVE = ("sent", "sending")


async def press_reminder(
    session: AsyncSession,
    *,
    user_id: UUID,
    token: str,
    action: Action,
    now: datetime,
    rules: TeamRules | None = None,
) -> Reply:
    """Decide one press of a reminder's button; a shared list's task is completed under that
    list's `rules` (who may, and who is told), when the room that keeps the lists gives them."""
    reminder = (await session.exec(select(Reminder).where(Reminder.token == token))).first()
    if reminder is None:
        return Reply(text="That reminder is gone.", ephemeral=True, outcome="not_found")
    if reminder.user_id != user_id:
        return Reply(
            text="Only the person this reminder is for can use its buttons.",
            ephemeral=True,
            outcome="not_yours",
        )
    task = await _task_of(session, reminder)
    refused = await _refusal(session, task, user_id, action, rules)
    if refused is not None:
        return refused
    status = {Action.REMINDER_DONE: "done"}.get(action, "snoozed")
    won = await session.exec(
        update(Reminder)
        .where(col(Reminder.id) == reminder.id, col(Reminder.status).in_(LIVE))
        .values(status=status, decided_at=now)
        .returning(col(Reminder.id))
        .execution_options(synchronize_session=False)
    )
    if won.first() is None:
        return Reply(
            text="That reminder was already taken care of.",
            ephemeral=True,
            outcome="already_decided",
        )
    if task is None:
        return Reply(
            text="That task is gone, so there is nothing to remind you of.", outcome="task_gone"
        )
    if action is Action.REMINDER_DONE:
        return await _done(session, reminder, task, user_id, now, rules)
    return await _later(session, reminder, task, user_id, action, now)


async def _refusal(
    session: AsyncSession,
    task: Task | None,
    user_id: UUID,
    action: Action,
    rules: TeamRules | None,
) -> Reply | None:
    """Why this Done may not complete the task (nothing changes then); None when it may."""
    if action is not Action.REMINDER_DONE or task is None:
        return None
    if not _may_complete(task, user_id):
        return Reply(
            text=f"#{task.number} “{task.title}” is not yours to complete here: "
            "complete it in its chat.",
            ephemeral=True,
            outcome="not_yours",
        )
    said = await rules.refusal(session, task) if rules and task.user_id is None else None
    return Reply(text=said, ephemeral=True, outcome="not_a_member") if said else None


async def _done(
    session: AsyncSession,
    reminder: Reminder,
    task: Task,
    user_id: UUID,
    now: datetime,
    rules: TeamRules | None,
) -> Reply:
    if rules is not None and task.user_id is None:
        done = await rules.complete(session, task, now)
    else:
        done = TeamDone(await _complete(session, task, user_id, now))
    await _audit(session, user_id, "reminder.done", task, done.finished)
    name = task_name(Due(reminder.token, task.number, task.title, reminder.fire_at))
    return Reply(
        text=f"✓ Marked {name} as done." if done.finished else f"✓ {name} was already done.",
        outcome="done",
        tells=done.tells,
        buttons=done.buttons,
    )


async def _later(
    session: AsyncSession,
    reminder: Reminder,
    task: Task,
    user_id: UUID,
    action: Action,
    now: datetime,
) -> Reply:
    """Snooze 1 h, or Tomorrow 9:00: the task's reminder set again for then."""
    zone = (await zones_of(session, user_ids=[user_id]))[user_id]
    later = now + SNOOZE if action is Action.SNOOZE else tomorrow_at_nine(now, zone)
    await set_for_task(
        session,
        task=task,
        at=later,
        where=Where(reminder.platform, reminder.conversation_id),
        person=user_id,
    )
    await _audit(session, user_id, f"reminder.{action.value}", task, True)
    name = task_name(Due(reminder.token, task.number, task.title, reminder.fire_at))
    spoken = f"at {clock_time(later, zone)}" if action is Action.SNOOZE else when(later, zone, now)
    return Reply(text=f"⏰ {name}: I'll remind you again {spoken}.", outcome="snoozed")


async def _complete(session: AsyncSession, task: Task, user_id: UUID, now: datetime) -> bool:
    """Complete the task; a shared list's once, as the person, cancelling its reminders and
    putting a repeating one's next occurrence on the list."""
    if task.user_id is not None:
        return await task_service.complete_task(session, task=task)
    zone: tzinfo = (await zones_of(session, user_ids=[user_id]))[user_id]
    journal = team_journal(task.list_id, user_id, None, now)
    finished = await complete_on_team(session, task=task, now=now, zone=zone, journal=journal)
    return finished is not False


def _may_complete(task: Task, user_id: UUID) -> bool:
    """A person's own task, or a shared list's task they created or hold."""
    return task.user_id is not None or user_id in (task.creator_id, task.assignee_id)


async def _task_of(session: AsyncSession, reminder: Reminder) -> Task | None:
    """The reminder's task: the person's own, or a shared list's task they were reminded of."""
    found = await session.exec(
        select(Task).where(
            Task.id == reminder.task_id,
            or_(
                col(Task.user_id) == reminder.user_id,
                and_(col(Task.user_id).is_(None), col(Task.deleted_at).is_(None)),
            ),
        )
    )
    return found.first()


async def _audit(session: AsyncSession, user_id: UUID, action: str, task: Task, ok: bool) -> None:
    await audit.record(
        session,
        AuditEntry(
            user_id=user_id,
            action=action,
            input={"task_id": str(task.id)},
            result={"ok": ok},
            ok=ok,
        ),
    )
