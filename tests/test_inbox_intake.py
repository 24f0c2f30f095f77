"""Recording before the ack: deliveries arriving together share one write (group commit)."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import event
from sqlmodel import col, select

from core.delivery import wakeup
from core.delivery.inbox import Inbox
from core.storage.db import Database
from core.storage.delivery_models import InboxItem
from tests.fakes.telegram_api import WAIT_SECONDS


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
    assert stored == [str(n) for n in range(25)], "in the order they arrived"
    assert not await inbox.record("telegram", "7", {"update_id": 7})


@pytest.mark.postgres
async def test_a_recorded_delivery_wakes_workers_in_other_processes(postgres_url: str) -> None:
    """Intake and workers share only PostgreSQL: a commit of new deliveries notifies every
    listening worker, so none waits for its next poll."""
    woken = asyncio.Event()
    intake = Database(postgres_url, pool_size=1, max_overflow=0)
    listening = asyncio.create_task(wakeup.listen(intake.url, woken.set))
    try:
        await asyncio.wait_for(woken.wait(), WAIT_SECONDS)  # once listening, it looks anyway
        woken.clear()
        assert await Inbox(intake).record("telegram", "wake-1", {"update_id": 1})
        await asyncio.wait_for(woken.wait(), WAIT_SECONDS)
        woken.clear()
        assert not await Inbox(intake).record("telegram", "wake-1", {"update_id": 1})
        assert await Inbox(intake).record("telegram", "wake-2", {"update_id": 2})
        await asyncio.wait_for(woken.wait(), WAIT_SECONDS)
    finally:
        listening.cancel()
        await asyncio.gather(listening, return_exceptions=True)
        await intake.dispose()
