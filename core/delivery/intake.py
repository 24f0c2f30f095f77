"""Writing platform deliveries down before the ack, many at a time.

Deliveries arriving while a write is under way share the next one (group commit): under load
one INSERT and one commit serve many acks, and no ack waits for more than two writes.
"""

from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass
from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.db import Database, in_transaction
from core.storage.models import InboxItem, utcnow

BATCH = 500


@dataclass(frozen=True)
class _Arrival:
    source: str
    delivery_id: str
    payload: dict[str, Any]
    written: asyncio.Future[bool]


class Intake:
    def __init__(self, db: Database, *, retries: int = 5) -> None:
        self.db = db
        self.retries = retries
        self._waiting: list[_Arrival] = []
        self._writer: asyncio.Task[None] | None = None

    async def write(self, source: str, delivery_id: str, payload: dict[str, Any]) -> bool:
        """True when the delivery is new; once this returns it is stored."""
        written: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append(_Arrival(source, delivery_id[:255], payload, written))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_waiting(), name="inbox-intake")
        return await written

    async def _write_waiting(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting[:BATCH], self._waiting[BATCH:]
            try:
                inserted = await in_transaction(
                    self.db, functools.partial(_insert_new, batch=batch), retries=self.retries
                )
            except Exception as error:  # every waiting ack learns it was not written
                for arrival in batch:
                    if not arrival.written.done():
                        arrival.written.set_exception(error)
                continue
            for arrival in batch:
                key = (arrival.source, arrival.delivery_id)
                arrival.written.set_result(key in inserted)
                inserted.discard(key)  # a twin later in the same batch is a duplicate


async def _insert_new(session: AsyncSession, *, batch: list[_Arrival]) -> set[tuple[str, str]]:
    """Insert the batch; the keys that were new (a redelivery is skipped by the unique key)."""
    dialect = session.bind.dialect.name if session.bind else "sqlite"
    insert_into = postgresql.insert if dialect == "postgresql" else sqlite.insert
    now = utcnow()
    rows = [
        {
            "source": arrival.source,
            "delivery_id": arrival.delivery_id,
            "payload": arrival.payload,
            "status": "pending",
            "attempts": 0,
            "created_at": now,
        }
        for arrival in batch
    ]
    statement = (
        insert_into(InboxItem)
        .values(rows)
        .on_conflict_do_nothing(index_elements=["source", "delivery_id"])
        .returning(col(InboxItem.source), col(InboxItem.delivery_id))
    )
    return {(row[0], row[1]) for row in (await session.exec(statement)).all()}
