"""Dedupe of platform deliveries, claimed inside the transaction that applies them."""

from __future__ import annotations

from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel.ext.asyncio.session import AsyncSession

from core.models import ProcessedEvent, utcnow


async def claim_event(session: AsyncSession, *, source: str, event_id: str) -> bool:
    """True the first time (source, event_id) is seen. A concurrent twin waits on the
    unique key until this transaction ends, then sees it taken."""
    dialect = session.bind.dialect.name if session.bind else "sqlite"
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = (
        insert(ProcessedEvent)
        .values(source=source, event_id=event_id[:255], created_at=utcnow())
        .on_conflict_do_nothing(index_elements=["source", "event_id"])
        .returning(ProcessedEvent.id)
    )
    result = await session.exec(statement)
    return result.first() is not None
