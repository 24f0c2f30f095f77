"""Helpers for reminder tests: a clock the test moves, a sender that records, a timer for the
send pace, and a way to set a reminder on a task as the tools do."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from uuid import UUID

from sqlmodel import col, select

from core.reminders import book
from core.reminders.delivery import Notice, Refused, Unreachable
from core.storage.db import Database
from core.storage.delivery_models import InboxItem
from core.storage.models import Task
from core.storage.reminder_models import Reminder

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@dataclass
class StepClock:
    """Stands still until the test moves it."""

    at: datetime = START

    def now(self) -> datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)


@dataclass
class PaceTimer:
    """The send pace's time, read from a `StepClock`. A sleep does not wait: it notes the
    moment the message would have gone (`wakes`), so a test reads the schedule the pace
    kept. `oversleep` seconds are added to the next sleeps, as a busy CPU would."""

    clock: StepClock = field(default_factory=StepClock)
    wakes: list[float] = field(default_factory=list)
    oversleep: list[float] = field(default_factory=list)

    def time(self) -> float:
        return self.clock.at.timestamp()

    async def sleep(self, seconds: float) -> None:
        late = self.oversleep.pop(0) if self.oversleep else 0.0
        if late:
            self.clock.advance(seconds=seconds + late)
        self.wakes.append(self.time() if late else self.time() + seconds)
        await asyncio.sleep(0)


def tightest_gap(moments: list[float]) -> float:
    """The least time between two of these moments."""
    ordered = sorted(moments)
    return min(later - earlier for earlier, later in itertools.pairwise(ordered))


@dataclass
class RecordingSender:
    """A platform that takes every message (or refuses the next `refusing` of them)."""

    platform: str = "console"
    sent: list[Notice] = field(default_factory=list)
    refusing: int = 0
    retry_after: float | None = None
    blocked: bool = False

    async def send(self, notice: Notice) -> str | None:
        if self.blocked:
            raise Unreachable("Forbidden: bot was blocked by the user")
        if self.refusing:
            self.refusing -= 1
            raise Refused("try later", self.retry_after)
        self.sent.append(notice)
        return f"msg{len(self.sent)}"

    @property
    def texts(self) -> list[str]:
        return [notice.reply.text for notice in self.sent]


async def remind(
    database: Database, task: Task, at: datetime, *, platform: str = "console"
) -> Reminder:
    async with database.session() as session, session.begin():
        found = (await session.exec(select(Task).where(Task.id == task.id))).one()
        return await book.set_for_task(session, task=found, at=at, where=book.Where(platform))


async def reminders_of(database: Database, user_id: UUID) -> list[Reminder]:
    async with database.session() as session:
        found = await session.exec(
            select(Reminder).where(Reminder.user_id == user_id).order_by(col(Reminder.fire_at))
        )
        return list(found.all())


async def wakeups(database: Database) -> list[InboxItem]:
    async with database.session() as session:
        found = await session.exec(select(InboxItem).order_by(col(InboxItem.id)))
        return list(found.all())
