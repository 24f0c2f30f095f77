"""todobot's Telegram adapter polling the fake Bot API, its updates going through a durable
inbox on the test's database (as `todobot telegram` runs it); plus what the tests read back
from the database. The webhook is tested through `todobot serve`'s app (tests/api_rig.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from pydantic import SecretStr
from sqlmodel import col, func, select
from telegram.ext import Application

from adapters.telegram.application import build_application, run_polling
from adapters.telegram.bridge import TelegramBridge
from bot.platform_config import telegram_config
from bot.settings import Settings, load_settings
from core.chat import ChatService
from core.delivery.inbox import Inbox
from core.delivery.send_pace import Pace
from core.storage.db import Database
from core.storage.delivery_models import ProcessedEvent
from core.storage.models import Identity, Message, Task
from tests.fakes.telegram_api import (
    TOKEN,
    Call,
    FakeTelegramAPI,
    message_update,
)

WEBHOOK_SECRET = "s3cret-Token_for-tests"


def telegram_settings(api: FakeTelegramAPI, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "telegram_bot_token": SecretStr(TOKEN),
        "telegram_webhook_secret": SecretStr(WEBHOOK_SECRET),
        "telegram_api_url": api.base_url,
        **overrides,
    }
    return load_settings(**values)


@dataclass
class TelegramRig:
    api: FakeTelegramAPI
    database: Database
    application: Application
    inbox: Inbox

    async def say(
        self,
        sender: dict[str, Any],
        text: str,
        *,
        chat: dict[str, Any] | None = None,
        replies: int = 1,
        **details: Any,
    ) -> list[Call]:
        """Send a message as `sender` (private chat unless `chat`); wait for the bot's replies."""
        before = len(self.api.sent())
        chat = chat or {"id": sender["id"], "type": "private", "first_name": sender["first_name"]}
        await self.api.push(message_update(sender, chat, text, **details))
        return (await self.api.wait_for("sendMessage", before + replies))[before:]

    async def caught_up(self, sender: dict[str, Any]) -> None:
        """Everything pushed so far from `sender` has run (or was dropped as a duplicate):
        one person's updates run in order, so once a message sent now is answered, the
        earlier ones are done."""
        await self.say(sender, "/help")

    async def answered(self, method: str) -> Call:
        """The next `method` call after those already seen."""
        before = len(self.api.sent(method))
        return (await self.api.wait_for(method, before + 1))[before]

    async def titles(self, sender: dict[str, Any]) -> list[str]:
        async with self.database.session() as session:
            rows = await session.exec(
                select(Task.title)
                .join(Identity, col(Identity.user_id) == col(Task.user_id))
                .where(Identity.platform == "telegram", Identity.external_id == str(sender["id"]))
                .where(col(Task.deleted_at).is_(None))
                .order_by(col(Task.number))
            )
            return list(rows.all())

    async def stored(self) -> tuple[int, int]:
        """How many messages and claimed deliveries the database holds."""
        async with self.database.session() as session:
            messages = (await session.exec(select(func.count()).select_from(Message))).one()
            events = (await session.exec(select(func.count()).select_from(ProcessedEvent))).one()
            return messages, events


@asynccontextmanager
async def telegram_api() -> AsyncIterator[FakeTelegramAPI]:
    api = FakeTelegramAPI()
    await api.start()
    try:
        yield api
    finally:
        await api.stop()


@asynccontextmanager
async def polling_bot(
    api: FakeTelegramAPI,
    database: Database,
    chat: ChatService,
    *,
    pace: Pace | None = None,
    **bridge: Any,
) -> AsyncIterator[TelegramRig]:
    """The bot polling the fake; returns once its first getUpdates is in flight. Its
    messages keep to `pace` (by default the bot's rate shared through the database)."""
    application = build_application(
        telegram_config(telegram_settings(api)),
        chat,
        bridge=TelegramBridge(chat, **bridge),
        pace=pace,
    )
    inbox = Inbox(database)
    stop = asyncio.Event()
    polling = asyncio.create_task(run_polling(application, inbox, stop, grace_seconds=10))
    waiting = asyncio.create_task(api.wait_for("getUpdates"))
    await asyncio.wait({polling, waiting}, return_when=asyncio.FIRST_COMPLETED)
    if polling.done():
        waiting.cancel()
        await polling  # start-up failed: raise its error
    await waiting
    try:
        yield TelegramRig(api, database, application, inbox)
    finally:
        stop.set()
        await polling
