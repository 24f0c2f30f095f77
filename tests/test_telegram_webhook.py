"""Webhook mode: Telegram POSTs updates to the endpoint `todobot serve` mounts."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from sqlalchemy import func
from sqlmodel import select
from telegram.error import BadRequest
from typer.testing import CliRunner

from adapters.telegram.application import build_application, set_webhook
from adapters.telegram.config import TelegramSetupError, webhook_secret
from adapters.telegram.deliveries import process_update
from adapters.telegram.webhook import SECRET_HEADER
from bot.cli import app as cli
from bot.platform_config import telegram_config
from core.storage.db import Database
from core.storage.delivery_models import InboxItem, ProcessedEvent
from core.storage.models import Message, Task
from tests.api_rig import ApiRig, api_rig
from tests.fakes.telegram_api import FakeTelegramAPI, message_update, person, private_chat
from tests.fakes.telegram_rig import WEBHOOK_SECRET, TelegramRig, telegram_api, telegram_settings
from tests.harness import ScriptedAgent, build_chat

ALICE = person(111, "Alice", "alice")


def says(text: str, **details: Any) -> dict[str, Any]:
    return message_update(ALICE, private_chat(ALICE), text, **details)


def body(update: dict[str, Any]) -> bytes:
    return json.dumps(update).encode()


def webhook_settings(bot_api: FakeTelegramAPI) -> dict[str, Any]:
    settings = telegram_settings(bot_api)
    return {
        "telegram_bot_token": settings.telegram_bot_token,
        "telegram_webhook_secret": settings.telegram_webhook_secret,
        "telegram_api_url": settings.telegram_api_url,
        "inbox_poll_seconds": 0.05,
    }


@pytest.fixture
async def server(database_url: str, bot_api: FakeTelegramAPI) -> AsyncIterator[ApiRig]:
    async with api_rig(database_url, **webhook_settings(bot_api)) as rig:
        yield rig


async def post(
    server: ApiRig, raw: bytes, *, secret: str | None = WEBHOOK_SECRET
) -> httpx.Response:
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers[SECRET_HEADER] = secret
    return await server.client.post("/telegram/webhook", content=raw, headers=headers)


async def stored(server: ApiRig) -> dict[str, int]:
    """How many rows of what a delivery leaves behind the database holds."""
    async with server.app.state.services.db.session() as session:
        return {
            table.__name__: (await session.exec(select(func.count()).select_from(table))).one()
            for table in (InboxItem, Message, ProcessedEvent, Task)
        }


async def titles(server: ApiRig) -> list[str]:
    async with server.app.state.services.db.session() as session:
        return list((await session.exec(select(Task.title).order_by(Task.number))).all())


async def test_an_update_with_the_right_secret_is_answered(
    server: ApiRig, bot_api: FakeTelegramAPI
) -> None:
    response = await post(server, body(says("add buy milk")))
    assert response.status_code == 200
    [reply] = await bot_api.wait_for("sendMessage")
    assert reply.text == "Added #1 “buy milk”."
    assert await titles(server) == ["buy milk"]


async def test_a_wrong_or_missing_secret_is_forbidden(
    server: ApiRig, bot_api: FakeTelegramAPI
) -> None:
    for secret in (None, "", "wrong", WEBHOOK_SECRET + "x", WEBHOOK_SECRET[:-1]):
        response = await post(server, body(says("add forged task")), secret=secret)
        assert response.status_code == 403, secret
    assert await stored(server) == {"InboxItem": 0, "Message": 0, "ProcessedEvent": 0, "Task": 0}
    await post(server, body(says("add real task")))
    await bot_api.wait_for("sendMessage")
    assert await titles(server) == ["real task"]


MALFORMED = (
    b"not json",
    b"\xff\xfe",
    b"[1, 2]",
    b'"update"',
    b"{}",
    b'{"update_id": "7", "message": {}}',
    b'{"update_id": true}',
    b'{"update_id": 7, "message": "add milk"}',
)


async def test_a_malformed_body_is_rejected_and_changes_nothing(
    server: ApiRig, bot_api: FakeTelegramAPI
) -> None:
    for raw in MALFORMED:
        response = await post(server, raw)
        assert response.status_code == 400, raw
    assert await stored(server) == {"InboxItem": 0, "Message": 0, "ProcessedEvent": 0, "Task": 0}
    await post(server, body(says("add real task")))
    await bot_api.wait_for("sendMessage")
    assert len(bot_api.sent()) == 1


async def test_a_redelivered_update_is_applied_once_and_what_follows_sees_it(
    server: ApiRig, bot_api: FakeTelegramAPI
) -> None:
    update = says("add buy milk")
    assert (await post(server, body(update))).status_code == 200
    assert (await post(server, body(update))).status_code == 200
    await post(server, body(says("list")))
    replies = await bot_api.wait_for("sendMessage", 2)
    assert [r.text for r in replies] == [
        "Added #1 “buy milk”.",
        "You have 1 pending task:\n1. buy milk",
    ]
    assert await titles(server) == ["buy milk"]


async def test_updates_wait_in_the_inbox_until_the_bot_api_is_reached(
    database_url: str, bot_api: FakeTelegramAPI
) -> None:
    bot_api.fail("getMe", status=502, description="Bad Gateway")
    async with api_rig(database_url, **webhook_settings(bot_api)) as server:
        await bot_api.wait_for("getMe")
        assert (await post(server, body(says("add buy milk")))).status_code == 200
        [reply] = await bot_api.wait_for("sendMessage")
        assert reply.text == "Added #1 “buy milk”."
        assert await titles(server) == ["buy milk"]


async def test_one_update_can_be_processed_directly(bot: TelegramRig) -> None:
    """What the inbox runs for each update: it raises when Telegram refuses, so the inbox
    knows to retry or set the update aside."""
    await process_update(bot.application, says("add buy milk"))
    assert [r.text for r in bot.api.sent()] == ["Added #1 “buy milk”."]
    bot.api.fail("sendMessage", description="Bad Request: chat not found")
    with pytest.raises(BadRequest, match="Chat not found"):
        await process_update(bot.application, says("list"))


async def test_set_webhook_registers_the_url_and_secret(database: Database) -> None:
    async with telegram_api() as api:
        config = telegram_config(telegram_settings(api))
        application = build_application(
            config, build_chat(database, ScriptedAgent()), polling=False
        )
        url = "https://todo.example.com/telegram/webhook"
        await set_webhook(application, url, webhook_secret(config))
        [call] = api.sent("setWebhook")
        assert call.params["url"] == url
        assert call.params["secret_token"] == WEBHOOK_SECRET
        assert call.json("allowed_updates") == ["message", "callback_query", "inline_query"]


def test_webhook_mode_requires_its_secret(tmp_path) -> None:
    env = {
        "TELEGRAM_BOT_TOKEN": "123:abcDEF",
        "TELEGRAM_WEBHOOK_SECRET": "",
        "DATABASE_URL": f"sqlite:///{tmp_path}/t.db",
    }
    result = CliRunner().invoke(cli, ["telegram", "set-webhook", "https://x.example/hook"], env=env)
    assert result.exit_code == 2
    assert "TELEGRAM_WEBHOOK_SECRET is required" in result.output
    with pytest.raises(TelegramSetupError, match="TELEGRAM_WEBHOOK_SECRET may only"):
        from bot.settings import load_settings

        webhook_secret(telegram_config(load_settings(telegram_webhook_secret="has spaces")))
