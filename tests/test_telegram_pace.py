"""One bot's messages from several processes, through the real python-telegram-bot and the
fake Bot API: they share the bot's rate, and a flood wait holds every process back."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager

import pytest
from telegram.constants import ChatAction
from telegram.ext import Application

from adapters.telegram.application import build_application, pace_key
from adapters.telegram.ratelimit import NO_RETRY, FloodWait
from bot.platform_config import telegram_config
from core.delivery.send_pace import DatabaseSlots, SharedPace
from core.storage.db import Database
from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI
from tests.fakes.telegram_rig import telegram_api, telegram_settings
from tests.harness import ChatDriver
from tests.reminders_rig import PaceTimer, tightest_gap

RATE = 30
EPSILON = 1e-6

# Processes share a book only on PostgreSQL: a SQLite deployment is one process, booking in memory.
on_postgres = pytest.mark.parametrize("database_url", ["postgres"], indirect=True)


@asynccontextmanager
async def bot_processes(
    api: FakeTelegramAPI, chat: ChatDriver, url: str, timer: PaceTimer, count: int = 2
) -> AsyncIterator[list[Application]]:
    """`count` processes running the one bot, each with its own engine on the database."""
    async with AsyncExitStack() as stack:
        applications = []
        for _ in range(count):
            db = Database(url)
            stack.push_async_callback(db.dispose)
            pace = SharedPace(DatabaseSlots(db), pace_key(TOKEN), RATE, timer=timer)
            config = telegram_config(telegram_settings(api))
            application = build_application(
                config, chat.service, chat.queries, polling=False, pace=pace
            )
            await application.initialize()
            stack.push_async_callback(application.shutdown)
            applications.append(application)
        yield applications


@on_postgres
async def test_two_processes_of_one_bot_keep_to_its_rate_together(
    chat: ChatDriver, database_url: str
) -> None:
    timer = PaceTimer()
    async with telegram_api() as api, bot_processes(api, chat, database_url, timer) as bots:
        await asyncio.gather(
            *(bot.bot.send_message(501, f"n{n}") for n in range(20) for bot in bots),
            *(bot.bot.send_chat_action(501, ChatAction.TYPING) for bot in bots),
        )
    assert len(api.sent()) == 40
    assert len(api.sent("sendChatAction")) == 2
    sent = sorted(timer.wakes)  # one turn per message; a typing indicator takes none
    assert len(sent) == 40
    assert tightest_gap(sent) >= 1 / RATE - EPSILON


@on_postgres
async def test_a_flood_wait_told_to_one_process_holds_the_other(
    chat: ChatDriver, database_url: str
) -> None:
    timer = PaceTimer()
    async with telegram_api() as api, bot_processes(api, chat, database_url, timer) as bots:
        refused, other = bots
        api.fail("sendMessage", status=429, description="Too Many Requests", retry_after=7)
        told_at = timer.time()
        with pytest.raises(FloodWait):  # as a reminder is sent: no sleeping through it here
            await refused.bot.send_message(501, "first", rate_limit_args=NO_RETRY)
        await other.bot.send_message(501, "second")
    assert timer.wakes[-1] >= told_at + 7
    assert [call.text for call in api.sent()] == ["first", "second"]
