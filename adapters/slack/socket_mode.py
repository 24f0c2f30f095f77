"""`todobot slack`: Socket Mode, no public URL needed.

The socket client asks `apps.connections.open` on the Web API base URL for its WebSocket URL,
so `SLACK_API_URL` points both at Slack (or GovSlack) and, in tests, at local fakes. Each
delivery is recorded in the durable inbox before it is acknowledged, and this process's
inbox loop runs it, exactly as under `todobot serve`.
"""

from __future__ import annotations

import asyncio
import logging

from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler

from adapters.slack import deliveries
from adapters.slack.app import create_slack_app, create_slack_worker
from adapters.slack.config import SlackCredentials
from core.chat import ChatService
from core.delivery.inbox import Inbox

log = logging.getLogger(__name__)

GRACE_SECONDS = 30.0


class WithoutTraceback(logging.Filter):
    """Keeps a record's message (which names the error) and drops its traceback, unless the
    logger is at DEBUG: a reconnect loop then logs one line per attempt."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not logging.getLogger(record.name).isEnabledFor(logging.DEBUG):
            record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True


def one_line_logger(name: str) -> logging.Logger:
    """A logger whose records never carry a traceback below DEBUG."""
    logger = logging.getLogger(name)
    if not any(isinstance(existing, WithoutTraceback) for existing in logger.filters):
        logger.addFilter(WithoutTraceback())
    return logger


async def run_socket_mode(
    credentials: SlackCredentials,
    chat: ChatService,
    inbox: Inbox,
    *,
    stop: asyncio.Event | None = None,
    retry_seconds: float = 10,
    grace_seconds: float = GRACE_SECONDS,
) -> None:
    """Serve until `stop` is set (or forever); then finish the turns already running
    (within `grace_seconds`; the rest wait in the inbox for the next start)."""
    app = create_slack_app(credentials, chat, mode="socket", inbox=inbox)
    deliveries.run_from(inbox, create_slack_worker(credentials, chat))
    # The socket client retries a lost connection every `retry_seconds` (its ping interval):
    # one line an attempt, no traceback.
    handler = AsyncSocketModeHandler(
        app,
        app_token=credentials.app_token,
        logger=one_line_logger("todobot.slack.socket"),
        ping_interval=retry_seconds,
    )
    async with inbox.running(grace_seconds=grace_seconds):
        try:  # closed even when cancelled mid-connect: the socket client owns an HTTP session
            await handler.connect_async()
            log.info("connected to Slack in Socket Mode")
            await (stop or asyncio.Event()).wait()
        finally:
            await handler.close_async()
