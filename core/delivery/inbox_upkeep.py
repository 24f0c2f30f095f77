"""The inbox's upkeep beside its worker loop: the leases of running items are renewed (a long
turn is not taken over), and now and then items done long ago are forgotten.

It outlives any failure of its own: a renewal that cannot get a connection (the pool busy
with turns on a loaded machine) is logged and tried again at the next beat, never the end of
renewing for the rest of the process."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel.ext.asyncio.session import AsyncSession

from core.delivery.inbox_policy import PRUNE_EVERY_SECONDS, InboxPolicy
from core.delivery.inbox_rows import forget_done, renew_leases
from core.storage.db import Database, in_transaction
from core.storage.models import utcnow

log = logging.getLogger(__name__)


@dataclass
class Upkeep:
    db: Database
    policy: InboxPolicy
    worker_id: str
    held: Callable[[], list[int]]  # the ids of the items running now

    async def run(self) -> None:
        pruned_at = 0.0
        loop = asyncio.get_running_loop()
        while True:
            if loop.time() - pruned_at > PRUNE_EVERY_SECONDS:
                await self._prune()
                pruned_at = loop.time()
            await asyncio.sleep(self.policy.lease_seconds / 3)
            await self._renew_leases()

    async def _renew_leases(self) -> None:
        held = self.held()
        if held:

            async def renew(session: AsyncSession) -> None:
                until = utcnow() + timedelta(seconds=self.policy.lease_seconds)
                await renew_leases(session, held, worker_id=self.worker_id, until=until)

            try:
                await in_transaction(self.db, renew, retries=self.policy.db_retries)
            except (SQLAlchemyError, OSError) as error:
                log.warning("inbox: could not renew leases (%s)", type(error).__name__)

    async def _prune(self) -> None:
        """Forget items done long ago (their dedupe lives on in processed_event)."""
        cutoff = utcnow() - timedelta(hours=self.policy.retention_hours)

        async def forget(session: AsyncSession) -> None:
            await forget_done(session, before=cutoff)

        try:
            await in_transaction(self.db, forget, retries=self.policy.db_retries)
        except (SQLAlchemyError, OSError) as error:
            log.warning("inbox: could not prune old items (%s)", type(error).__name__)
