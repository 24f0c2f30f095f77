"""Webhook mode: Telegram POSTs updates to the endpoint `todobot serve` mounts."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from telegram.error import BadRequest
from typer.testing import CliRunner

from adapters.telegram.application import build_application
from adapters.telegram.config import TelegramSetupError, webhook_secret
from adapters.telegram.webhook import process_update, set_webhook
from bot.cli import app as cli
from bot.wiring import telegram_config
from core.storage.db import Database
from tests.fakes.telegram_api import message_update, person, private_chat
from tests.fakes.telegram_rig import (
    WEBHOOK_SECRET,
    WebhookRig,
    telegram_api,
    telegram_settings,
    webhook_bot,
)
from tests.harness import ScriptedAgent, build_chat

ALICE = person(111, "Alice", "alice")


def says(text: str, **details: Any) -> dict[str, Any]:
    return message_update(ALICE, private_chat(ALICE), text, **details)


def body(update: dict[str, Any]) -> bytes:
    return json.dumps(update).encode()


@pytest.fixture
async def hook(database: Database, agent: ScriptedAgent) -> AsyncIterator[WebhookRig]:
    async with (
        telegram_api() as api,
        webhook_bot(api, database, build_chat(database, agent)) as rig,
    ):
        yield rig


async def test_an_update_with_the_right_secret_is_answered(hook: WebhookRig) -> None:
    response = await hook.post(body(says("add buy milk")))
    assert response.status_code == 200
    [reply] = await hook.api.wait_for("sendMessage")
    assert reply.text == "Added #1 “buy milk”."
    assert await hook.titles(ALICE) == ["buy milk"]


async def test_a_wrong_or_missing_secret_is_forbidden(hook: WebhookRig) -> None:
    for secret in (None, "", "wrong", WEBHOOK_SECRET + "x", WEBHOOK_SECRET[:-1]):
        response = await hook.post(body(says("add forged task")), secret=secret)
        assert response.status_code == 403, secret
    await hook.post(body(says("add real task")))
    await hook.api.wait_for("sendMessage")
    assert await hook.titles(ALICE) == ["real task"]
    assert await hook.stored() == (2, 1)  # only the real turn: its message, reply and delivery


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


async def test_a_malformed_body_is_rejected_and_changes_nothing(hook: WebhookRig) -> None:
    for raw in MALFORMED:
        response = await hook.post(raw)
        assert response.status_code == 400, raw
    await hook.post(body(says("add real task")))
    await hook.api.wait_for("sendMessage")
    assert await hook.stored() == (2, 1)
    assert len(hook.api.sent()) == 1


async def test_a_redelivered_update_is_applied_once(hook: WebhookRig) -> None:
    update = says("add buy milk")
    assert (await hook.post(body(update))).status_code == 200
    assert (await hook.post(body(update))).status_code == 200
    await hook.post(body(says("list")))
    replies = await hook.api.wait_for("sendMessage", 2)
    assert [r.text for r in replies] == [
        "Added #1 “buy milk”.",
        "You have 1 pending task:\n1. buy milk",
    ]
    assert await hook.titles(ALICE) == ["buy milk"]


async def test_one_update_can_be_processed_directly(hook: WebhookRig) -> None:
    await process_update(hook.application, says("add buy milk"))
    assert [r.text for r in hook.api.sent()] == ["Added #1 “buy milk”."]
    hook.api.fail("sendMessage", description="Bad Request: chat not found")
    with pytest.raises(BadRequest, match="Chat not found"):
        await process_update(hook.application, says("list"))


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


async def test_the_endpoint_waits_for_telegram_without_losing_updates(database: Database) -> None:
    async with telegram_api() as api:
        api.fail("getMe", status=502, description="Bad Gateway")
        async with webhook_bot(
            api, database, build_chat(database, ScriptedAgent()), wait=False
        ) as hook:
            await api.wait_for("getMe")
            response = await hook.post(body(says("add buy milk")))
            assert response.status_code == 503  # Telegram will deliver it again
            assert await hook.stored() == (0, 0)
            await hook.ready.wait()
            assert (await hook.post(body(says("add buy milk")))).status_code == 200
            await api.wait_for("sendMessage")
            assert await hook.titles(ALICE) == ["buy milk"]
