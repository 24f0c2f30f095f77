"""Slack's and Telegram's webhooks, wired through the durable inbox.

Each delivery is verified (Slack's signature by bolt, Telegram's secret token in constant time),
recorded in the inbox (deduped by its id), and only then acknowledged. The inbox worker later
hands it to the adapter's own processing coroutine, which claims the delivery in the core in the
same transaction as its effect. A delivery that cannot be recorded is not acknowledged (503),
so the platform delivers it again.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from adapters.http.limits import SLACK_BODY_MAX, TELEGRAM_BODY_MAX
from adapters.http.served import served_platforms
from adapters.slack.config import SlackConfig, SlackCredentials
from adapters.telegram.config import TelegramConfig
from core.chat import ChatService
from core.delivery.inbox import Inbox

log = logging.getLogger(__name__)

SLACK_PATH = "/slack/events"
TELEGRAM_PATH = "/telegram/webhook"


def mount_platforms(
    app: FastAPI,
    *,
    slack: SlackConfig,
    telegram: TelegramConfig,
    chat: ChatService,
    inbox: Inbox,
) -> None:
    """Mount the platforms `served_platforms` finds configured; a partial or malformed setting
    fails here, loudly, naming what is missing. Each platform's library is imported only when
    that platform is mounted, at start-up, so the first delivery does not wait for it."""
    served = served_platforms(slack, telegram)
    if served.slack is not None:
        mount_slack(app, served.slack, chat, inbox)
    elif slack.socket_mode:
        log.info("Slack is set up for Socket Mode (todobot slack); /slack/events is not served")
    if served.telegram_secret is not None:
        mount_telegram(app, telegram, served.telegram_secret, chat, inbox)


def slack_delivery_id(body: dict[str, Any]) -> str:
    """Slack's own id for a delivery (retries repeat it); a digest of the body otherwise."""
    found = body.get("event_id") or body.get("trigger_id")
    if found:
        return str(found)
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), default=str)
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def mount_slack(
    app: FastAPI, credentials: SlackCredentials, chat: ChatService, inbox: Inbox
) -> None:
    from adapters.slack.app import create_slack_app
    from adapters.slack.http import make_slack_endpoint
    from adapters.slack.reminders import SlackReminderSender

    async def record(body: dict[str, Any]) -> None:
        await inbox.record("slack", slack_delivery_id(body), body)

    slack_app, worker = create_slack_app(credentials, chat, mode="http", hand_off=record)
    inbox.register("slack", worker.process, apologise=worker.apologise)
    app.state.reminder_senders.append(SlackReminderSender(slack_app.client))
    endpoint = make_slack_endpoint(slack_app, signing_secret=credentials.signing_secret or "")
    app.router.routes.append(
        Route(SLACK_PATH, endpoint, methods=["POST"], max_body_size=SLACK_BODY_MAX)
    )


def mount_telegram(
    app: FastAPI, config: TelegramConfig, webhook_secret: str, chat: ChatService, inbox: Inbox
) -> None:
    from adapters.telegram.application import bridge_of, build_application
    from adapters.telegram.reminders import TelegramReminderSender
    from adapters.telegram.webhook import process_update, read_webhook, telegram_lifespan

    secret = webhook_secret.encode()
    application = build_application(config, chat, polling=False)

    async def endpoint(request: Request) -> Response:
        update = await read_webhook(request, secret)
        if isinstance(update, Response):
            return update
        await inbox.record("telegram", str(update["update_id"]), update)
        return Response(status_code=200)

    async def process(payload: dict[str, Any], redelivered: bool) -> None:
        await process_update(application, payload, redelivered=redelivered)

    @asynccontextmanager
    async def running() -> AsyncIterator[None]:
        async with telegram_lifespan(application):
            yield

    async def apologise(payload: dict[str, Any]) -> None:
        await bridge_of(application).apologise(payload, application.bot)

    inbox.register("telegram", process, apologise=apologise)
    app.state.reminder_senders.append(TelegramReminderSender(application.bot))
    app.router.routes.append(
        Route(TELEGRAM_PATH, endpoint, methods=["POST"], max_body_size=TELEGRAM_BODY_MAX)
    )
    app.state.platform_lifespans.append(running)
