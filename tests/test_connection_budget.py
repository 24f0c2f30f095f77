"""The PostgreSQL connections a deployment holds: `serve` says at start when the server
cannot give them, LISTEN can go straight to PostgreSQL while the pools go through a
pooler, and server-side prepared statements can be turned off for a pooler that loses them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from bot.settings import load_settings
from bot.wiring import build_database, build_inbox
from core.storage.db import Database
from tests.serve_processes import start_serve

WARNING = "PostgreSQL connections: this server may hold"


def server_max_connections(url: str) -> int:
    conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo) as connection:
        row = connection.execute("SHOW max_connections").fetchone()
    assert row is not None
    return int(row[0])


async def serve_log(postgres_url: str, tmp_path: Path, pool: int, overflow: int) -> list[str]:
    env = {
        "DATABASE_URL": postgres_url,
        "AGENT_BACKEND": "builtin",
        "DB_POOL_SIZE": str(pool),
        "DB_MAX_OVERFLOW": str(overflow),
    }
    served = await start_serve(env, tmp_path)
    await served.stop()
    return served.log


@pytest.mark.slow
async def test_serve_warns_at_start_when_its_pools_exceed_the_servers_connections(
    postgres_url: str, tmp_path: Path
) -> None:
    limit = server_max_connections(postgres_url)
    log = await serve_log(postgres_url, tmp_path, pool=limit, overflow=10)

    warned = [line for line in log if WARNING in line]
    held = limit + 10 + 4 + 1  # the pool and its overflow, the acks' pool, the LISTEN
    assert len(warned) == 1, "\n".join(log)
    assert f"may hold {held} (1 worker(s) x {held}:" in warned[0]
    assert f"max_connections {limit} less 10" in warned[0]


@pytest.mark.slow
async def test_serve_starts_without_a_word_when_its_pools_fit(
    postgres_url: str, tmp_path: Path
) -> None:
    log = await serve_log(postgres_url, tmp_path, pool=1, overflow=0)

    assert not [line for line in log if WARNING in line], "\n".join(log)
    assert any("Uvicorn running" in line for line in log)


async def test_workers_listen_on_database_listen_url(postgres_url: str) -> None:
    """LISTEN goes where DATABASE_LISTEN_URL says (here the same server, told apart by its
    application name), not through DATABASE_URL's pool."""
    direct = make_url(postgres_url).update_query_dict({"application_name": "todobot-listen"})
    settings = load_settings(
        database_url=postgres_url,
        database_listen_url=direct.render_as_string(hide_password=False),
        inbox_poll_seconds=60,
    )
    db = build_database(settings)
    inbox = build_inbox(settings, db)
    running = asyncio.create_task(inbox.run())
    try:
        query = text(
            "SELECT query FROM pg_stat_activity "
            "WHERE application_name = 'todobot-listen' AND query LIKE 'LISTEN%'"
        )
        for _ in range(200):
            async with db.engine.connect() as connection:
                listening = (await connection.execute(query)).scalars().all()
            if listening:
                break
            await asyncio.sleep(0.05)
        assert listening == ["LISTEN todobot_inbox"]
    finally:
        await inbox.stop(grace_seconds=1)
        await running
        await db.dispose()


def test_without_database_listen_url_workers_listen_on_database_url() -> None:
    settings = load_settings(database_url="postgresql+psycopg://todobot@db.example/todobot")

    inbox = build_inbox(settings, build_database(settings))

    assert inbox.listen_url is None  # so the inbox listens on its database's URL


async def prepared_on_the_server(db: Database) -> int:
    """Run one statement ten times on one connection; how many statements it has prepared."""
    async with db.engine.connect() as connection:
        for number in range(10):
            await connection.execute(text("SELECT :n + 1"), {"n": number})
        prepared = "SELECT count(*) FROM pg_prepared_statements"
        return int((await connection.execute(text(prepared))).scalar_one())


async def test_prepared_statements_can_be_turned_off_for_a_pooler(postgres_url: str) -> None:
    kept = build_database(load_settings(database_url=postgres_url))
    off = build_database(load_settings(database_url=postgres_url, db_prepared_statements=False))
    try:
        assert await prepared_on_the_server(kept) >= 1
        assert await prepared_on_the_server(off) == 0
    finally:
        await kept.dispose()
        await off.dispose()
