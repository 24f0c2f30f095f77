"""A delivery that fails for a reason retrying cannot fix is parked with an apology, not
retried ten times; transient failures are still retried; `todobot inbox` lists and retries."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr
from sqlalchemy.exc import DataError
from typer.testing import CliRunner

from bot.cli import app as cli
from core.agent.builtin import BuiltinAgent
from core.delivery.inbox import Inbox
from core.delivery.inbox_policy import InboxPolicy
from core.delivery.transient import is_transient
from core.storage.db import Database
from core.storage.migrate import upgrade
from tests.api_rig import ApiRig, api_rig
from tests.draining import run_once
from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI, message_update, person, private_chat
from tests.fakes.telegram_rig import WEBHOOK_SECRET
from tests.test_inbox_delivery import items, update


def inbox_with(database: Database, processor: Any, **policy: Any) -> tuple[Inbox, list]:
    noted: list[tuple[str, str]] = []
    inbox = Inbox(
        database,
        policy=InboxPolicy(poll_seconds=0.01, **policy),
        observe=lambda source, outcome: noted.append((source, outcome)),
    )
    apologies: list[dict[str, Any]] = []

    async def apologise(payload: dict[str, Any]) -> None:
        apologies.append(payload)

    inbox.register("test", processor, apologise=apologise)
    return inbox, [noted, apologies]


async def test_a_failure_retrying_cannot_fix_is_parked_at_once_with_an_apology(
    database: Database,
) -> None:
    calls: list[str] = []

    async def broken(payload: dict[str, Any], redelivered: bool) -> None:
        calls.append(payload["id"])
        raise ValueError("this update can never be read")

    inbox, (noted, apologies) = inbox_with(database, broken, retry_base_seconds=0)
    await inbox.record("test", "1", update(1))
    for _ in range(3):
        await run_once(inbox)

    assert calls == ["1"]
    [item] = await items(database)
    assert (item.status, item.attempts) == ("parked", 1)
    assert item.last_error == "ValueError: this update can never be read"
    assert apologies == [update(1)]
    assert ("test", "parked") in noted


async def test_a_transient_failure_is_still_retried(database: Database) -> None:
    calls: list[str] = []

    async def flaky(payload: dict[str, Any], redelivered: bool) -> None:
        calls.append(payload["id"])
        if len(calls) < 3:
            raise ConnectionError("the platform is down")

    inbox, (_noted, apologies) = inbox_with(database, flaky, retry_base_seconds=0)
    await inbox.record("test", "2", update(2))
    for _ in range(4):
        await run_once(inbox)

    assert calls == ["2", "2", "2"]
    [item] = await items(database)
    assert item.status == "done"
    assert apologies == []


def test_which_errors_are_transient() -> None:
    import httpx

    refused = DataError("INSERT ...", {}, Exception("invalid byte sequence"))
    wrapped = RuntimeError("send failed")
    wrapped.__cause__ = httpx.ConnectTimeout("slow")

    assert is_transient(ConnectionError()) and is_transient(TimeoutError())
    assert is_transient(wrapped)
    assert not is_transient(refused)
    assert not is_transient(KeyError("chat"))


@pytest.fixture
async def server(database_url: str, bot_api: FakeTelegramAPI) -> AsyncIterator[ApiRig]:
    settings = {
        "telegram_bot_token": SecretStr(TOKEN),
        "telegram_webhook_secret": SecretStr(WEBHOOK_SECRET),
        "telegram_api_url": bot_api.base_url,
        "inbox_poll_seconds": 0.05,
        "rate_limit_per_minute": 0,
    }
    async with api_rig(database_url, agent=BuiltinAgent(), **settings) as rig:
        yield rig


async def test_telegram_refusing_an_answer_for_good_parks_the_update_and_says_sorry(
    server: ApiRig, bot_api: FakeTelegramAPI
) -> None:
    bot_api.fail("sendMessage", status=400, description="Bad Request: chat not found")
    ann = person(4242, "Ann")
    sent = message_update(ann, private_chat(ann), "add buy milk")

    response = await server.client.post(
        "/telegram/webhook",
        content=json.dumps(sent).encode(),
        headers={"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET},
    )
    refused, apology = await bot_api.wait_for("sendMessage", count=2)
    await server.app.state.inbox.stop(grace_seconds=5)

    assert response.status_code == 200
    assert "buy milk" in refused.text
    assert apology.text.startswith("Sorry, something went wrong on my side with that message")
    async with server.app.state.services.db.session() as session:
        from sqlmodel import select

        from core.storage.delivery_models import InboxItem

        [item] = (await session.exec(select(InboxItem))).all()
    assert item.status == "parked"  # (an attempt before the bot connected is retried)
    assert len(bot_api.sent()) == 2  # the refused answer and the apology: no retry after it
    metrics = (await server.client.get("/metrics")).text
    assert 'todobot_inbox_items_total{outcome="parked",source="telegram"} 1.0' in metrics


async def _park_one(url: str) -> int:
    database = Database(url)

    async def broken(payload: dict[str, Any], redelivered: bool) -> None:
        raise ValueError("cannot read it")

    try:
        inbox, _ = inbox_with(database, broken)
        await inbox.record("test", "7", update(7))
        await run_once(inbox)
        [parked] = await items(database)
        return int(parked.id or 0)
    finally:
        await database.dispose()


async def _only_item(url: str) -> tuple[str, int]:
    database = Database(url)
    try:
        [item] = await items(database)
        return item.status, item.attempts
    finally:
        await database.dispose()


def test_the_inbox_command_lists_and_retries_parked_deliveries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'inbox.db'}"
    upgrade(url)
    parked = asyncio.run(_park_one(url))
    monkeypatch.setenv("DATABASE_URL", url)

    listed = CliRunner().invoke(cli, ["inbox", "list"])
    retried = CliRunner().invoke(cli, ["inbox", "retry", str(parked)])
    unknown = CliRunner().invoke(cli, ["inbox", "retry", "999"])
    relisted = CliRunner().invoke(cli, ["inbox", "list"])

    assert listed.exit_code == 0, listed.output
    assert f"{parked}\tparked\ttest/7\tattempts=1" in listed.output
    assert "ValueError: cannot read it" in listed.output
    assert retried.exit_code == 0 and "pending again" in retried.output
    assert unknown.exit_code == 1
    assert relisted.output.strip() == "Nothing is parked or failed."
    assert asyncio.run(_only_item(url)) == ("pending", 0)
