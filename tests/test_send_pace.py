"""A bot's send rate shared by every process: the slots two processes (two engines on one
database) book never come closer than the rate allows, a flood wait holds them all back, and
senders waiting together cost one round trip per batch."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from sqlalchemy import event

from core.delivery.send_pace import DatabaseSlots, MemorySlots, SharedPace
from core.storage.db import Database
from tests.reminders_rig import PaceTimer, tightest_gap

BOT = "telegram:7000001"
RATE = 30
SLOT = 1 / RATE
EPSILON = 1e-6

# Processes share a book only on PostgreSQL: a SQLite deployment is one process, booking in memory.
on_postgres = pytest.mark.parametrize("database_url", ["postgres"], indirect=True)


@asynccontextmanager
async def processes(url: str, count: int, timer: PaceTimer) -> AsyncIterator[list[SharedPace]]:
    """`count` processes' paces for one bot: each its own engine on the one database."""
    engines = [Database(url) for _ in range(count)]
    try:
        yield [SharedPace(DatabaseSlots(db), BOT, RATE, timer=timer) for db in engines]
    finally:
        for db in engines:
            await db.dispose()


def most_in_one_second(moments: list[float]) -> int:
    moments = sorted(moments)
    return max(
        sum(1 for later in moments[index:] if later < start + 1.0 - EPSILON)
        for index, start in enumerate(moments)
    )


@on_postgres
async def test_two_processes_sharing_one_bot_never_exceed_its_rate(database_url: str) -> None:
    timer = PaceTimer()
    async with processes(database_url, 2, timer) as (first, second):
        await asyncio.gather(*(pace.turn() for _ in range(90) for pace in (first, second)))
    sent = sorted(timer.wakes)
    assert len(sent) == 180
    assert tightest_gap(sent) >= SLOT - EPSILON
    assert most_in_one_second(sent) <= RATE


@on_postgres
async def test_a_flood_wait_holds_back_every_process(database_url: str) -> None:
    timer = PaceTimer()
    async with processes(database_url, 2, timer) as (refused, other):
        await refused.turn()
        refused_at = timer.wakes[-1]
        await refused.hold(5.0)
        await other.turn()
        assert timer.wakes[-1] >= refused_at + 5.0
        await refused.turn()
        assert timer.wakes[-1] >= refused_at + 5.0 + SLOT - EPSILON


@on_postgres
async def test_senders_waiting_together_book_their_slots_in_batches(database_url: str) -> None:
    timer = PaceTimer()
    db = Database(database_url)
    bookings = 0

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        nonlocal bookings
        bookings += statement.lstrip().upper().startswith("UPDATE SEND_PACE")

    event.listen(db.engine.sync_engine, "before_cursor_execute", count)
    try:
        pace = SharedPace(DatabaseSlots(db), BOT, RATE, batch=8, timer=timer)
        await asyncio.gather(*(pace.turn() for _ in range(40)))
    finally:
        await db.dispose()
    assert len(timer.wakes) == 40
    assert bookings <= 40 // 8 + 2  # the key's very first booking also creates its row


class GateTimer:
    """Time stands still and every sleep waits until the test opens the gate."""

    def __init__(self, at: float = 1_800_000_000.0) -> None:
        self.at = at
        self.sleeping = 0
        self.gate = asyncio.Event()

    def time(self) -> float:
        return self.at

    async def sleep(self, seconds: float) -> None:
        self.sleeping += 1
        await self.gate.wait()


async def test_a_process_books_at_most_two_batches_ahead() -> None:
    timer = GateTimer()
    book = MemorySlots()
    pace = SharedPace(book, BOT, RATE, batch=8, timer=timer)
    senders = [asyncio.create_task(pace.turn()) for _ in range(40)]
    for _ in range(50):  # let every sender get as far as it can
        await asyncio.sleep(0)
    assert 0 < timer.sleeping <= 16
    next_free = await book.reserve(BOT, count=1, interval=SLOT, now=timer.time())
    assert next_free <= timer.time() + 16 * SLOT + EPSILON  # the rest book later
    timer.gate.set()
    await asyncio.gather(*senders)
    assert timer.sleeping == 40


async def test_a_sender_that_woke_late_does_not_bunch_with_the_next_one() -> None:
    timer = PaceTimer(oversleep=[0.5])  # this process was off the CPU for half a second
    book = MemorySlots()
    late = SharedPace(book, BOT, RATE, timer=timer)
    other = SharedPace(book, BOT, RATE, timer=timer)
    await late.turn()
    sent_late = timer.time()
    await other.turn()
    assert timer.wakes[-1] >= sent_late + SLOT - EPSILON


async def test_with_the_database_out_of_reach_the_process_keeps_its_own_pace() -> None:
    timer = PaceTimer()
    unreachable = Database("postgresql+psycopg://todobot@127.0.0.1:9/todobot", pool_timeout=1)
    try:
        pace = SharedPace(DatabaseSlots(unreachable), BOT, RATE, timer=timer)
        await asyncio.gather(*(pace.turn() for _ in range(5)))
    finally:
        await unreachable.dispose()
    sent = sorted(timer.wakes)
    assert len(sent) == 5
    assert tightest_gap(sent) >= SLOT - EPSILON


@on_postgres
async def test_a_pace_whose_row_was_cleared_books_again(database_url: str) -> None:
    """A process that booked before keeps sending after its row is gone (a cleared table)."""
    timer = PaceTimer()
    db = Database(database_url)
    try:
        pace = SharedPace(DatabaseSlots(db), BOT, RATE, batch=1, timer=timer)
        await pace.turn()
        async with db.engine.begin() as connection:
            await connection.exec_driver_sql("DELETE FROM send_pace")
        await pace.turn()
    finally:
        await db.dispose()
    assert len(timer.wakes) == 2
