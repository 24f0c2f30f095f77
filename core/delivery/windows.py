"""A per-key sliding one-minute window, for requests that leave no row to count (chat API
reads, button presses): at most `per_minute` in any minute.

On PostgreSQL every process counts in the one table, `rate_hit` (a row per request let
through, under a hash of its key, so it names nobody), so N workers or N machines still give a
person the limit once, as the stored messages do for chat messages. One transaction holds a
lock on the key while it drops the key's rows past the minute, counts the rest and adds the
new one, so two processes cannot both take the last place. While the database cannot be
reached, a process counts in memory (the request then fails on the database, or not, as it
would have). On SQLite (a single process, whose one writer may be a turn waiting on its model)
the window is kept in memory, as the send pace is (`send_pace.py`).
"""

from __future__ import annotations

import hashlib
import logging
import math
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol

from sqlalchemy import delete, func, text
from sqlalchemy.exc import DBAPIError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.clock import Clock
from core.storage.db import Database
from core.storage.delivery_models import RateHit

log = logging.getLogger(__name__)

WINDOW = timedelta(minutes=1)


class Window(Protocol):
    async def retry_after(self, key: str) -> int | None:
        """Count one request for `key`; None when it is allowed, else whole seconds to wait."""
        ...


def _wait(oldest: datetime, now: datetime) -> int:
    return max(1, math.ceil((oldest + WINDOW - now).total_seconds()))


@dataclass
class MemoryWindow:
    """The window of one process; the bound on memory is `max_keys` (the least recently
    seen go first)."""

    per_minute: int
    clock: Clock
    max_keys: int = 100_000
    _hits: OrderedDict[str, deque[datetime]] = field(default_factory=OrderedDict)

    async def retry_after(self, key: str) -> int | None:
        if self.per_minute <= 0:
            return None
        now = self.clock.now()
        hits = self._hits.pop(key, None) or deque()
        while hits and hits[0] <= now - WINDOW:
            hits.popleft()
        self._hits[key] = hits
        if len(hits) >= self.per_minute:
            return _wait(hits[0], now)
        hits.append(now)
        while len(self._hits) > self.max_keys:
            self._hits.popitem(last=False)
        return None


@dataclass
class SharedWindow:
    """The window in `rate_hit`, shared by every process on the PostgreSQL database;
    `scope` keeps two limits' keys apart."""

    db: Database
    per_minute: int
    clock: Clock
    scope: str
    _fallback: MemoryWindow = field(init=False)

    def __post_init__(self) -> None:
        self._fallback = MemoryWindow(self.per_minute, self.clock)

    async def retry_after(self, key: str) -> int | None:
        if self.per_minute <= 0:
            return None
        try:
            return await self._counted(key)
        except (DBAPIError, OSError) as error:
            log.warning("%s limit: database unreachable (%s); counting locally", self.scope, error)
            return await self._fallback.retry_after(key)

    async def _counted(self, key: str) -> int | None:
        hashed = hashlib.sha256(f"{self.scope}|{key}".encode()).hexdigest()
        now = self.clock.now()
        async with self.db.session() as session, session.begin():
            await session.exec(  # type: ignore[call-overload]
                text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"),
                params={"key": hashed},
            )
            await session.exec(
                delete(RateHit)
                .where(col(RateHit.key) == hashed, col(RateHit.at) <= now - WINDOW)
                .execution_options(synchronize_session=False)
            )
            count, oldest = (
                await session.exec(
                    select(func.count(), func.min(RateHit.at)).where(col(RateHit.key) == hashed)
                )
            ).one()
            if count >= self.per_minute:
                return _wait(oldest, now)
            session.add(RateHit(key=hashed, at=now))
        return None


def request_window(db: Database, per_minute: int, clock: Clock, *, scope: str) -> Window:
    """The window for this deployment's database (in memory on SQLite)."""
    if db.is_sqlite:
        return MemoryWindow(per_minute, clock)
    return SharedWindow(db, per_minute, clock, scope)


async def forget_old_hits(session: AsyncSession, *, now: datetime) -> int:
    """Drop the rows of keys nobody has used for a minute (each request drops its own key's)."""
    result = await session.exec(
        delete(RateHit)
        .where(col(RateHit.at) <= now - WINDOW)
        .execution_options(synchronize_session=False)
    )
    return int(result.rowcount or 0)
