"""The Telegram webhook of `todobot serve`: verified, recorded, acked, answered once."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
from pydantic import SecretStr
from sqlmodel import col, select

from core.storage.delivery_models import InboxItem, ProcessedEvent
from core.storage.models import Task
from tests.api_rig import ApiRig, api_rig
from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI, message_update, person, private_chat
from tests.fakes.telegram_rig import WEBHOOK_SECRET

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
ANN = person(4242, "Ann")


def telegram_settings(api: FakeTelegramAPI) -> dict[str, object]:
    return {
        "telegram_bot_token": SecretStr(TOKEN),
        "telegram_webhook_secret": SecretStr(WEBHOOK_SECRET),
        "telegram_api_url": api.base_url,
        "inbox_poll_seconds": 0.05,
        "rate_limit_per_minute": 0,
    }


@pytest.fixture
async def server(database_url: str, bot_api: FakeTelegramAPI) -> AsyncIterator[ApiRig]:
    async with api_rig(database_url, **telegram_settings(bot_api)) as rig:
        yield rig


async def deliver(server: ApiRig, update: dict[str, object], secret: str = WEBHOOK_SECRET) -> int:
    response = await server.client.post(
        "/telegram/webhook",
        content=json.dumps(update).encode(),
        headers={SECRET_HEADER: secret, "Content-Type": "application/json"},
    )
    return response.status_code


async def inbox(server: ApiRig) -> list[tuple[str, str]]:
    async with server.app.state.services.db.session() as session:
        rows = await session.exec(select(InboxItem).order_by(col(InboxItem.id)))
        return [(row.delivery_id, row.status) for row in rows.all()]


async def test_an_update_is_recorded_acked_and_answered_once(
    server: ApiRig, bot_api: FakeTelegramAPI
) -> None:
    update = message_update(ANN, private_chat(ANN), "/add buy milk")

    assert await deliver(server, update) == 200
    assert await deliver(server, update) == 200  # Telegram redelivers: still one answer
    [reply] = await bot_api.wait_for("sendMessage")

    assert reply.params["chat_id"] == "4242"
    assert "buy milk" in reply.text
    await server.app.state.inbox.stop(grace_seconds=5)
    assert await inbox(server) == [(str(update["update_id"]), "done")]
    async with server.app.state.services.db.session() as session:
        assert list((await session.exec(select(Task.title))).all()) == ["buy milk"]
    assert len(bot_api.sent()) == 1


async def test_an_answer_telegram_refused_is_sent_when_the_update_is_retried(
    server: ApiRig, bot_api: FakeTelegramAPI
) -> None:
    """The turn committed, then sendMessage failed: the retry must not apply the update
    again, and must not leave the person without their answer either."""
    bot_api.fail("sendMessage", status=502, description="Bad Gateway")
    update = message_update(ANN, private_chat(ANN), "/add buy milk")

    assert await deliver(server, update) == 200
    refused, answered = await bot_api.wait_for("sendMessage", count=2)

    assert "buy milk" in refused.text and answered.text == refused.text
    await server.app.state.inbox.stop(grace_seconds=5)
    assert await inbox(server) == [(str(update["update_id"]), "done")]
    async with server.app.state.services.db.session() as session:
        assert list((await session.exec(select(Task.title))).all()) == ["buy milk"]
        kept = (await session.exec(select(ProcessedEvent))).one()
    assert kept.answered_at is not None and kept.reply is None, "sent, so no longer kept"
    assert len(bot_api.sent()) == 2


async def test_an_update_that_cannot_be_recorded_is_not_acked(bot_api: FakeTelegramAPI) -> None:
    unreachable = "postgresql+psycopg://nobody@127.0.0.1:9/nowhere?connect_timeout=1"
    async with api_rig(unreachable, **telegram_settings(bot_api)) as server:
        update = message_update(ANN, private_chat(ANN), "/add buy milk")
        assert await deliver(server, update) == 503  # Telegram keeps it and retries
    assert bot_api.sent() == []
