"""`todobot serve --role intake|worker`: intake records and acknowledges, workers answer, and
apart, in separate processes, they answer every delivery exactly once."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlmodel import col, select
from typer.testing import CliRunner

from bot.cli import app as cli
from bot.roles import RoleError
from bot.serve import create_app
from bot.settings import load_settings
from core.storage.db import Database
from core.storage.delivery_models import InboxItem
from core.storage.models import Task
from tests.api_rig import ApiRig, api_rig, both_platforms
from tests.conftest import _truncate
from tests.draining import drain
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI, message_update, person, private_chat
from tests.fakes.telegram_rig import WEBHOOK_SECRET
from tests.harness import ScriptedAgent
from tests.serve_processes import Send, Sender, start_serve
from tests.test_serve_ops import sample

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
ANN = person(4242, "Ann")


@pytest.fixture
def postgres(postgres_url: str) -> str:
    _truncate(postgres_url)
    return postgres_url


def telegram_post(update: dict[str, Any]) -> Send:
    body = json.dumps(update).encode()
    headers = {SECRET_HEADER: WEBHOOK_SECRET, "Content-Type": "application/json"}

    async def send(client: httpx.AsyncClient, url: str) -> httpx.Response:
        return await client.post(f"{url}/telegram/webhook", content=body, headers=headers)

    return send


def slack_post(event: dict[str, Any]) -> Send:
    body, kind = payloads.json_body(event)

    async def send(client: httpx.AsyncClient, url: str) -> httpx.Response:
        headers = {"Content-Type": kind, **payloads.sign(body)}
        return await client.post(f"{url}/slack/events", content=body.encode(), headers=headers)

    return send


def named(answer: str) -> str:
    """Which errand or chore an answer is about."""
    found = re.search(r"(errand|chore) \d+", answer)
    assert found, answer
    return found[0]


async def deliver(server: ApiRig, send: Send) -> int:
    return (await send(server.client, "")).status_code


async def inbox(url: str) -> list[tuple[str, str, int]]:
    db = Database(url, pool_size=1, max_overflow=0)
    try:
        async with db.session() as session:
            rows = await session.exec(select(InboxItem).order_by(col(InboxItem.id)))
            return [(row.source, row.status, row.attempts) for row in rows.all()]
    finally:
        await db.dispose()


async def titles(url: str) -> Counter[str]:
    db = Database(url, pool_size=1, max_overflow=0)
    try:
        async with db.session() as session:
            return Counter((await session.exec(select(Task.title))).all())
    finally:
        await db.dispose()


@pytest.mark.postgres
async def test_an_intake_process_records_and_acks_without_running_turns(
    postgres: str, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI
) -> None:
    agent = ScriptedAgent()
    platforms = both_platforms(slack_api, bot_api)
    async with api_rig(postgres, role="intake", agent=agent, **platforms) as intake:
        assert await deliver(intake, slack_post(payloads.dm("add water the plants"))) == 200
        update = message_update(ANN, private_chat(ANN), "/add buy milk")
        assert await deliver(intake, telegram_post(update)) == 200
        assert intake.app.state.inbox.processors == {}  # nothing in this process runs them
        assert (await intake.say("ann", "add tea")).status_code == 404  # turns are workers'

    assert await inbox(postgres) == [("slack", "pending", 0), ("telegram", "pending", 0)]
    assert agent.turns == []
    assert slack_api.of("chat.postMessage") == []
    assert bot_api.calls == []  # intake never even reaches Telegram
    assert await titles(postgres) == Counter()


@pytest.mark.postgres
async def test_a_worker_process_answers_what_intake_recorded(
    postgres: str, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI
) -> None:
    settings = {**both_platforms(slack_api, bot_api), "inbox_poll_seconds": 0.05}
    async with api_rig(postgres, role="intake", **settings) as intake:
        assert await deliver(intake, slack_post(payloads.dm("add water the plants"))) == 200
        update = message_update(ANN, private_chat(ANN), "/add buy milk")
        assert await deliver(intake, telegram_post(update)) == 200

    async with api_rig(postgres, role="worker", **settings) as worker:
        [answer] = await slack_api.wait_for("chat.postMessage")
        [reply] = await bot_api.wait_for("sendMessage")
        assert await deliver(worker, slack_post(payloads.dm("add x"))) == 404  # no intake here
        assert await deliver(worker, telegram_post(update)) == 404
        assert (await worker.say("ann", "add tea")).status_code == 200  # the chat API is
        await drain(worker.app.state.inbox)

    assert answer.get("text") == "Added #1 “water the plants”."
    assert reply.text == "Added #1 “buy milk”."
    assert await inbox(postgres) == [("slack", "done", 1), ("telegram", "done", 1)]
    assert await titles(postgres) == Counter(["water the plants", "buy milk", "tea"])


@pytest.mark.postgres
@pytest.mark.slow
async def test_intake_and_two_workers_apart_answer_every_delivery_once(
    postgres: str, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI, tmp_path: Path
) -> None:
    env = {
        "DATABASE_URL": postgres,
        "SLACK_BOT_TOKEN": payloads.BOT_TOKEN,
        "SLACK_SIGNING_SECRET": payloads.SIGNING_SECRET,
        "SLACK_API_URL": slack_api.api_url,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_WEBHOOK_SECRET": WEBHOOK_SECRET,
        "TELEGRAM_API_URL": bot_api.base_url,
        "AGENT_BACKEND": "builtin",
        "RATE_LIMIT_PER_MINUTE": "0",
        "DB_POOL_SIZE": "4",
        "DB_MAX_OVERFLOW": "4",
        # Workers look for work by themselves only once a minute: intake wakes them.
        "INBOX_POLL_SECONDS": "60",
        "SHUTDOWN_GRACE_SECONDS": "5",
    }
    intake = await start_serve(env, tmp_path, "--role", "intake")
    workers = [await start_serve(env, tmp_path, "--role", "worker") for _ in range(2)]
    people = [person(500_000 + n, f"P{n}") for n in range(20)]
    updates = [
        message_update(people[n % 20], private_chat(people[n % 20]), f"/add errand {n}")
        for n in range(60)
    ]
    events = [
        payloads.dm(f"add chore {n}", user=f"U{n % 10:04d}", channel=f"D{n % 10:04d}")
        for n in range(30)
    ]
    sends = [telegram_post(u) for u in updates] + [slack_post(e) for e in events]
    sends += [telegram_post(u) for u in updates[::6]] + [slack_post(e) for e in events[::6]]
    try:
        async with httpx.AsyncClient(timeout=10) as client:
            await Sender([intake], client, concurrency=16).deliver_all(sends)
            # three processes' first turns on a shared machine: load tables, warm the engine
            await bot_api.wait_for("sendMessage", 60, within=30)
            await slack_api.wait_for("chat.postMessage", 30, within=30)
            counted = [(await client.get(f"{p.url}/metrics")).text for p in (intake, *workers)]
    finally:
        await intake.stop()
        for worker in workers:
            await worker.stop()

    telegram = Counter(named(call.text) for call in bot_api.sent())
    slack = Counter(named(call.get("text")) for call in slack_api.of("chat.postMessage"))
    assert telegram == Counter({f"errand {n}": 1 for n in range(60)})
    assert slack == Counter({f"chore {n}": 1 for n in range(30)})
    assert await titles(postgres) == telegram + slack
    statuses = Counter(status for _, status, _ in await inbox(postgres))
    assert statuses == Counter({"done": 90})
    turns = [
        sample(text, "todobot_worker_turns_total", pid=str(p.process.pid))
        for text, p in zip(counted, (intake, *workers), strict=True)
    ]
    assert turns[0] == 0 and sum(turns) == 90, turns  # intake ran none


def test_a_split_refuses_sqlite_and_says_why(tmp_path: Path) -> None:
    env = {"DATABASE_URL": f"sqlite:///{tmp_path}/todobot.db"}
    for role in ("intake", "worker"):
        result = CliRunner().invoke(cli, ["serve", "--role", role], env=env)
        assert result.exit_code == 2
        said = " ".join(result.output.split())
        assert f"--role {role} needs PostgreSQL" in said
        assert "without --role" in said
    assert not (tmp_path / "todobot.db").exists()  # refused before touching anything
    with pytest.raises(RoleError, match="needs PostgreSQL"):
        create_app(load_settings(database_url=env["DATABASE_URL"]), role="worker")
