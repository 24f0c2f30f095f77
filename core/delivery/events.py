"""Dedupe of platform deliveries, claimed inside the transaction that applies them.

A delivery's answer is kept with its claim until it is noted as sent (`mark_answered`), and
its send is claimed too (`sending_until`): the turn that applied it claims the send in its own
transaction, and a later attempt at the same delivery (its worker's lease ran out, or the send
failed) takes the kept answer only once no one else's send claim holds it
(`claim_unanswered`). So two attempts never send one answer side by side; an answer whose
sender died is sent by the next attempt once the claim runs out.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, or_, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.delivery.transient import RetryLater
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


class SendInFlight(RetryLater):
    """Another attempt at this delivery holds the send of its answer for `retry_after` more
    seconds: it is sending it now. Try again then (it is noted as sent, or its sender died)."""

    def __init__(self, source: str, event_id: str, *, seconds: float) -> None:
        super().__init__(f"the answer to {source}/{event_id} is being sent by another attempt")
        self.retry_after = max(seconds, 0.0)


async def keep_reply(
    session: AsyncSession,
    *,
    source: str,
    event_id: str,
    reply: dict[str, Any],
    sending_until: datetime | None = None,
) -> None:
    """Keep the turn's answer with its claim, in the same transaction; with `sending_until`,
    this turn's worker holds its send until then."""
    await session.exec(
        update(ProcessedEvent)
        .where(_the(source, event_id))
        .values(reply=reply, sending_until=sending_until)
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


async def claim_unanswered(
    session: AsyncSession, *, source: str, event_id: str, now: datetime, until: datetime
) -> dict[str, Any] | None:
    """The kept answer of an applied delivery that never reached the person, its send now
    held by the caller until `until`; None when there is none. In one statement, so of two
    attempts asking at once only one gets it. Raises SendInFlight while another attempt's
    send claim holds it."""
    unsent = (_the(source, event_id), col(ProcessedEvent.answered_at).is_(None))
    kept = col(ProcessedEvent.reply).is_not(None)
    free = or_(
        col(ProcessedEvent.sending_until).is_(None), col(ProcessedEvent.sending_until) <= now
    )
    taken = await session.exec(
        update(ProcessedEvent)
        .where(*unsent, kept, free)
        .values(sending_until=until)
        .returning(col(ProcessedEvent.reply))
        .execution_options(synchronize_session=False)
    )
    record = taken.first()
    if record is not None:
        return dict(record[0])
    held = await session.exec(select(ProcessedEvent.sending_until).where(*unsent, kept))
    holder = held.first()
    if holder is not None:
        raise SendInFlight(source, event_id, seconds=(holder - now).total_seconds())
    return None


async def release_send(session: AsyncSession, *, source: str, event_id: str) -> None:
    """The send of a kept answer failed: the next attempt may send it at once."""
    await session.exec(
        update(ProcessedEvent)
        .where(_the(source, event_id), col(ProcessedEvent.answered_at).is_(None))
        .values(sending_until=None)
        .execution_options(synchronize_session=False)
    )


async def mark_answered(session: AsyncSession, *, source: str, event_id: str) -> None:
    await session.exec(
        update(ProcessedEvent)
        .where(_the(source, event_id))
        .values(answered_at=utcnow(), reply=None, sending_until=None)
        .execution_options(synchronize_session=False)
    )


def _the(source: str, event_id: str) -> Any:
    return (col(ProcessedEvent.source) == source) & (col(ProcessedEvent.event_id) == event_id[:255])
