"""Deliveries set aside: parked for a person to look at, or given up on; and putting one back
in line (`todobot inbox`)."""

from __future__ import annotations

from sqlalchemy import update
from sqlmodel import col, select

from core.storage.db import Database
from core.storage.delivery_models import InboxItem

PARKED = "parked"


async def parked_items(db: Database, *, limit: int = 100) -> list[InboxItem]:
    """Items set aside (parked) or given up on (failed), newest first."""
    async with db.session() as session:
        rows = await session.exec(
            select(InboxItem)
            .where(col(InboxItem.status).in_([PARKED, "failed"]))
            .order_by(col(InboxItem.id).desc())
            .limit(limit)
        )
        return list(rows.all())


async def retry_item(db: Database, item_id: int) -> bool:
    """Put a parked or failed item back in line, with its attempts reset; False if none."""
    async with db.session() as session, session.begin():
        result = await session.exec(
            update(InboxItem)
            .where(col(InboxItem.id) == item_id, col(InboxItem.status).in_([PARKED, "failed"]))
            .values(status="pending", attempts=0, locked_until=None, locked_by=None)
            .returning(col(InboxItem.id))
        )
        return result.first() is not None
