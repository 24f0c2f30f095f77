"""Three real `todobot serve` workers on PostgreSQL share 300 reminders falling due at once;
one is SIGKILLed mid-run, while it holds a claimed batch: its Bot API takes its first reminder
and never answers. Every reminder reaches Telegram, and only a reminder the dead worker had
sent but not yet noted can arrive twice."""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta

import pytest
import pytest_asyncio
from sqlalchemy import text

from core.domain import tasks as task_service
from core.people.identities import user_for
from core.reminders import book
from core.storage.db import Database
from core.storage.models import utcnow
from tests.conftest import _truncate
from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI
from tests.fakes.telegram_rig import WEBHOOK_SECRET, telegram_api
from tests.serve_processes import ServeProcess, start_many, start_serve

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.asyncio(loop_scope="module")]

BATCH = 20
ERRAND = re.compile(r"“errand (\d+)”")


async def _seed(db: Database, count: int, people: int, at_seconds: float) -> None:
    due = utcnow() + timedelta(seconds=at_seconds)
    async with db.session() as session, session.begin():
        users = [
            await user_for(session, platform="telegram", tenant="", external_id=str(400_000 + n))
            for n in range(people)
        ]
        for n in range(count):
            task = await task_service.create_task(
                session, user_id=users[n % people].id, title=f"errand {n}"
            )
            await book.set_for_task(
                session, task=task, at=due + timedelta(milliseconds=n), where=book.Where("telegram")
            )


async def _scalar(db: Database, sql: str) -> int:
    async with db.engine.connect() as connection:
        return int((await connection.execute(text(sql))).scalar_one())


def _delivered(api: FakeTelegramAPI) -> Counter[int]:
    found = (ERRAND.search(call.text) for call in api.sent())
    return Counter(int(match[1]) for match in found if match)


@dataclass
class Workers:
    """The victim talks to a Bot API of its own that never answers a sendMessage."""

    survivors: list[ServeProcess]
    victim: ServeProcess
    api: FakeTelegramAPI
    stuck: FakeTelegramAPI
    db: Database

    @property
    def all(self) -> list[ServeProcess]:
        return [*self.survivors, self.victim]


@pytest_asyncio.fixture(loop_scope="module")
async def workers(
    postgres_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Workers]:
    _truncate(postgres_url)
    async with telegram_api() as api, telegram_api() as stuck:
        stuck.hold("sendMessage")
        env = {
            "DATABASE_URL": postgres_url,
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "TELEGRAM_WEBHOOK_SECRET": WEBHOOK_SECRET,
            "TELEGRAM_API_URL": api.base_url,
            "AGENT_BACKEND": "builtin",
            "DB_POOL_SIZE": "4",
            "DB_MAX_OVERFLOW": "4",
            "REMINDER_BATCH": str(BATCH),
            "REMINDER_LEASE_SECONDS": "3",
            "REMINDER_POLL_SECONDS": "0.2",
            "SHUTDOWN_GRACE_SECONDS": "5",
        }
        cwd = tmp_path_factory.mktemp("reminders")
        survivors, victim = await asyncio.gather(
            start_many(2, env, cwd), start_serve(env | {"TELEGRAM_API_URL": stuck.base_url}, cwd)
        )
        db = Database(postgres_url, pool_size=2, max_overflow=2)
        started = Workers(survivors, victim, api, stuck, db)
        try:
            yield started
        finally:
            await asyncio.gather(*(worker.stop() for worker in started.all))
            await db.dispose()


async def test_300_due_at_once_one_worker_killed(workers: Workers) -> None:
    api, db = workers.api, workers.db
    await api.wait_for("getMe", 2)  # every worker has reached its Bot API
    await workers.stuck.wait_for("getMe")
    await _seed(db, 300, people=60, at_seconds=2)

    await workers.stuck.wait_for("sendMessage")  # the victim is sending from a claimed batch
    deadline = time.monotonic() + 60
    while sum(_delivered(api).values()) < 90:
        assert time.monotonic() < deadline, "reminders did not start going out"
        await asyncio.sleep(0.02)
    workers.victim.kill()
    await workers.victim.process.wait()

    query = "SELECT count(*) FROM reminder WHERE status = 'sent'"
    deadline = time.monotonic() + 90
    while (sent := await _scalar(db, query)) < 300:
        if time.monotonic() > deadline:
            logs = "\n---\n".join(worker.tail(15) for worker in workers.all)
            raise AssertionError(f"{sent}/300 reminders sent\n{logs}")
        await asyncio.sleep(0.1)

    delivered = _delivered(api)
    assert set(delivered) == set(range(300)), "every reminder reached its person"
    twice = [n for n, times in delivered.items() if times > 1]
    assert len(twice) <= BATCH, "only the dead worker's batch in flight may repeat"
    assert await _scalar(db, "SELECT count(*) FROM reminder WHERE attempts > 1") > 0, (
        "the dead worker's claimed reminders were taken over"
    )
    assert await _scalar(db, "SELECT count(*) FROM inbox_item WHERE status <> 'done'") == 0
