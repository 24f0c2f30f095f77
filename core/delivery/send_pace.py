"""One platform account's send rate, shared by every process that sends as it.

Telegram allows a bot about 30 messages a second in all, however many processes send for it.
Each process keeping a share of that leaves shares unused whenever the others have nothing to
send, and a limiter that lets a burst through runs into a one-second window. So the rate is
kept as a schedule of send slots, `1 / per_second` apart, that every process books from:

- `SlotBook.reserve` books the next `count` slots with one statement and says when the first
  one is (on PostgreSQL one row per account, `UPDATE ... RETURNING`, which the row lock makes
  atomic across processes; in memory for SQLite, where there is only one process and a turn
  holds the write lock while the agent runs, so a send must not wait for the database);
- `SharedPace.turn` waits for a slot: the senders waiting together in a process book their
  slots in one round trip (up to `batch`), then each sleeps until its own; a process books at
  most two batches ahead, so the processes' slots interleave;
- `SharedPace.hold` pushes every slot past a platform's "retry after N seconds", for all
  processes, and sends of this process already waiting for an earlier slot book again.

Slots are epoch seconds read from each process's clock (NTP-synchronised machines agree to a
millisecond or so, a small part of a slot).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Protocol

from sqlalchemy import ColumnElement, case, update
from sqlalchemy.dialects import postgresql
from sqlalchemy.exc import DBAPIError
from sqlmodel import col

from core.storage.db import Database
from core.storage.reminder_models import SendPace

log = logging.getLogger(__name__)


class Pace(Protocol):
    """What a sender keeps to: one `turn` before each message, `hold` when refused."""

    async def turn(self) -> None:
        """Wait until this message may go."""
        ...

    async def hold(self, seconds: float) -> None:
        """The platform said to wait: nothing goes for `seconds`, from any process."""
        ...


class SlotBook(Protocol):
    async def reserve(self, key: str, *, count: int, interval: float, now: float) -> float:
        """Book the next `count` slots `interval` apart, none before `now`; the first's time."""
        ...

    async def hold(self, key: str, *, until: float) -> None:
        """No slot before `until`."""
        ...


class Timer(Protocol):
    def time(self) -> float:
        """Seconds since the epoch, as every process reads them."""
        ...

    async def sleep(self, seconds: float) -> None: ...


class WallTimer:
    def time(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


@dataclass
class MemorySlots:
    """The book of one process (SQLite; tests)."""

    _next: dict[str, float] = field(default_factory=dict)

    async def reserve(self, key: str, *, count: int, interval: float, now: float) -> float:
        first = max(self._next.get(key, now), now)
        self._next[key] = first + count * interval
        return first

    async def hold(self, key: str, *, until: float) -> None:
        self._next[key] = max(self._next.get(key, until), until)


@dataclass
class DatabaseSlots:
    """The book in `send_pace` on PostgreSQL: one row per key, each booking a single UPDATE
    on it. (A SQLite deployment is one process, and books in memory.)"""

    db: Database

    async def reserve(self, key: str, *, count: int, interval: float, now: float) -> float:
        later = case((col(SendPace.next_at) > now, col(SendPace.next_at)), else_=now)
        booked = await self._update(key, later + count * interval, now)
        return booked - count * interval

    async def hold(self, key: str, *, until: float) -> None:
        later = case((col(SendPace.next_at) > until, col(SendPace.next_at)), else_=until)
        await self._update(key, later, until)

    async def _update(self, key: str, next_at: ColumnElement[float], now: float) -> float:
        statement = (
            update(SendPace)
            .where(col(SendPace.key) == key)
            .values(next_at=next_at)
            .returning(col(SendPace.next_at))
        )
        async with self.db.engine.begin() as connection:
            booked = (await connection.execute(statement)).scalar_one_or_none()
            if booked is None:  # the key's first booking, or its row was cleared
                await connection.execute(
                    postgresql.insert(SendPace)
                    .values(key=key, next_at=now)
                    .on_conflict_do_nothing(index_elements=["key"])
                )
                booked = (await connection.execute(statement)).scalar_one()
        return float(booked)


@dataclass
class SharedPace:
    """`per_second` messages a second for `key`, booked from `book` in batches of `batch`."""

    book: SlotBook
    key: str
    per_second: float
    batch: int = 8
    timer: Timer = field(default_factory=WallTimer)
    _slots: deque[float] = field(default_factory=deque, init=False)
    _waiting: int = field(default=0, init=False)
    _held_until: float = field(default=0.0, init=False)
    _booking: asyncio.Lock = field(default_factory=asyncio.Lock, init=False)
    # Slots handed to senders whose moment has not come yet: at most two batches are booked
    # ahead, so a hold reaches the other processes soon and their slots interleave.
    _ahead: int = field(default=0, init=False)
    _passed: asyncio.Condition = field(default_factory=asyncio.Condition, init=False)
    _fallback: MemorySlots = field(default_factory=MemorySlots, init=False)

    @property
    def interval(self) -> float:
        return 1.0 / self.per_second

    async def turn(self) -> None:
        late_once = False
        while True:
            slot = await self._slot()
            try:
                await self.timer.sleep(max(0.0, slot - self.timer.time()))
            finally:
                self._ahead -= 1
                async with self._passed:
                    self._passed.notify_all()
            if slot < self._held_until:  # a hold came after it was booked: book again
                continue
            late = self.timer.time() - slot > self.interval
            if late and not late_once:
                # This process woke late (a busy CPU): sending now would bunch with the slots
                # after this one. Book once more rather than crowd another process's second.
                late_once = True
                continue
            return

    async def hold(self, seconds: float) -> None:
        until = self.timer.time() + seconds
        self._held_until = max(self._held_until, until)
        self._slots.clear()
        try:
            await self.book.hold(self.key, until=until)
        except (DBAPIError, OSError) as error:
            log.warning("send pace %s: could not share a hold (%s)", self.key, error)
        await self._fallback.hold(self.key, until=until)

    async def _slot(self) -> float:
        self._waiting += 1
        try:
            async with self._booking:
                now = self.timer.time()
                while self._slots and self._slots[0] < now - self.interval:
                    self._slots.popleft()  # booked for a sender that gave up waiting
                if not self._slots:
                    async with self._passed:
                        await self._passed.wait_for(lambda: self._ahead < self.batch)
                    now = self.timer.time()
                    count = max(1, min(self._waiting, self.batch))
                    first = await self._reserve(count, now)
                    self._slots.extend(first + n * self.interval for n in range(count))
                self._ahead += 1
                return self._slots.popleft()
        finally:
            self._waiting -= 1

    async def _reserve(self, count: int, now: float) -> float:
        try:
            return await self.book.reserve(self.key, count=count, interval=self.interval, now=now)
        except (DBAPIError, OSError) as error:
            # Better this process's own pace than no message at all while the database is out.
            log.warning("send pace %s: database unreachable (%s); pacing locally", self.key, error)
            return await self._fallback.reserve(
                self.key, count=count, interval=self.interval, now=now
            )


def shared_pace(db: Database, key: str, *, per_second: float, batch: int = 8) -> SharedPace:
    """The pace for `key` on this deployment's database (in memory on SQLite)."""
    book: SlotBook = MemorySlots() if db.is_sqlite else DatabaseSlots(db)
    return SharedPace(book, key, per_second, batch=batch)
