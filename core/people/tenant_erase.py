"""A workspace that removed the app: its people's data goes after a grace period.

When a workspace's admin uninstalls the app, the adapter deletes the installation at once and,
in the same transaction, books this erasure as scheduled work (core/delivery/scheduled.py)
for UNINSTALL_RETENTION_DAYS later; installing the app again before then calls it off, and
everything is still there. When it comes due, each person known only through an account of
that workspace is erased as a "forget me" erases them (core/people/erase.py); a person who
linked an account elsewhere keeps their list and loses only the workspace's account. One
`erasure` row records it: the hash of the workspace and the rows that went, nothing that
names anyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from uuid import UUID

from sqlalchemy import delete, func
from sqlalchemy.exc import DBAPIError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.clock import Clock, SystemClock
from core.delivery import scheduled
from core.delivery.inbox import Inbox
from core.delivery.inbox_policy import InboxPolicy
from core.delivery.inbox_rows import Claimed
from core.people.erase import erase_rows, record_erasure
from core.storage.account_models import WorkspaceInstall
from core.storage.db import Database, in_transaction
from core.storage.models import Identity, iso

log = logging.getLogger(__name__)

SOURCE = "erase-tenant"
POLL_SECONDS = 60.0
BATCH = 20


def _key(platform: str, tenant: str) -> str:
    return f"{platform}:{tenant}:"


async def erase_later(
    session: AsyncSession,
    *,
    platform: str,
    tenants: Sequence[str],
    requested_at: datetime,
    at: datetime,
) -> None:
    """Book the erasure of each workspace in `tenants` at `at` (in the caller's transaction)."""
    for tenant in tenants:
        await scheduled.schedule(
            session,
            source=SOURCE,
            key=_key(platform, tenant) + iso(requested_at),
            payload={"platform": platform, "tenant": tenant, "requested_at": iso(requested_at)},
            at=at,
        )


async def keep(session: AsyncSession, *, platform: str, tenants: Sequence[str]) -> None:
    """The app is back in these workspaces: call off their erasures still waiting."""
    for tenant in tenants:
        await scheduled.cancel(session, source=SOURCE, key_prefix=_key(platform, tenant))


async def installed(session: AsyncSession, *, platform: str, tenant: str) -> bool:
    """Whether the app is installed in the workspace, by itself or organization-wide."""
    rows = await session.exec(
        select(WorkspaceInstall.tenant, WorkspaceInstall.served).where(
            col(WorkspaceInstall.platform) == platform,
            (col(WorkspaceInstall.tenant) == tenant) | col(WorkspaceInstall.org_wide),
        )
    )
    return any(found == tenant or tenant in served for found, served in rows.all())


async def erase_tenant(
    session: AsyncSession,
    *,
    platform: str,
    tenant: str,
    requested_at: datetime,
    now: datetime,
) -> dict[str, int] | None:
    """Erase the workspace's people (see above); the rows that went, or None when the app
    is installed there again."""
    if await installed(session, platform=platform, tenant=tenant):
        return None
    accounts = await session.exec(
        select(Identity.id, Identity.user_id).where(
            col(Identity.platform) == platform, col(Identity.tenant) == tenant
        )
    )
    totals: Counter[str] = Counter()
    for identity_id, user_id in accounts.all():
        if await _accounts_of(session, user_id) > 1:
            await session.exec(delete(Identity).where(col(Identity.id) == identity_id))
            totals["identity"] += 1
            continue
        totals.update(await erase_rows(session, user_id=user_id) or {})
    counts = dict(totals)
    erasure = await record_erasure(
        session,
        subject=_key(platform, tenant),
        counts=counts,
        requested_at=requested_at,
        erased_at=now,
    )
    log.info("erased a workspace that removed the app: erasure %s, rows %s", erasure.id, counts)
    return counts


async def _accounts_of(session: AsyncSession, user_id: UUID) -> int:
    found = await session.exec(
        select(func.count()).select_from(Identity).where(col(Identity.user_id) == user_id)
    )
    return int(found.one())


@dataclass
class TenantEraser:
    """Runs the workspace erasures that came due; every worker process may (a claim hands
    each to one). `clock` says when "due" is."""

    db: Database
    clock: Clock = field(default_factory=SystemClock)
    poll_seconds: float = POLL_SECONDS

    def __post_init__(self) -> None:
        self._inbox = Inbox(self.db, policy=InboxPolicy(lease_seconds=600.0))
        self._stopped = asyncio.Event()
        self._one_round = asyncio.Lock()

    async def run_once(self) -> int:
        """Erase what is due now; how many erasures were claimed. A round running already
        is waited for, so what was due then is done when this returns."""
        async with self._one_round:
            return await self._round()

    async def _round(self) -> int:
        items = await self._inbox.claim(BATCH, sources=[SOURCE], by_due=True, now=self.clock.now())
        for item in items:

            async def erase(session: AsyncSession, item: Claimed = item) -> None:
                await self._erase(session, item)

            try:
                await in_transaction(self.db, erase)
            except Exception as error:  # tried again with backoff; parked after the limit
                log.exception("could not erase a workspace that removed the app")
                await self._inbox.settle_failure(item, error)
        return len(items)

    async def run(self) -> None:
        while not self._stopped.is_set():
            try:
                await self.run_once()
            except (DBAPIError, OSError) as error:
                log.warning("workspace erasures: database unreachable (%s)", type(error).__name__)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopped.wait(), self.poll_seconds)

    def stop(self) -> None:
        self._stopped.set()

    async def _erase(self, session: AsyncSession, item: Claimed) -> None:
        payload = item.payload
        await erase_tenant(
            session,
            platform=str(payload["platform"]),
            tenant=str(payload["tenant"]),
            requested_at=datetime.fromisoformat(
                str(payload["requested_at"]).replace("Z", "+00:00")
            ),
            now=self.clock.now(),
        )
        await scheduled.finish(session, item_ids=[item.id])
