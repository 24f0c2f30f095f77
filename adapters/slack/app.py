"""The slack-bolt app: built by a function; its listeners hand each delivery off and ack.

Listeners run before the response (`process_before_response`) but only hand off and ack, so
an ack never waits for the agent, and a delivery is handed off before Slack hears it arrived.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

from slack_bolt.async_app import AsyncApp

from adapters.slack.config import Mode, SlackCredentials
from adapters.slack.translate import ACTION_PREFIX, split_command, unescape
from adapters.slack.worker import DEFAULT_CONCURRENCY, SlackWorker
from core.chat import ChatService

THINKING_TEXT = ":hourglass_flowing_sand: On it…"

Ack = Callable[..., Awaitable[Any]]
HandOff = Callable[[dict[str, Any]], Awaitable[None]]


def build_app(credentials: SlackCredentials, *, mode: Mode) -> AsyncApp:
    """Requests are signature-checked over HTTP; Socket Mode is authenticated by its app token."""
    app = AsyncApp(
        token=credentials.bot_token,
        signing_secret=credentials.signing_secret or "",
        request_verification_enabled=mode == "http",
        process_before_response=True,
        logger=logging.getLogger("todobot.slack"),
    )
    # Set here rather than by passing a client: bolt would warn that the token is unused
    # whenever SLACK_BOT_TOKEN is in the environment.
    app.client.base_url = credentials.api_url
    return app


def register_listeners(app: AsyncApp, hand_off: HandOff) -> None:
    """Every delivery we handle is handed off, then acked: a hand-off that fails (a durable
    inbox that cannot record) fails the request, so Slack delivers it again."""

    async def accept(ack: Ack, body: dict[str, Any]) -> None:
        await hand_off(body)
        await ack()

    async def accept_command(ack: Ack, body: dict[str, Any]) -> None:
        await hand_off(body)
        command, _ = split_command(unescape(str(body.get("text") or "")))
        # Only a turn for the agent can take a while; commands answer at once.
        await (ack(text=THINKING_TEXT) if command is None else ack())

    for event in ("message", "app_mention", "app_home_opened"):
        app.event(event)(accept)
    app.command(re.compile(r"^/"))(accept_command)
    app.action(re.compile(f"^{ACTION_PREFIX}"))(accept)


def create_slack_app(
    credentials: SlackCredentials,
    chat: ChatService,
    *,
    mode: Mode,
    hand_off: HandOff | None = None,
    concurrency: int = DEFAULT_CONCURRENCY,
) -> tuple[AsyncApp, SlackWorker]:
    """An app with its listeners, and the worker whose `process(body)` does the work.

    By default deliveries run in this process (`worker.start`); pass `hand_off` to record them
    somewhere durable instead and run `worker.process` from there.
    """
    app = build_app(credentials, mode=mode)
    worker = SlackWorker(chat=chat, client=app.client, concurrency=concurrency)

    async def start_here(body: dict[str, Any]) -> None:
        worker.start(body)

    register_listeners(app, hand_off or start_here)
    return app, worker
