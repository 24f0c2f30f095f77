"""The HTTP clients of the bot's Application: the timeouts todobot gives them, and one TLS
context for both, so the CA bundle is loaded once per process rather than once per client."""

from __future__ import annotations

import ssl
from typing import Any

import pytest

from adapters.telegram.application import build_application
from bot.platform_config import telegram_config
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.fakes.telegram_rig import telegram_settings
from tests.harness import ChatDriver


async def test_both_clients_verify_tls_with_one_ca_bundle(
    chat: ChatDriver, bot_api: FakeTelegramAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    loads: list[Any] = []
    load = ssl.SSLContext.load_verify_locations

    def counted(context: ssl.SSLContext, *args: Any, **kwargs: Any) -> None:
        loads.append(args or kwargs)
        load(context, *args, **kwargs)

    monkeypatch.setattr(ssl.SSLContext, "load_verify_locations", counted)
    application = build_application(
        telegram_config(telegram_settings(bot_api)), chat.service, chat.queries
    )

    assert len(loads) == 1
    assert application.bot.request.read_timeout == 10
    assert application.updater is not None  # polling: the getUpdates client is the second


async def test_the_application_still_talks_to_the_bot_api(
    chat: ChatDriver, bot_api: FakeTelegramAPI
) -> None:
    config = telegram_config(telegram_settings(bot_api))
    application = build_application(config, chat.service, chat.queries, polling=False)
    await application.initialize()
    try:
        await application.bot.send_message(501, "hello")
    finally:
        await application.shutdown()
    assert [message.params["text"] for message in bot_api.sent()] == ["hello"]
