"""The inbox's statements on its rows: leasing a batch, settling, putting off, renewing and
forgetting items."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, or_, update
from sqlalchemy.orm import aliased
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.delivery_models import InboxItem
from core.storage.models import utcnow


@dataclass(frozen=True)
class Claimed:
    id: int
    source: str
    delivery_id: str
    payload: dict[str, Any]
    attempts: int


def _by_turns(item: Any, claimable: tuple[Any, ...], limit: int) -> Any:
    """The ids of up to `limit` claimable items, round by round between their people: each
    person's items numbered in the order they fell due, then taken by that number."""
    numbered = (
        select(
            item.id.label("id"),
            item.locked_until.label("due"),
            func.row_number()
            .over(
                partition_by=col(item.fair_key),
                order_by=(col(item.locked_until), col(item.id)),
            )
            .label("turn"),
        )
        .where(*claimable)
        .subquery("numbered")
    )
    return (
        select(numbered.c.id).order_by(numbered.c.turn, numbered.c.due, numbered.c.id).limit(limit)
    )


async def lease(
    session: AsyncSession,
    *,
    sources: list[str],
    limit: int,
    by_due: bool,
    at: datetime,
    until: datetime,
    worker_id: str,
) -> list[Claimed]:
    """Lease up to `limit` pending items of `sources` nobody holds (see `Inbox.claim`)."""
    item, earlier = aliased(InboxItem, name="item"), aliased(InboxItem, name="earlier")
    waits_its_turn = (
        select(earlier.id)
        .where(
            col(earlier.order_key) == col(item.order_key),
            col(earlier.status) == "pending",
            col(earlier.id) < col(item.id),
        )
        .correlate(item)
        .exists()
    )
    claimable = (
        col(item.status) == "pending",
        col(item.source).in_(sources),
        or_(col(item.locked_until).is_(None), col(item.locked_until) <= at),
        or_(col(item.order_key).is_(None), ~waits_its_turn),
    )
    if by_due:
        free = (
            select(InboxItem.id)
            .where(col(InboxItem.id).in_(_by_turns(item, claimable, limit)))
            .with_for_update(skip_locked=True)
        )
    else:
        free = (
            select(item.id)
            .where(*claimable)
            .order_by(col(item.id))
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
    leased = await session.exec(
        update(InboxItem)
        .where(col(InboxItem.id).in_(free))
        .values(locked_until=until, locked_by=worker_id, attempts=InboxItem.attempts + 1)
        .returning(
            col(InboxItem.id),
            col(InboxItem.source),
            col(InboxItem.delivery_id),
            col(InboxItem.payload),
            col(InboxItem.attempts),
        )
        .execution_options(synchronize_session=False)
    )
    return sorted((Claimed(*row) for row in leased.all()), key=lambda item: item.id)


async def settle(session: AsyncSession, item_id: int, *, status: str, error: str | None) -> None:
    """A still-pending item is done, failed or parked: its lease let go."""
    await session.exec(
        update(InboxItem)
        .where(col(InboxItem.id) == item_id, col(InboxItem.status) == "pending")
        .values(
            status=status,
            processed_at=utcnow(),
            locked_until=None,
            locked_by=None,
            last_error=error,
        )
    )


async def put_off(session: AsyncSession, item_id: int, *, until: datetime, error: str) -> None:
    """A still-pending item waits until `until` before anyone claims it again."""
    await session.exec(
        update(InboxItem)
        .where(col(InboxItem.id) == item_id, col(InboxItem.status) == "pending")
        .values(locked_until=until, locked_by=None, last_error=error)
    )


async def renew_leases(
    session: AsyncSession, held: list[int], *, worker_id: str, until: datetime
) -> None:
    """The worker's pending items stay its own until `until`."""
    await session.exec(
        update(InboxItem)
        .where(
            col(InboxItem.id).in_(held),
            col(InboxItem.locked_by) == worker_id,
            col(InboxItem.status) == "pending",
        )
        .values(locked_until=until)
    )


async def forget_done(session: AsyncSession, *, before: datetime) -> None:
    """Items done before `before` are gone (their dedupe lives on in processed_event)."""
    await session.exec(
        delete(InboxItem).where(
            col(InboxItem.status) == "done", col(InboxItem.processed_at) < before
        )
    )
