"""Recording before the ack: deliveries arriving together share one write (group commit)."""

from __future__ import annotations

import asyncio

from sqlalchemy import event
from sqlmodel import col, select

from core.delivery.inbox import Inbox
from core.storage.db import Database
from core.storage.models import InboxItem


async def test_deliveries_arriving_together_are_written_once_each(database: Database) -> None:
    intake = Database(database.url.render_as_string(hide_password=False))
    inserts: list[str] = []

    @event.listens_for(intake.engine.sync_engine, "before_cursor_execute")
    def count(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
        if statement.lstrip().upper().startswith("INSERT INTO INBOX_ITEM"):
            inserts.append(statement)

    inbox = Inbox(database, intake_db=intake)
    try:
        fresh = await asyncio.gather(
            *(inbox.record("telegram", str(n % 25), {"update_id": n % 25}) for n in range(100))
        )
    finally:
        await intake.dispose()
    assert sum(fresh) == 25, "each delivery id is new exactly once, twins in a batch included"
    assert len(inserts) < 10, "arrivals share writes"
    async with database.session() as session:
        stored = (
            await session.exec(select(InboxItem.delivery_id).order_by(col(InboxItem.id)))
        ).all()
    assert sorted(stored, key=int) == [str(n) for n in range(25)]
    assert not await inbox.record("telegram", "7", {"update_id": 7})
