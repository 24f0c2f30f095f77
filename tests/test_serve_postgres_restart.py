"""Three `todobot serve` processes whose PostgreSQL restarts under them, mid-flow: they recover
by themselves, and each update still changes the task list exactly once.

The server restarted is a private one (`tests/private_postgres.py`), started for this module
alone on a free port, so the test runs beside any other (xdist workers, other people's runs)
without cutting their connections.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import psycopg
import pytest
import pytest_asyncio
from sqlalchemy.engine import make_url

from adapters.http.auth import issue_token
from core.storage.migrate import upgrade
from tests.conftest import REQUIRE_ENV
from tests.private_postgres import PrivatePostgres, postgres_bin, private_postgres
from tests.serve_processes import Send, Sender, ServeProcess
from tests.workers_rig import JWT_SECRET, Cluster, deliveries, serving, telegram_updates

pytestmark = [pytest.mark.postgres, pytest.mark.asyncio(loop_scope="module")]


@pytest.fixture(scope="module")
def server() -> Iterator[PrivatePostgres]:
    bindir = postgres_bin()
    if bindir is None:
        reason = "needs PostgreSQL's initdb and pg_ctl (pg_config --bindir) for a private server"
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{REQUIRE_ENV}=1 but this test {reason}")
        pytest.skip(f"this test {reason}")
    with private_postgres(bindir) as server:
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def cluster(
    server: PrivatePostgres, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Cluster]:
    url = server.create_database("todobot")
    upgrade(url)
    async with serving(url, tmp_path_factory.mktemp("serve")) as cluster:
        yield cluster


@pytest.mark.slow
async def test_the_service_recovers_by_itself_when_postgres_restarts(
    server: PrivatePostgres, cluster: Cluster
) -> None:
    live = [worker for worker in cluster.workers if worker.alive]
    updates = telegram_updates(5000, 150, users=50)
    api_users = [f"api-user-{n}" for n in range(10)]
    api_messages = [(api_users[n % 10], f"add errand {n}") for n in range(6000, 6040)]
    async with httpx.AsyncClient(timeout=10) as client:
        sender = Sender(live, client, concurrency=8)
        sends = deliveries(updates, seed=3) + [api_post(u, m) for u, m in api_messages]
        random.Random(4).shuffle(sends)
        # A burst leaves many turns in flight when the database goes, a paced stream keeps
        # deliveries arriving while it is down, and the rest come once it is back.
        burst, during, after = sends[:120], sends[120:170], sends[170:]
        flowing = asyncio.gather(sender.deliver_all(burst), sender.deliver_all(during, pace=0.05))
        await wait_until(lambda: len(cluster.bot_api.sent()) >= 30, cluster)
        restart = await asyncio.create_subprocess_exec(
            *server.restart_command(),
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        assert await restart.wait() == 0
        await wait_for_postgres(cluster.url)
        back = time.monotonic()
        recovered = await asyncio.gather(*(healthy_again(client, w) for w in live))
        await sender.deliver_all(after)
        await flowing
    await cluster.settled(150, within=90)

    assert max(recovered) - back < 10, f"workers took {recovered} s to recover"
    expected = {f"errand {n}": 1 for n in [*range(5000, 5150), *range(6000, 6040)]}
    assert await cluster.titles() == Counter(expected)
    outage = ("database connection lost", "cannot reach the database")
    assert any(sign in line for worker in live for line in worker.log for sign in outage), (
        "the workers really lost the database mid-flow"
    )


def api_post(user: str, message: str) -> Send:
    headers = {"Authorization": f"Bearer {issue_token(JWT_SECRET, user, now=time.time())}"}

    async def send(client: httpx.AsyncClient, url: str) -> httpx.Response:
        return await client.post(
            f"{url}/api/{user}/chat", json={"message": message}, headers=headers
        )

    return send


async def wait_until(condition: Any, cluster: Cluster, within: float = 60) -> None:
    deadline = time.monotonic() + within
    while not condition():
        if time.monotonic() > deadline:
            logs = "\n---\n".join(w.tail(15) for w in cluster.workers)
            raise AssertionError(f"{len(cluster.bot_api.sent())} answers sent\n{logs}")
        await asyncio.sleep(0.05)


async def wait_for_postgres(url: str, within: float = 60) -> None:
    """Until the restarted server accepts connections again."""
    parsed = make_url(url)
    dsn = parsed.set(drivername="postgresql").render_as_string(hide_password=False)
    deadline = time.monotonic() + within
    while True:
        try:
            connection = await psycopg.AsyncConnection.connect(dsn, connect_timeout=1)
            await connection.close()
            return
        except psycopg.OperationalError:
            assert time.monotonic() < deadline, "PostgreSQL did not come back"
            await asyncio.sleep(0.1)


async def healthy_again(client: httpx.AsyncClient, worker: ServeProcess) -> float:
    """The moment this worker's /healthz answers 200 again."""
    while True:
        try:
            if (await client.get(f"{worker.url}/healthz")).status_code == 200:
                return time.monotonic()
        except httpx.TransportError:
            pass
        await asyncio.sleep(0.05)
