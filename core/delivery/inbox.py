"""The durable inbox: platform deliveries are written down before they are acknowledged.

An endpoint `record`s a delivery (deduped by its id) and only then answers the platform; a
worker loop leases pending items and hands each to the processor registered for its source.
A worker that dies mid-turn leaves its lease to run out, and another worker picks the item up
again. The processors claim the delivery in `processed_event` inside the turn's own
transaction, so re-processing an item whose turn had committed changes nothing.

This is the one place where one person's deliveries are kept in order, for every platform
and every way of running: a delivery carries its adapter's `order_key` (whose it is), and an
item is claimed only when no earlier item with the same key is still pending. So "add milk"
runs before "delete 1" even when the two land on different workers or machines, while other
people's deliveries run side by side. Scheduled work has no key and waits for nobody.

On PostgreSQL many workers share the table (`FOR UPDATE SKIP LOCKED`) and wake each other
on a new delivery (core/delivery/wakeup.py); on SQLite the same code runs, one worker at a time (its
writers are serialized anyway).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError
from sqlmodel.ext.asyncio.session import AsyncSession

from core.delivery import wakeup
from core.delivery.inbox_policy import (
    Apology,
    InboxPolicy,
    Observer,
    Processor,
    Transience,
)
from core.delivery.inbox_rows import Claimed, lease, put_off, settle
from core.delivery.inbox_upkeep import Upkeep
from core.delivery.intake import Intake
from core.delivery.parked import PARKED
from core.delivery.transient import RetryLater, is_transient
from core.storage.db import Database, in_transaction
from core.storage.models import utcnow

log = logging.getLogger(__name__)


T = TypeVar("T")


@dataclass
class Inbox:
    db: Database
    processors: dict[str, Processor] = field(default_factory=dict)
    policy: InboxPolicy = field(default_factory=InboxPolicy)
    observe: Observer | None = None
    worker_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    # Acks write through their own small pool, never behind turns; defaults to `db`.
    intake_db: Database | None = None
    # Where the LISTEN connection goes (PostgreSQL): the server itself, even when `db` goes
    # through a transaction pooler that cannot keep a LISTEN. Defaults to `db`'s URL.
    listen_url: URL | None = None
    apologies: dict[str, Apology] = field(default_factory=dict)
    # Errors retrying cannot fix park their item at once (with an apology) instead of
    # being retried `max_attempts` times; everything else is retried.
    transient: Transience = is_transient

    def __post_init__(self) -> None:
        self._wake = asyncio.Event()
        self._stopping = asyncio.Event()
        self._in_flight: dict[int, asyncio.Task[None]] = {}
        # The loop's claim under way, so that one waiting for the inbox to go idle sees it.
        self._claiming: asyncio.Future[None] | None = None
        self._intake = Intake(self.intake_db or self.db, retries=self.policy.db_retries)

    def register(
        self, source: str, processor: Processor, *, apologise: Apology | None = None
    ) -> None:
        self.processors[source] = processor
        if apologise is not None:
            self.apologies[source] = apologise

    async def record(
        self,
        source: str,
        delivery_id: str,
        payload: dict[str, Any],
        *,
        order_key: str | None = None,
    ) -> bool:
        """Write a delivery down; True when it is new. Once this returns, it may be acked.
        Deliveries with the same `order_key` run one at a time, in the order recorded."""
        fresh = await self._intake.write(source, delivery_id, payload, order_key=order_key)
        self._note(source, "recorded" if fresh else "duplicate")
        if fresh:
            self._wake.set()
        return fresh

    async def claim(
        self,
        limit: int,
        *,
        sources: list[str] | None = None,
        by_due: bool = False,
        now: datetime | None = None,
    ) -> list[Claimed]:
        """Lease up to `limit` pending items nobody holds, oldest first, in one statement
        (PostgreSQL skips rows another worker is leasing at this very moment), never one
        with an earlier item of the same `order_key` still pending. `sources` defaults to
        the registered processors'; `by_due` takes scheduled work (items leased until their
        time, core/delivery/scheduled.py) in the order it fell due, by turns between people
        (`fair_key`): everyone's first due item, then everyone's second, and so on; `now` is
        the scheduler's clock."""
        sources = list(self.processors) if sources is None else sources
        if limit <= 0 or not sources:
            return []
        at, seconds = now, self.policy.lease_seconds

        async def leasing(session: AsyncSession) -> list[Claimed]:
            until = (at or utcnow()) + timedelta(seconds=seconds)
            return await lease(
                session,
                sources=sources,
                limit=limit,
                by_due=by_due,
                at=at or utcnow(),
                until=until,
                worker_id=self.worker_id,
            )

        return await self._retrying(leasing)

    async def process(self, item: Claimed) -> None:
        """Run one item's processor; mark it done, or schedule a retry (or give up) on failure."""
        try:
            await self.processors[item.source](item.payload, item.attempts > 1)
        except Exception as error:
            if isinstance(error, RetryLater):
                log.warning("inbox item %s/%s put off: %s", item.source, item.delivery_id, error)
            else:
                log.exception("inbox item %s/%s failed", item.source, item.delivery_id)
            if self.transient(error):
                wait = error.retry_after if isinstance(error, RetryLater) else None
                later = None if wait is None else utcnow() + timedelta(seconds=wait)
                await self._settle_failure(item, error, retry_at=later)
            else:
                await self._park(item, f"{type(error).__name__}: {error}"[:2000])
        else:
            await self._settle(item, status="done", error=None)
            self._note(item.source, "done")

    @asynccontextmanager
    async def running(self, *, grace_seconds: float) -> AsyncIterator[None]:
        """The worker loop for as long as the block runs; then `stop(grace_seconds)`."""
        loop = asyncio.create_task(self.run(), name="inbox")
        try:
            yield
        finally:
            await self.stop(grace_seconds=grace_seconds)
            await loop

    async def run(self) -> None:
        """The worker loop: keep up to `concurrency` items in flight until `stop()`."""
        upkeep = Upkeep(self.db, self.policy, self.worker_id, held=lambda: list(self._in_flight))
        helpers = [asyncio.create_task(upkeep.run())]
        if not self.db.is_sqlite:  # woken by intake in any process (core/delivery/wakeup.py)
            listening = wakeup.listen(self.listen_url or self.db.url, self.wake)
            helpers.append(asyncio.create_task(listening))
        try:
            while not self._stopping.is_set():
                self._wake.clear()
                free = self.policy.concurrency - len(self._in_flight)
                self._claiming = asyncio.get_running_loop().create_future()
                try:
                    claimed = await self._claim_quietly(free)
                    for item in claimed:
                        task = asyncio.create_task(self.process(item))
                        self._in_flight[item.id] = task
                        task.add_done_callback(functools.partial(self._finished, item.id))
                finally:
                    self._claiming.set_result(None)
                    self._claiming = None
                if claimed and len(claimed) == free:
                    continue
                await self._wait_for_work()
        finally:
            for helper in helpers:
                helper.cancel()
            await asyncio.gather(*helpers, return_exceptions=True)

    def wake(self) -> None:
        self._wake.set()

    async def stop(self, grace_seconds: float) -> None:
        """Take no new items and wait (up to `grace_seconds`) for the ones in flight to finish.
        Whatever is still running after that keeps its lease and is picked up again later."""
        self._stopping.set()
        self._wake.set()
        if not self.busy:
            return
        try:
            await asyncio.wait_for(self.settled(), timeout=grace_seconds)
        except TimeoutError:
            if self._in_flight:
                count = len(self._in_flight)
                log.warning("%d inbox items still running at shutdown; left leased", count)

    @property
    def busy(self) -> bool:
        """Whether this worker holds anything: an item in flight or a claim under way."""
        return bool(self._in_flight) or self._claiming is not None

    async def settled(self) -> None:
        """Wait until this worker holds nothing: no item in flight, no claim under way."""
        while True:
            running = list(self._in_flight.values())
            if running:
                await asyncio.wait(running)
            elif self._claiming is not None:
                await asyncio.shield(self._claiming)
            else:
                return

    def _finished(self, key: int, _task: asyncio.Task[None]) -> None:
        self._in_flight.pop(key, None)
        self._wake.set()

    async def _wait_for_work(self) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout=self.policy.poll_seconds)

    async def _claim_quietly(self, limit: int) -> list[Claimed]:
        try:
            return await self.claim(limit)
        except (DBAPIError, OSError) as error:
            log.warning("inbox: cannot reach the database (%s); retrying", type(error).__name__)
            return []

    async def settle_failure(
        self, item: Claimed, error: Exception, *, retry_at: datetime | None = None
    ) -> None:
        """Retry the item later (at `retry_at`, else backoff), or give up after `max_attempts`."""
        await self._settle_failure(item, error, retry_at=retry_at)

    async def _settle(self, item: Claimed, *, status: str, error: str | None) -> None:
        async def mark(session: AsyncSession) -> None:
            await settle(session, item.id, status=status, error=error)

        try:
            await self._retrying(mark)
        except (DBAPIError, OSError):
            # The lease runs out and the item is processed again; its turn is a no-op then.
            log.warning("inbox: could not settle item %s; its lease will run out", item.id)

    async def _settle_failure(
        self, item: Claimed, error: Exception, *, retry_at: datetime | None = None
    ) -> None:
        reason = f"{type(error).__name__}: {error}"[:2000]
        if item.attempts >= self.policy.max_attempts:
            await self._settle(item, status="failed", error=reason)
            self._note(item.source, "failed")
            return
        if retry_at is None:
            backoff = self.policy.retry_base_seconds * 2 ** (item.attempts - 1)
            retry_at = utcnow() + timedelta(seconds=min(backoff, 300))

        async def reschedule(session: AsyncSession) -> None:
            await put_off(session, item.id, until=retry_at, error=reason)

        try:
            await self._retrying(reschedule)
        except (DBAPIError, OSError):
            log.warning("inbox: could not reschedule item %s; its lease will run out", item.id)
        self._note(item.source, "retry")

    async def _park(self, item: Claimed, reason: str) -> None:
        """Set the item aside for a person to look at (`todobot inbox`), and say sorry."""
        await self._settle(item, status=PARKED, error=reason)
        self._note(item.source, PARKED)
        apologise = self.apologies.get(item.source)
        if apologise is not None:
            try:
                await apologise(item.payload)
            except Exception:
                log.warning("inbox: could not apologise for parked item %s", item.id)

    async def _retrying(self, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
        return await in_transaction(self.db, work, retries=self.policy.db_retries)

    def _note(self, source: str, outcome: str) -> None:
        if self.observe is not None:
            self.observe(source, outcome)
