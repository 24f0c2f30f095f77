"""SIGTERM to `serve --workers 2` under load: every request gets its answer or a refused
connection — never a reset after it was sent — and a turn in flight finishes."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from sqlalchemy import Connection, create_engine, text

from adapters.http.auth import issue_token
from core.storage.db import sync_url
from tests.conftest import _truncate
from tests.serve_processes import ServeProcess, start_serve
from tests.steady_load import SteadyLoad

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

SECRET = "drain-secret-" + "0123456789abcdef" * 3
GRACE_SECONDS = 10


@contextmanager
def holding_the_row_of(url: str, user: str) -> Iterator[Connection]:
    """Lock one person's row, so their next turn waits inside its transaction."""
    engine = create_engine(sync_url(url))
    with engine.connect() as connection:
        connection.execute(
            text(
                'SELECT u.id FROM "user" u JOIN identity i ON i.user_id = u.id '
                "WHERE i.platform = 'api' AND i.external_id = :user FOR UPDATE OF u"
            ),
            {"user": user},
        )
        yield connection
        connection.rollback()
    engine.dispose()


def waiting_for_a_lock(url: str) -> bool:
    engine = create_engine(sync_url(url))
    with engine.connect() as connection:
        waiting = connection.execute(
            text("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")
        ).scalar_one()
    engine.dispose()
    return bool(waiting)


def stored_titles(url: str) -> list[str]:
    engine = create_engine(sync_url(url))
    with engine.connect() as connection:
        titles = list(connection.execute(text("SELECT title FROM task")).scalars())
    engine.dispose()
    return titles


async def until(condition: object, server: ServeProcess, within: float = 60) -> None:
    deadline = time.monotonic() + within
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, server.tail()
        await asyncio.sleep(0.02)


async def test_sigterm_under_load_answers_or_refuses_every_request(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)
    _truncate(postgres_url)
    env = {
        "DATABASE_URL": postgres_url,
        "API_JWT_SECRET": SECRET,
        "AGENT_BACKEND": "builtin",
        "RATE_LIMIT_PER_MINUTE": "0",
        "DB_POOL_SIZE": "4",
        "DB_MAX_OVERFLOW": "4",
        "SHUTDOWN_GRACE_SECONDS": str(GRACE_SECONDS),
    }
    server = await start_serve(env, tmp_path, "--workers", "2")
    await until(
        lambda: sum("Application startup complete" in line for line in server.log) >= 2, server
    )
    token = issue_token(SECRET, "slowpoke", ttl_seconds=600, now=time.time())
    auth = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(timeout=60) as client:
        first = await client.post(
            f"{server.url}/api/slowpoke/chat", json={"message": "add warm up"}, headers=auth
        )
        assert first.status_code == 200
        keeping = SteadyLoad(server.url, SECRET, clients=8, stop_when_refused=True).start("kept")
        fresh = SteadyLoad(
            server.url, SECRET, clients=8, keep_alive=False, stop_when_refused=True
        ).start("fresh")
        await until(
            lambda: len(keeping.outcomes.answered) + len(fresh.outcomes.answered) > 40, server
        )

        with holding_the_row_of(postgres_url, "slowpoke") as held:
            in_flight = asyncio.create_task(
                client.post(
                    f"{server.url}/api/slowpoke/chat",
                    json={"message": "add finish me"},
                    headers=auth,
                )
            )
            await until(lambda: waiting_for_a_lock(postgres_url), server)
            stopped_at = time.monotonic()
            server.process.terminate()  # SIGTERM to the parent, as a process manager does
            await until(lambda: sum("Shutting down" in line for line in server.log) >= 2, server)
            held.rollback()  # the turn in flight may go on now
        slow = await in_flight
        outcomes = [await keeping.finished(), await fresh.finished()]
        await server.process.wait()
        took = time.monotonic() - stopped_at
    await server.stop()

    assert slow.status_code == 200, "the turn in flight finished after SIGTERM"
    for seen in outcomes:
        assert not seen.broken, f"requests sent and never answered: {seen.broken}"
        assert set(seen.statuses) == {200}, seen.statuses
        assert seen.refused > 0, "the load ran until the server refused connections"
    answered = [title for seen in outcomes for title in seen.answered]
    assert sorted(stored_titles(postgres_url)) == sorted([*answered, "warm up", "finish me"])
    assert server.process.returncode == 0
    assert took < 2 * GRACE_SECONDS, f"the server took {took:.1f} s to stop"
