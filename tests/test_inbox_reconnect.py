"""A transaction that loses its PostgreSQL connection half-way is retried whole."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import text
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.delivery.inbox import Inbox
from core.delivery.inbox_policy import InboxPolicy
from core.storage.db import Database, in_transaction
from core.storage.delivery_models import InboxItem
from tests.conftest import _truncate

pytestmark = pytest.mark.postgres


@pytest.fixture
async def postgres(postgres_url: str) -> AsyncIterator[Database]:
    _truncate(postgres_url)
    db = Database(postgres_url, pool_size=2, max_overflow=0)
    yield db
    await db.dispose()


async def test_a_dropped_connection_reruns_the_whole_transaction(postgres: Database) -> None:
    attempts: list[int] = []

    async def record_then_lose_the_connection(session: AsyncSession) -> str:
        attempts.append(len(attempts) + 1)
        session.add(InboxItem(source="test", delivery_id=f"try-{len(attempts)}", payload={}))
        await session.flush()
        if len(attempts) == 1:
            await session.exec(text("SELECT pg_terminate_backend(pg_backend_pid())"))
        return "committed"

    assert await in_transaction(postgres, record_then_lose_the_connection) == "committed"

    assert attempts == [1, 2]
    async with postgres.session() as session:
        stored = (await session.exec(select(InboxItem.delivery_id))).all()
    assert stored == ["try-2"]  # the first attempt's half was rolled back with its connection


async def test_recording_survives_connections_killed_by_the_server(postgres: Database) -> None:
    inbox = Inbox(postgres, {}, InboxPolicy())
    assert await inbox.record("test", "1", {"n": 1})
    async with postgres.session() as session, session.begin():
        await session.exec(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        )
    assert await inbox.record("test", "2", {"n": 2})
    assert not await inbox.record("test", "1", {"n": 1})
