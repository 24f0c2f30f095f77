"""A chat-API client for tests: the real app, real JWTs, one call per line of a test."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from uuid import UUID

import httpx
import jwt
from fastapi import FastAPI
from pydantic import SecretStr
from sqlmodel import col, select

from adapters.http.auth import issue_token
from adapters.http.reminders import ApiReminderSender
from bot.roles import Role
from bot.serve import create_app
from bot.settings import load_settings
from core.agent.base import Agent
from core.reminders import book
from core.reminders.dispatch import ReminderDispatcher
from core.storage.db import Database
from core.storage.models import Identity, Task, utcnow
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI
from tests.fakes.telegram_rig import WEBHOOK_SECRET
from tests.harness import ScriptedAgent
from tests.reminders_rig import StepClock

SECRET = "test-secret-for-the-chat-api-" + "0123456789abcdef" * 3


@dataclass
class ApiRig:
    app: FastAPI
    client: httpx.AsyncClient
    secret: str = SECRET

    @property
    def database(self) -> Database:
        return self.app.state.services.db

    def token(self, user: str, *, ttl_seconds: int = 300, secret: str | None = None) -> str:
        return issue_token(secret or self.secret, user, ttl_seconds=ttl_seconds, now=time.time())

    def token_with(self, claims: dict[str, Any], *, algorithm: str = "HS256") -> str:
        return jwt.encode(claims, self.secret, algorithm=algorithm)

    def auth(self, user: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token(user)}"}

    async def say(
        self, user: str, message: Any, *, as_user: str | None = None, **body: Any
    ) -> httpx.Response:
        """`user` sends `message` to /api/{user}/chat with `as_user`'s token (default: own)."""
        return await self.client.post(
            f"/api/{user}/chat",
            json={"message": message, **body},
            headers=self.auth(as_user or user),
        )

    async def content(self, user: str, message: str, **body: Any) -> str:
        response = await self.say(user, message, **body)
        assert response.status_code == 200, response.text
        return response.json()["content"]

    async def decide(
        self, user: str, token: str, action: str, *, as_user: str | None = None
    ) -> httpx.Response:
        return await self.client.post(
            f"/api/{user}/confirmations/{token}",
            json={"action": action},
            headers=self.auth(as_user or user),
        )

    async def press(
        self,
        user: str,
        token: str,
        action: str,
        *,
        as_user: str | None = None,
        key: str | None = None,
    ) -> httpx.Response:
        """`user` presses a reminder's button, with `as_user`'s token (default: own)."""
        headers = self.auth(as_user or user)
        if key is not None:
            headers["Idempotency-Key"] = key
        return await self.client.post(
            f"/api/{user}/reminders/{token}", json={"action": action}, headers=headers
        )

    async def conversations(self, user: str, *, as_user: str | None = None) -> httpx.Response:
        return await self.client.get(
            f"/api/{user}/conversations", headers=self.auth(as_user or user)
        )

    async def messages(
        self, user: str, conversation_id: str, *, as_user: str | None = None
    ) -> httpx.Response:
        return await self.client.get(
            f"/api/{user}/conversations/{conversation_id}/messages",
            headers=self.auth(as_user or user),
        )


async def deliver_reminder(
    api: ApiRig, user: str = "ann", *, webhook: bool = False
) -> tuple[dict[str, Any], str]:
    """`user` adds “call mom” with a reminder tomorrow, which then comes due (with `webhook`,
    also posted to their webhook): the reminder's tool call data as the conversation shows
    it, and the conversation's id."""
    conversation = (await api.say(user, "/add call mom")).json()["conversation_id"]
    due = utcnow() + timedelta(days=1)
    async with api.database.session() as session, session.begin():
        task = (
            await session.exec(
                select(Task)
                .join(Identity, col(Identity.user_id) == col(Task.user_id))
                .where(Identity.platform == "api", Identity.external_id == user)
            )
        ).one()
        await book.set_for_task(
            session, task=task, at=due, where=book.Where("api", UUID(conversation))
        )
    sender = ApiReminderSender(api.database, webhook=webhook)
    dispatcher = ReminderDispatcher(api.database, [sender], clock=StepClock(due))
    assert await dispatcher.run_once() == 1
    last = (await api.messages(user, conversation)).json()["messages"][-1]
    assert (last["role"], last["content"]) == ("assistant", "⏰ Reminder: #1 “call mom”")
    [call] = last["tool_calls"]
    assert call["tool_name"] == "reminder"
    return call["result"]["data"], conversation


def both_platforms(slack_api: FakeSlackApi, bot_api: FakeTelegramAPI) -> dict[str, Any]:
    """Settings that switch on Slack and Telegram, against the fakes."""
    return {
        "slack_bot_token": SecretStr(payloads.BOT_TOKEN),
        "slack_signing_secret": SecretStr(payloads.SIGNING_SECRET),
        "slack_api_url": slack_api.api_url,
        "telegram_bot_token": SecretStr(TOKEN),
        "telegram_webhook_secret": SecretStr(WEBHOOK_SECRET),
        "telegram_api_url": bot_api.base_url,
    }


@asynccontextmanager
async def api_rig(
    database_url: str, *, agent: Agent | None = None, role: Role = "all", **settings: Any
) -> AsyncIterator[ApiRig]:
    """The server's app in-process (httpx's ASGI transport), on the test's database; the
    agent is the tests' scripted one unless given."""
    values: dict[str, Any] = {"database_url": database_url, "api_jwt_secret": SECRET}
    values.update(settings)
    app = create_app(load_settings(**values), role=role, agent=agent or ScriptedAgent())
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://todobot.test") as client,
    ):
        yield ApiRig(app=app, client=client)
