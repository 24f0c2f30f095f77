"""The trash's upkeep: a task deleted longer ago than the trash keeps things is erased.

`todobot serve` purges once at start-up and then once a day (`TRASH_DAYS`, 30 by default).
Every worker may run it: the purge is one idempotent DELETE, so two at once erase each
task once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy.exc import SQLAlchemyError

from core.clock import Clock, SystemClock
from core.domain import tasks as task_service
from core.storage.db import Database

log = logging.getLogger(__name__)

PURGE_EVERY = timedelta(days=1)


async def purge_expired(db: Database, *, keep_days: int, now: datetime) -> int:
    """Erase every task that has been in a trash for more than `keep_days`; how many went."""
    async with db.session() as session, session.begin():
        erased = await task_service.purge_trash(
            session, deleted_before=now - timedelta(days=keep_days)
        )
    if erased:
        log.info("purged %d task(s) deleted more than %d days ago", erased, keep_days)
    return erased


@dataclass
class TrashPurger:
    """Purges at start and then every `every`, until `stop`."""

    db: Database
    keep_days: int
    clock: Clock = field(default_factory=SystemClock)
    every: timedelta = PURGE_EVERY
    _stopped: asyncio.Event = field(default_factory=asyncio.Event)

    async def run(self) -> None:
        while not self._stopped.is_set():
            try:
                await purge_expired(self.db, keep_days=self.keep_days, now=self.clock.now())
            except SQLAlchemyError as error:  # the database is away: try again next time
                log.warning("could not purge the trash: %s", error)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopped.wait(), self.every.total_seconds())

    def stop(self) -> None:
        self._stopped.set()
