"""Three `todobot serve` processes on one PostgreSQL, fed by Telegram's webhook.

Telegram (played by the sender) delivers every update at least once, in any order, to any
worker, and sends again whatever was not acknowledged. Whatever happens to the workers or the
database, each update must change the task list exactly once.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
import pytest_asyncio
from sqlalchemy import text
from sqlalchemy.engine import make_url

from adapters.http.auth import issue_token
from core.storage.db import Database
from tests.conftest import _truncate
from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI, message_update, person, private_chat
from tests.fakes.telegram_rig import WEBHOOK_SECRET, telegram_api
from tests.serve_processes import Send, Sender, ServeProcess, start_many

pytestmark = [pytest.mark.postgres, pytest.mark.asyncio(loop_scope="module")]

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
JWT_SECRET = "workers-test-secret-" + "0123456789abcdef" * 3
# Long enough that a worker stalled by a loaded machine keeps its lease (a shorter one lets
# another worker take a turn still in flight and answer it twice); short enough that the dead
# worker's leases are taken over within the test's wait.
LEASE_SECONDS = 10
ERRAND = re.compile(r"errand (\d+)\b")


@dataclass
class Cluster:
    workers: list[ServeProcess]
    db: Database
    bot_api: FakeTelegramAPI
    url: str

    async def scalar(self, sql: str) -> Any:
        async with self.db.engine.connect() as connection:
            return (await connection.execute(text(sql))).scalar_one()

    async def titles(self) -> Counter[str]:
        async with self.db.engine.connect() as connection:
            rows = await connection.execute(text("SELECT title FROM task"))
            return Counter(row[0] for row in rows)

    async def settled(self, expected: int, within: float = 90) -> None:
        """Wait until the inbox holds `expected` items, all done."""
        deadline = time.monotonic() + within
        query = "SELECT count(*) FILTER (WHERE status = 'done') || '/' || count(*) FROM inbox_item"
        while (progress := await self.scalar(query)) != f"{expected}/{expected}":
            if time.monotonic() > deadline:
                logs = "\n---\n".join(w.tail(15) for w in self.workers)
                raise AssertionError(f"inbox stuck at {progress} of {expected}\n{logs}")
            await asyncio.sleep(0.1)

    def replies(self) -> Counter[int]:
        """How many sendMessage calls answered each errand number."""
        found = (ERRAND.search(call.text) for call in self.bot_api.sent())
        return Counter(int(match[1]) for match in found if match)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def cluster(
    postgres_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Cluster]:
    async with telegram_api() as bot_api:
        env = {
            "DATABASE_URL": postgres_url,
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "TELEGRAM_WEBHOOK_SECRET": WEBHOOK_SECRET,
            "TELEGRAM_API_URL": bot_api.base_url,
            "API_JWT_SECRET": JWT_SECRET,
            "AGENT_BACKEND": "builtin",
            "RATE_LIMIT_PER_MINUTE": "0",
            "DB_POOL_SIZE": "4",
            "DB_MAX_OVERFLOW": "4",
            "DB_POOL_TIMEOUT": "5",
            "INBOX_LEASE_SECONDS": str(LEASE_SECONDS),
            "INBOX_POLL_SECONDS": "0.2",
            "INBOX_CONCURRENCY": "8",
            "SHUTDOWN_GRACE_SECONDS": "5",
        }
        workers = await start_many(3, env, tmp_path_factory.mktemp("serve"))
        db = Database(postgres_url, pool_size=2, max_overflow=2)
        try:
            yield Cluster(workers, db, bot_api, postgres_url)
        finally:
            await asyncio.gather(*(worker.stop() for worker in workers))
            await db.dispose()


@pytest.fixture
def fresh(cluster: Cluster) -> Cluster:
    _truncate(cluster.url)
    cluster.bot_api.calls.clear()
    return cluster


def telegram_updates(first: int, count: int, users: int) -> list[dict[str, Any]]:
    people = [person(300_000 + n, f"P{n}") for n in range(users)]
    return [
        message_update(
            people[n % users], private_chat(people[n % users]), f"/add errand {n}", update_id=n
        )
        for n in range(first, first + count)
    ]


def deliveries(updates: list[dict[str, Any]], *, seed: int) -> list[Send]:
    """Every update once, a fifth of them twice, all shuffled."""
    rng = random.Random(seed)
    chosen = updates + rng.sample(updates, len(updates) // 5)
    rng.shuffle(chosen)
    return [webhook_post(update) for update in chosen]


def webhook_post(update: dict[str, Any]) -> Send:
    body = json.dumps(update).encode()
    headers = {SECRET_HEADER: WEBHOOK_SECRET, "Content-Type": "application/json"}

    async def send(client: httpx.AsyncClient, url: str) -> httpx.Response:
        return await client.post(f"{url}/telegram/webhook", content=body, headers=headers)

    return send


async def test_a_thousand_updates_delivered_twice_and_shuffled_apply_once(fresh: Cluster) -> None:
    updates = telegram_updates(0, 1000, users=250)
    async with httpx.AsyncClient(timeout=10) as client:
        await Sender(fresh.workers, client).deliver_all(deliveries(updates, seed=1))
    await fresh.settled(1000)

    titles = await fresh.titles()
    assert titles == Counter({f"errand {n}": 1 for n in range(1000)})
    assert await fresh.scalar("SELECT count(*) FROM processed_event") == 1000
    assert fresh.replies() == Counter({n: 1 for n in range(1000)})


async def test_a_worker_killed_mid_stream_loses_and_doubles_nothing(fresh: Cluster) -> None:
    updates = telegram_updates(1000, 300, users=75)
    sends = deliveries(updates, seed=2)
    half = len(sends) // 2
    victim = next(worker for worker in fresh.workers if worker.alive)
    async with httpx.AsyncClient(timeout=10) as client:
        sender = Sender(fresh.workers, client)
        await sender.deliver_all(sends[:half])
        assert await fresh.scalar("SELECT count(*) FROM inbox_item WHERE status = 'pending'") > 0
        victim.kill()  # while it holds leases on turns in flight
        await sender.deliver_all(sends[half:])
    await victim.process.wait()
    await fresh.settled(300, within=90)

    assert await fresh.titles() == Counter({f"errand {n}": 1 for n in range(1000, 1300)})
    assert await fresh.scalar("SELECT count(*) FROM processed_event") == 300
    taken_over = await fresh.scalar("SELECT count(*) FROM inbox_item WHERE attempts > 1")
    assert taken_over > 0, "the dead worker's leased items were picked up by the others"
    replies = fresh.replies()
    assert set(replies) == set(range(1000, 1300)), "every update was answered, its too"
    # The answer is kept with the turn until it is noted as sent, so a worker killed between
    # its commit and its send leaves it to the next. One killed between the send and the note
    # costs a second copy of that answer: at most its in-flight items.
    assert sum(1 for count in replies.values() if count > 1) <= 8


RESTART_ENV = "TODOBOT_TEST_RESTART_POSTGRES"


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get(RESTART_ENV) != "1",
    reason=f"restarts the whole PostgreSQL server; set {RESTART_ENV}=1 to run it",
)
async def test_the_service_recovers_by_itself_when_postgres_restarts(fresh: Cluster) -> None:
    live = [worker for worker in fresh.workers if worker.alive]
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
        await wait_until(lambda: sender_progress(fresh) >= 30)
        restart = await asyncio.create_subprocess_exec(
            "pg_ctlcluster", "--skip-systemctl-redirect", postgres_version(), "main", "restart"
        )
        assert await restart.wait() == 0
        await wait_for_postgres(fresh.url)
        back = time.monotonic()
        recovered = await asyncio.gather(*(healthy_again(client, w) for w in live))
        await sender.deliver_all(after)
        await flowing
    await fresh.settled(150, within=90)

    assert max(recovered) - back < 10, f"workers took {recovered} s to recover"
    expected = {f"errand {n}": 1 for n in [*range(5000, 5150), *range(6000, 6040)]}
    assert await fresh.titles() == Counter(expected)
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


def sender_progress(cluster: Cluster) -> int:
    return len(cluster.bot_api.sent())


async def wait_until(condition: Any, within: float = 30) -> None:
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


def postgres_version() -> str:
    return sorted(path.name for path in Path("/etc/postgresql").iterdir())[-1]


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
