"""todobot's Telegram adapter running against the fake Bot API: by long polling, or with its
webhook endpoint under uvicorn on 127.0.0.1; plus what the tests read back from the database."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import uvicorn
from pydantic import SecretStr
from sqlmodel import col, func, select
from starlette.applications import Starlette
from starlette.routing import Route
from telegram.ext import Application

from adapters.telegram.application import build_application, run_polling
from adapters.telegram.bridge import TelegramBridge
from adapters.telegram.webhook import (
    SECRET_HEADER,
    WEBHOOK_PATH,
    make_telegram_endpoint,
    telegram_lifespan,
)
from bot.settings import Settings, load_settings
from bot.wiring import telegram_config
from core.chat import ChatService
from core.delivery.send_pace import Pace
from core.storage.db import Database
from core.storage.models import Identity, Message, ProcessedEvent, Task
from tests.fakes.telegram_api import (
    TOKEN,
    WAIT_SECONDS,
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
    stop = asyncio.Event()
    polling = asyncio.create_task(run_polling(application, stop))
    waiting = asyncio.create_task(api.wait_for("getUpdates"))
    await asyncio.wait({polling, waiting}, return_when=asyncio.FIRST_COMPLETED)
    if polling.done():
        waiting.cancel()
        await polling  # start-up failed: raise its error
    await waiting
    try:
        yield TelegramRig(api, database, application)
    finally:
        stop.set()
        await polling


@dataclass
class WebhookRig(TelegramRig):
    http: httpx.AsyncClient
    url: str
    ready: asyncio.Event

    async def post(self, body: bytes, *, secret: str | None = WEBHOOK_SECRET) -> httpx.Response:
        headers = {"Content-Type": "application/json"}
        if secret is not None:
            headers[SECRET_HEADER] = secret
        return await self.http.post(self.url, content=body, headers=headers)


@asynccontextmanager
async def webhook_bot(
    api: FakeTelegramAPI, database: Database, chat: ChatService, *, wait: bool = True
) -> AsyncIterator[WebhookRig]:
    """The webhook endpoint mounted in a Starlette app under uvicorn, as `todobot serve` does;
    with `wait`, once the Application has reached the Bot API."""
    application = build_application(telegram_config(telegram_settings(api)), chat, polling=False)
    endpoint = make_telegram_endpoint(application, WEBHOOK_SECRET)
    app = Starlette(routes=[Route(WEBHOOK_PATH, endpoint, methods=["POST"])])
    ready = asyncio.Event()
    async with (
        telegram_lifespan(application, ready=ready),
        served(app) as base,
        httpx.AsyncClient(timeout=10) as http,
    ):
        if wait:
            await asyncio.wait_for(ready.wait(), WAIT_SECONDS)
        yield WebhookRig(api, database, application, http, base + WEBHOOK_PATH, ready)


@asynccontextmanager
async def served(app: Starlette) -> AsyncIterator[str]:
    """`app` under uvicorn on a port the OS picked; yields its base URL."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    port = listener.getsockname()[1]
    config = uvicorn.Config(app, lifespan="off", log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    running = asyncio.create_task(server.serve(sockets=[listener]))
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await running
        listener.close()
