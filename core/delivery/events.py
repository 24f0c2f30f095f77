"""Dedupe of platform deliveries, claimed inside the transaction that applies them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import delete, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.delivery_models import ProcessedEvent
from core.storage.models import utcnow

# Delivery ids that are a client's idempotency key (they expire; platform ids do not).
KEY_PREFIX = "key:"


async def claim_event(
    session: AsyncSession, *, source: str, event_id: str, expires_after: timedelta | None = None
) -> bool:
    """True the first time (source, event_id) is seen. A concurrent twin waits on the
    unique key until this transaction ends, then sees it taken. With `expires_after` (a
    client's idempotency key), a claim older than that is forgotten and the id is new again."""
    if expires_after is not None:
        await session.exec(
            delete(ProcessedEvent)
            .where(
                _the(source, event_id), col(ProcessedEvent.created_at) < utcnow() - expires_after
            )
            .execution_options(synchronize_session=False)
        )
    dialect = session.bind.dialect.name if session.bind else "sqlite"
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = (
        insert(ProcessedEvent)
        .values(source=source, event_id=event_id[:255], created_at=utcnow())
        .on_conflict_do_nothing(index_elements=["source", "event_id"])
        .returning(col(ProcessedEvent.id))
    )
    result = await session.exec(statement)
    return result.first() is not None


async def keep_reply(
    session: AsyncSession, *, source: str, event_id: str, reply: dict[str, Any]
) -> None:
    """Keep the turn's answer with its claim, in the same transaction."""
    await session.exec(
        update(ProcessedEvent)
        .where(_the(source, event_id))
        .values(reply=reply)
        .execution_options(synchronize_session=False)
    )


async def forget_expired_keys(session: AsyncSession, *, older_than: timedelta) -> int:
    """Drop the claims (and kept answers) of idempotency keys past their window."""
    result = await session.exec(
        delete(ProcessedEvent)
        .where(
            col(ProcessedEvent.event_id).startswith(KEY_PREFIX),
            col(ProcessedEvent.created_at) < utcnow() - older_than,
        )
        .execution_options(synchronize_session=False)
    )
    return int(result.rowcount or 0)


async def release_event(session: AsyncSession, *, source: str, event_id: str) -> None:
    """Undo this transaction's claim: the delivery was refused and may be tried again."""
    await session.exec(
        delete(ProcessedEvent)
        .where(_the(source, event_id))
        .execution_options(synchronize_session=False)
    )


async def unanswered_reply(
    session: AsyncSession, *, source: str, event_id: str
) -> dict[str, Any] | None:
    """The kept answer of an applied delivery that never reached the person, if any."""
    found = await session.exec(
        select(ProcessedEvent.reply).where(
            _the(source, event_id), col(ProcessedEvent.answered_at).is_(None)
        )
    )
    record = found.first()
    return dict(record) if record is not None else None


async def mark_answered(session: AsyncSession, *, source: str, event_id: str) -> None:
    await session.exec(
        update(ProcessedEvent)
        .where(_the(source, event_id))
        .values(answered_at=utcnow(), reply=None)
        .execution_options(synchronize_session=False)
    )


def _the(source: str, event_id: str) -> Any:
    return (col(ProcessedEvent.source) == source) & (col(ProcessedEvent.event_id) == event_id[:255])
