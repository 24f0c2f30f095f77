"""The daily list: a reminder of kind `digest` that fires every day at the person's hour, in
their zone, with what is overdue, what is due today and the top priorities."""

from __future__ import annotations

from datetime import datetime, time, timedelta, tzinfo
from uuid import UUID

from sqlalchemy import update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.task_selection import list_tasks
from core.domain.task_text import due_of, task_line
from core.domain.when import in_window, local_instant
from core.reminders import book
from core.reminders.zones import zones_of
from core.storage.models import Task
from core.storage.reminder_models import Reminder
from core.types import Reply

TOP = 3


def next_time(daily_at: time, *, now: datetime, zone: tzinfo) -> datetime:
    """The next moment the local clock shows `daily_at` (today if still ahead)."""
    today = now.astimezone(zone).date()
    at = local_instant(today, daily_at, zone)
    return at if at > now else local_instant(today + timedelta(days=1), daily_at, zone)


async def set_digest(
    session: AsyncSession,
    *,
    user_id: UUID,
    daily_at: time,
    where: book.Where,
    now: datetime,
    zone: tzinfo,
) -> Reminder:
    """Start (or move) the person's daily list; one per person."""
    await stop_digest(session, user_id=user_id)
    reminder = Reminder(
        user_id=user_id,
        kind="digest",
        daily_at=daily_at.strftime("%H:%M"),
        fire_at=next_time(daily_at, now=now, zone=zone),
        token=book.new_token(),
        platform=where.platform,
        conversation_id=where.conversation_id,
    )
    session.add(reminder)
    await session.flush()
    await book.wake(session, reminder)
    return reminder


async def stop_digest(session: AsyncSession, *, user_id: UUID) -> bool:
    stopped = await session.exec(
        update(Reminder)
        .where(
            col(Reminder.user_id) == user_id,
            col(Reminder.kind) == "digest",
            col(Reminder.status).in_(("pending", "sending")),
        )
        .values(status="cancelled")
        .returning(col(Reminder.id))
        .execution_options(synchronize_session=False)
    )
    return bool(stopped.all())


async def schedule_next(session: AsyncSession, *, reminder: Reminder, now: datetime) -> None:
    """After a day's list went out: the same hour tomorrow (in the person's zone today)."""
    zone = (await zones_of(session, user_ids=[reminder.user_id]))[reminder.user_id]
    hour, minute = (int(part) for part in (reminder.daily_at or "08:00").split(":"))
    later = next_time(time(hour, minute), now=max(now, reminder.fire_at), zone=zone)
    row = (await session.exec(select(Reminder).where(Reminder.id == reminder.id))).one()
    if row.status == "cancelled":
        return
    row.fire_at, row.version, row.status = later, row.version + 1, "pending"
    row.sent_at = now
    session.add(row)
    await session.flush()
    await book.wake(session, row)


async def digest_reply(
    session: AsyncSession, *, user_id: UUID, zone: tzinfo, now: datetime
) -> Reply:
    pending = await list_tasks(session, user_id=user_id, status="pending")
    return Reply(text=digest_text(pending, now=now, zone=zone))


def digest_text(pending: list[Task], *, now: datetime, zone: tzinfo) -> str:
    if not pending:
        return "☀️ Good morning! Nothing on your list today."

    def due_in(window: str, task: Task) -> bool:
        return in_window(due_of(task), window, now=now, zone=zone)  # type: ignore[arg-type]

    overdue = [t for t in pending if due_in("overdue", t)]
    today = [t for t in pending if due_in("today", t) and t not in overdue]
    rank = {"high": 0, "medium": 1, "low": 2}
    rest = [t for t in pending if t not in overdue and t not in today]
    top = sorted(rest, key=lambda t: (rank.get(t.priority, 3), t.number))[:TOP]
    lines = [f"☀️ Good morning! {len(pending)} open task{'s' if len(pending) != 1 else ''}."]
    for heading, tasks in (("Overdue", overdue), ("Due today", today), ("Next up", top)):
        if tasks:
            lines.append(f"{heading}:")
            lines += [task_line(t, now=now, zone=zone) for t in tasks]
    return "\n".join(lines)
