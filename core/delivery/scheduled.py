"""Scheduled work rides on the durable inbox: an item leased until its time.

The inbox already claims pending items whose lease has run out (`FOR UPDATE SKIP LOCKED` on
PostgreSQL, one process on SQLite), retries failures with backoff and gives up after its
limit. Work due at a moment is written as an inbox item whose lease runs out at that moment,
in the same transaction as the row it is about (a reminder), so nothing acknowledged can be
lost between the two. One durable mechanism in the codebase, not a second queue.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.delivery_models import InboxItem
from core.storage.models import utcnow


async def schedule(
    session: AsyncSession,
    *,
    source: str,
    key: str,
    payload: dict[str, Any],
    at: datetime,
    fair_key: str | None = None,
) -> None:
    """Wake a worker serving `source` at `at` with `payload`; the same key twice is one item.
    Items due at once are claimed by turns between their `fair_key`s (their people)."""
    dialect = session.bind.dialect.name if session.bind else "sqlite"
    insert_into = postgresql.insert if dialect == "postgresql" else sqlite.insert
    await session.exec(
        insert_into(InboxItem)
        .values(
            source=source,
            delivery_id=key[:255],
            payload=payload,
            status="pending",
            attempts=0,
            locked_until=at,
            fair_key=fair_key,
            created_at=utcnow(),
        )
        .on_conflict_do_nothing(index_elements=["source", "delivery_id"])
    )


async def finish(session: AsyncSession, *, item_ids: list[int]) -> None:
    """Mark items done inside the caller's transaction (with the effect they woke for)."""
    if not item_ids:
        return
    await session.exec(
        update(InboxItem)
        .where(col(InboxItem.id).in_(item_ids), col(InboxItem.status) == "pending")
        .values(status="done", processed_at=utcnow(), locked_until=None, locked_by=None)
        .execution_options(synchronize_session=False)
    )


async def cancel(session: AsyncSession, *, source: str, key_prefix: str) -> None:
    """Call off the pending work of `source` whose keys start with `key_prefix` (marked done,
    so it never runs), inside the caller's transaction."""
    await session.exec(
        update(InboxItem)
        .where(
            col(InboxItem.source) == source,
            col(InboxItem.status) == "pending",
            col(InboxItem.delivery_id).startswith(key_prefix, autoescape=True),
        )
        .values(status="done", processed_at=utcnow(), locked_until=None, locked_by=None)
        .execution_options(synchronize_session=False)
    )
