"""Retrying with an Idempotency-Key against real `todobot serve` processes on PostgreSQL:
an answer lost after the commit, and workers SIGKILLed under load."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import AsyncIterator

import httpx
import pytest
import pytest_asyncio
from sqlalchemy import create_engine, text

from adapters.http.auth import issue_token
from core.storage.db import sync_url
from tests.conftest import _truncate
from tests.cutting_proxy import CuttingProxy
from tests.serve_processes import ServeProcess, start_many

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.asyncio(loop_scope="module")]

COUNT = 120
SECRET = "retry-keys-secret-" + "0123456789abcdef" * 3


def serve_env(postgres_url: str) -> dict[str, str]:
    return {
        "DATABASE_URL": postgres_url,
        "API_JWT_SECRET": SECRET,
        "AGENT_BACKEND": "builtin",
        "RATE_LIMIT_PER_MINUTE": "0",
        "DB_POOL_SIZE": "4",
        "DB_MAX_OVERFLOW": "4",
        "SHUTDOWN_GRACE_SECONDS": "5",
    }


def headers(user: str, key: str) -> dict[str, str]:
    token = issue_token(SECRET, user, now=time.time())
    return {"Authorization": f"Bearer {token}", "Idempotency-Key": key}


def titles(url: str) -> Counter[str]:
    engine = create_engine(sync_url(url))
    with engine.connect() as connection:
        found = Counter(row[0] for row in connection.execute(text("SELECT title FROM task")))
    engine.dispose()
    return found


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def workers(
    postgres_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[list[ServeProcess]]:
    """Two separate servers on one database (the second outlives the first)."""
    started = await start_many(2, serve_env(postgres_url), tmp_path_factory.mktemp("serve"))
    try:
        yield started
    finally:
        await asyncio.gather(*(worker.stop() for worker in started))


@pytest.fixture
def fresh(postgres_url: str) -> str:
    _truncate(postgres_url)
    return postgres_url


async def test_an_answer_lost_after_the_commit_is_replayed_to_the_retry(
    fresh: str, workers: list[ServeProcess]
) -> None:
    server = workers[1]
    proxy = await CuttingProxy(int(server.url.rsplit(":", 1)[1])).start()
    try:
        async with httpx.AsyncClient(timeout=10) as client:
            proxy.cut_responses = True
            with pytest.raises(httpx.TransportError):
                await client.post(
                    f"{proxy.url}/api/ann/chat",
                    json={"message": "rename nothing, add call the plumber"},
                    headers=headers("ann", "lost-1"),
                )
            applied_before_the_retry = titles(fresh)
            proxy.cut_responses = False
            retry = await client.post(
                f"{proxy.url}/api/ann/chat",
                json={"message": "rename nothing, add call the plumber"},
                headers=headers("ann", "lost-1"),
            )
    finally:
        await proxy.close()

    assert proxy.cuts == 1
    assert sum(applied_before_the_retry.values()) == 1, "the lost attempt was committed"
    assert retry.status_code == 200, retry.text
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert titles(fresh) == applied_before_the_retry, "the retry applied nothing again"


async def test_retries_after_a_worker_is_killed_apply_every_message_once(
    fresh: str, workers: list[ServeProcess]
) -> None:
    """Like a client library: a request that got no answer is sent again, same key, to
    whichever server is up; the first answer that arrives is the one that counts."""
    victim = workers[0]
    answers: dict[int, dict[str, object]] = {}
    unanswered_attempts = 0
    quarter_done = asyncio.Event()

    async def send(client: httpx.AsyncClient, n: int) -> None:
        nonlocal unanswered_attempts
        user, key = f"client-{n % 20}", f"errand-{n}"
        for attempt in range(200):
            live = [w for w in workers if w.alive] or workers
            worker: ServeProcess = live[(n + attempt) % len(live)]
            try:
                response = await client.post(
                    f"{worker.url}/api/{user}/chat",
                    json={"message": f"add errand {n}"},
                    headers=headers(user, key),
                )
            except httpx.TransportError:
                unanswered_attempts += 1
                await asyncio.sleep(0.02)
                continue
            if response.status_code == 503:
                await asyncio.sleep(0.02)
                continue
            assert response.status_code == 200, response.text
            answers[n] = response.json()
            if len(answers) >= COUNT // 4:
                quarter_done.set()
            return
        raise AssertionError(f"errand {n} was never answered")

    gate = asyncio.Semaphore(16)

    async def paced(client: httpx.AsyncClient, n: int) -> None:
        async with gate:
            await send(client, n)

    async with httpx.AsyncClient(timeout=20) as client:
        first = asyncio.gather(*(paced(client, n) for n in range(COUNT)))
        await quarter_done.wait()
        victim.kill()  # mid-stream, with turns in flight
        await first
        replays = await asyncio.gather(
            *(
                client.post(
                    f"{workers[1].url}/api/client-{n % 20}/chat",
                    json={"message": f"add errand {n}"},
                    headers=headers(f"client-{n % 20}", f"errand-{n}"),
                )
                for n in range(COUNT)
            )
        )

    assert unanswered_attempts > 0, "the kill cut some requests off"
    assert titles(fresh) == Counter({f"errand {n}": 1 for n in range(COUNT)})
    for n, replay in enumerate(replays):
        assert replay.status_code == 200
        assert replay.headers["Idempotent-Replayed"] == "true"
        assert replay.json()["id"] == answers[n]["id"]
