"""todobot's Slack endpoint under uvicorn on 127.0.0.1, talking to the fake Web API, and a
client that posts signed requests to it the way Slack does. Deliveries go through a durable
inbox on the test's database, run by its loop, as under `todobot serve`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import httpx
from pydantic import SecretStr
from starlette.applications import Starlette
from starlette.routing import Route

from adapters.slack import deliveries
from adapters.slack.app import create_slack_app, create_slack_worker
from adapters.slack.config import slack_credentials
from adapters.slack.http import make_slack_endpoint
from adapters.slack.worker import SlackWorker
from bot.platform_config import slack_config
from bot.settings import Settings, load_settings
from core.chat import ChatService
from core.delivery.inbox import Inbox
from tests.draining import drain
from tests.fakes import slack_payloads as payloads
from tests.fakes.asgi_server import asgi_served, listening_socket
from tests.fakes.slack_api import FakeSlackApi
from tests.harness import queries_beside


def slack_settings(api: FakeSlackApi, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "slack_bot_token": SecretStr(payloads.BOT_TOKEN),
        "slack_app_token": SecretStr(payloads.APP_TOKEN),
        "slack_signing_secret": SecretStr(payloads.SIGNING_SECRET),
        "slack_api_url": api.api_url,
        **overrides,
    }
    return load_settings(**values)


@asynccontextmanager
async def served(app: Starlette) -> AsyncIterator[str]:
    """`app` under uvicorn on a port the OS picked; yields its base URL."""
    listener = listening_socket()
    port = listener.getsockname()[1]
    async with asgi_served(app, listener):
        yield f"http://127.0.0.1:{port}"


@dataclass
class SlackRig:
    api: FakeSlackApi
    worker: SlackWorker
    inbox: Inbox
    http: httpx.AsyncClient
    url: str

    async def post(
        self,
        body: str,
        content_type: str,
        *,
        secret: str = payloads.SIGNING_SECRET,
        timestamp: int | None = None,
        headers: dict[str, str] | None = None,
        signed_body: str | None = None,
    ) -> httpx.Response:
        """POST as Slack would; `signed_body` signs something other than what is sent."""
        signature = payloads.sign(
            signed_body if signed_body is not None else body, secret=secret, timestamp=timestamp
        )
        sent = {"Content-Type": content_type, **signature, **(headers or {})}
        return await self.http.post(self.url, content=body.encode(), headers=sent)

    async def event(self, payload: dict[str, Any], *, retry: int | None = None) -> httpx.Response:
        headers = {"X-Slack-Retry-Num": str(retry), "X-Slack-Retry-Reason": "http_timeout"}
        body, kind = payloads.json_body(payload)
        return await self.post(body, kind, headers=headers if retry else None)

    async def command(self, text: str, **fields: Any) -> httpx.Response:
        fields.setdefault("response_url", self.api.response_url("command"))
        body, kind = payloads.form_body(payloads.command(text, **fields))
        return await self.post(body, kind)

    async def click(self, payload: dict[str, Any]) -> httpx.Response:
        body, kind = payloads.interactive_body(payload)
        return await self.post(body, kind)

    async def settled(self) -> None:
        """Every delivery acked so far has been processed."""
        await drain(self.inbox)


@asynccontextmanager
async def slack_rig(chat: ChatService) -> AsyncIterator[SlackRig]:
    api = await FakeSlackApi().start()
    inbox = Inbox(chat.db)
    queries = queries_beside(chat)
    try:
        credentials = slack_credentials(slack_config(slack_settings(api)), "http")
        app = create_slack_app(credentials, chat, queries, mode="http", inbox=inbox)
        worker = create_slack_worker(credentials, chat, queries)
        deliveries.run_from(inbox, worker)
        endpoint = make_slack_endpoint(app, signing_secret=credentials.signing_secret or "")
        web = Starlette(routes=[Route("/slack/events", endpoint, methods=["POST"])])
        async with (
            served(web) as base,
            httpx.AsyncClient(timeout=10) as http,
            inbox.running(grace_seconds=10),
        ):
            yield SlackRig(api, worker, inbox, http, url=f"{base}/slack/events")
            await drain(inbox)
    finally:
        await api.stop()
