"""Three `todobot serve` processes on one PostgreSQL database, fed by Telegram's webhook, and
what the tests that deliver to them and count the results share."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text

from core.storage.db import Database
from tests.conftest import _truncate
from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI, message_update, person, private_chat
from tests.fakes.telegram_rig import WEBHOOK_SECRET, telegram_api
from tests.serve_processes import Send, ServeProcess, start_many

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
JWT_SECRET = "workers-test-secret-" + "0123456789abcdef" * 3
# Long enough that a worker stalled by a loaded machine keeps its lease (a shorter one lets
# another worker take a turn still in flight and answer it twice); short enough that the dead
# worker's leases are taken over within the test's wait.
LEASE_SECONDS = 10
# From a turn's commit to its answer noted as sent: longer than a send takes even here (the
# same margin for a stalled worker as the lease's). A killed worker's claims then run out when
# its leases do, so the others send the answers it held as soon as they take its turns over,
# rather than waiting out the longer of the two.
SEND_CLAIM_SECONDS = LEASE_SECONDS
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

    def fresh(self) -> Cluster:
        """The cluster with an empty database and no sent message remembered."""
        _truncate(self.url)
        self.bot_api.calls.clear()
        return self


@asynccontextmanager
async def serving(database_url: str, cwd: Path) -> AsyncIterator[Cluster]:
    """Three workers on the database, behind one fake Bot API."""
    async with telegram_api() as bot_api:
        env = {
            "DATABASE_URL": database_url,
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
            "SEND_CLAIM_SECONDS": str(SEND_CLAIM_SECONDS),
            "INBOX_POLL_SECONDS": "0.2",
            "INBOX_CONCURRENCY": "8",
            "SHUTDOWN_GRACE_SECONDS": "5",
        }
        workers = await start_many(3, env, cwd)
        db = Database(database_url, pool_size=2, max_overflow=2)
        try:
            yield Cluster(workers, db, bot_api, database_url)
        finally:
            await asyncio.gather(*(worker.stop() for worker in workers))
            await db.dispose()


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
