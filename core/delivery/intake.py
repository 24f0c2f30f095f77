"""Writing platform deliveries down before the ack, many at a time.

Deliveries arriving while a write is under way share the next one (group commit): under load
one INSERT and one commit serve many acks, and no ack waits for more than two writes. Rows are
inserted in arrival order, so their ids are the order one person's deliveries will run in.

On PostgreSQL a write is one statement in one round trip (the ack waits for it): the batch goes
in as arrays, and the same statement wakes the workers listening for new deliveries
(core/delivery/wakeup.py), wherever they run. Being one statement it needs no transaction around it.
"""

from __future__ import annotations

import asyncio
import functools
import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.dialects import sqlite
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from core.delivery import wakeup
from core.storage.db import Database, in_autocommit, in_transaction
from core.storage.delivery_models import InboxItem
from core.storage.models import utcnow

BATCH = 500

# New rows in arrival order, duplicates skipped, every listening worker woken (PostgreSQL
# delivers identical notifications of one transaction once). The payloads go in as one JSON
# array, split without reading inside them (a payload may hold any escape, even \u0000).
POSTGRES_INSERT = text(
    f"""
    WITH arrived AS (
        INSERT INTO inbox_item
            (source, delivery_id, order_key, payload, status, attempts, created_at)
        SELECT source, delivery_id, order_key, payload, 'pending', 0, :now
        FROM unnest(CAST(:sources AS text[]), CAST(:ids AS text[]), CAST(:keys AS text[]))
            WITH ORDINALITY AS arrival (source, delivery_id, order_key, position)
        JOIN json_array_elements(CAST(:payloads AS json))
            WITH ORDINALITY AS body (payload, position) USING (position)
        ORDER BY position
        ON CONFLICT (source, delivery_id) DO NOTHING
        RETURNING source, delivery_id
    )
    SELECT source, delivery_id, pg_notify('{wakeup.CHANNEL}', '') FROM arrived
    """
)


@dataclass(frozen=True)
class _Arrival:
    source: str
    delivery_id: str
    order_key: str | None
    payload: dict[str, Any]
    written: asyncio.Future[bool]


class Intake:
    def __init__(self, db: Database, *, retries: int = 5) -> None:
        self.db = db
        self.retries = retries
        self._waiting: list[_Arrival] = []
        self._writer: asyncio.Task[None] | None = None

    async def write(
        self,
        source: str,
        delivery_id: str,
        payload: dict[str, Any],
        *,
        order_key: str | None = None,
    ) -> bool:
        """True when the delivery is new; once this returns it is stored."""
        written: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        key = order_key[:255] if order_key else None
        self._waiting.append(_Arrival(source, delivery_id[:255], key, payload, written))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_waiting(), name="inbox-intake")
        return await written

    async def _write_waiting(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting[:BATCH], self._waiting[BATCH:]
            try:
                inserted = await self._insert(batch)
            except Exception as error:  # every waiting ack learns it was not written
                for arrival in batch:
                    if not arrival.written.done():
                        arrival.written.set_exception(error)
                continue
            for arrival in batch:
                key = (arrival.source, arrival.delivery_id)
                arrival.written.set_result(key in inserted)
                inserted.discard(key)  # a twin later in the same batch is a duplicate

    async def _insert(self, batch: list[_Arrival]) -> set[tuple[str, str]]:
        """Insert the batch; the keys that were new (a redelivery is skipped by the unique
        key)."""
        if self.db.is_sqlite:
            insert = functools.partial(_insert_on_sqlite, batch=batch)
            return await in_transaction(self.db, insert, retries=self.retries)
        statement = functools.partial(_insert_on_postgres, batch=batch)
        return await in_autocommit(self.db, statement, retries=self.retries)


async def _insert_on_sqlite(
    session: AsyncSession, *, batch: list[_Arrival]
) -> set[tuple[str, str]]:
    now = utcnow()
    rows = [
        {
            "source": arrival.source,
            "delivery_id": arrival.delivery_id,
            "order_key": arrival.order_key,
            "payload": arrival.payload,
            "status": "pending",
            "attempts": 0,
            "created_at": now,
        }
        for arrival in batch
    ]
    statement = (
        sqlite.insert(InboxItem)
        .values(rows)
        .on_conflict_do_nothing(index_elements=["source", "delivery_id"])
        .returning(col(InboxItem.source), col(InboxItem.delivery_id))
    )
    return {(row[0], row[1]) for row in (await session.exec(statement)).all()}


async def _insert_on_postgres(
    connection: AsyncConnection, *, batch: list[_Arrival]
) -> set[tuple[str, str]]:
    result = await connection.execute(
        POSTGRES_INSERT,
        {
            "now": utcnow(),
            "sources": [arrival.source for arrival in batch],
            "ids": [arrival.delivery_id for arrival in batch],
            "keys": [arrival.order_key for arrival in batch],
            "payloads": json.dumps([arrival.payload for arrival in batch], separators=(",", ":")),
        },
    )
    return {(row[0], row[1]) for row in result.all()}
