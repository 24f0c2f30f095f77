"""`todobot slack`: Socket Mode, no public URL needed.

The socket client asks `apps.connections.open` on the Web API base URL for its WebSocket URL,
so `SLACK_API_URL` points both at Slack (or GovSlack) and, in tests, at local fakes. Each
delivery is recorded in the durable inbox before it is acknowledged, and this process's
inbox loop runs it, exactly as under `todobot serve`.

Both tokens are shown to Slack before connecting: the socket client retries every failure
forever, a rejected token included, so a wrong token would only ever print "Failed to
connect". A token Slack rejects stops start-up with one line naming it (SlackConfigError); a
Slack that is unreachable or busy is left to the socket client's retries.
"""

from __future__ import annotations

import asyncio
import logging

from aiohttp import ClientError
from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from adapters.slack import deliveries
from adapters.slack.app import create_slack_app, create_slack_worker
from adapters.slack.config import SlackConfigError, SlackCredentials
from core.chat import ChatService
from core.conversation.queries import ChatQueries
from core.delivery.inbox import Inbox
from core.delivery.transient import SLACK_LATER

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


# Each token, the method that shows it to Slack, and where to find a good one.
TOKEN_CHECKS = (
    (
        "SLACK_BOT_TOKEN",
        "auth.test",
        "Copy the Bot User OAuth Token (xoxb-…) from your app's OAuth & Permissions page.",
    ),
    (
        "SLACK_APP_TOKEN",
        "apps.connections.open",
        "Create an app-level token (xapp-…) with connections:write under Basic Information.",
    ),
)


async def check_tokens(credentials: SlackCredentials) -> None:
    """SlackConfigError when Slack rejects a token; nothing when both pass, or when Slack
    cannot say now (unreachable, or an error that means "later")."""
    tokens = {"SLACK_BOT_TOKEN": credentials.bot_token, "SLACK_APP_TOKEN": credentials.app_token}
    for variable, method, where in TOKEN_CHECKS:
        client = AsyncWebClient(token=tokens[variable], base_url=credentials.api_url)
        try:
            await client.api_call(method)
        except SlackApiError as refused:
            error = str(refused.response.get("error", ""))
            if error not in SLACK_LATER:
                raise SlackConfigError(f"Slack rejected {variable} ({error}). {where}") from None
            log.warning("Slack could not check %s now (%s); connecting anyway", variable, error)
        except (ClientError, OSError, TimeoutError) as unreachable:
            log.warning("Slack unreachable at start-up (%s); retrying", unreachable)
            return


async def run_socket_mode(
    credentials: SlackCredentials,
    chat: ChatService,
    queries: ChatQueries,
    inbox: Inbox,
    *,
    stop: asyncio.Event | None = None,
    retry_seconds: float = 10,
    grace_seconds: float = GRACE_SECONDS,
) -> None:
    """Serve until `stop` is set (or forever); then finish the turns already running
    (within `grace_seconds`; the rest wait in the inbox for the next start). SlackConfigError
    at once when Slack rejects a token."""
    await check_tokens(credentials)
    app = create_slack_app(credentials, chat, queries, mode="socket", inbox=inbox)
    deliveries.run_from(inbox, create_slack_worker(credentials, chat, queries))
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
