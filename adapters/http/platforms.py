"""Slack's and Telegram's webhooks under `todobot serve`, in two halves that may run apart.

Intake (`mount_intake`): each delivery is verified (Slack's signature on the raw body, Telegram's
secret token in constant time), recorded in the durable inbox (deduped by its id), and only
then acknowledged. A delivery that cannot be recorded is not acknowledged (503), so the
platform delivers it again. Intake never runs a turn.

Workers (`start_workers`): the inbox hands each recorded delivery to its adapter's processing
coroutine, which claims the delivery in the core in the same transaction as its effect. The
workers also hold what reminders go out through (Slack's clients, Telegram's bot) and Telegram's
Application.

Both halves take the platforms `served_platforms` finds configured (adapters/http/served.py),
checked alike, so a configuration that works for one role works for the other. Each
platform's library is imported only when that platform is served, and python-telegram-bot
only by workers: intake records Telegram's updates as the Bot API JSON they arrive in.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.routing import Route

from adapters.http.direct import DirectRoutesApp
from adapters.http.errors import answering_failures
from adapters.http.limits import SLACK_BODY_MAX, TELEGRAM_BODY_MAX
from adapters.http.served import ServedPlatforms
from adapters.telegram.config import TelegramConfig
from core.chat import ChatService
from core.conversation.queries import ChatQueries
from core.delivery.inbox import Inbox

if TYPE_CHECKING:
    from telegram.ext import ExtBot

    from adapters.slack.clients import WorkspaceClients
    from adapters.slack.distribution import Distribution
    from adapters.slack.routing import Counted

log = logging.getLogger(__name__)

SLACK_PATH = "/slack/events"
SLACK_INSTALL_PATHS = ("/slack/install", "/slack/oauth_redirect")
TELEGRAM_PATH = "/telegram/webhook"

Lifespan = Callable[[], AbstractAsyncContextManager[Any]]


@dataclass
class PlatformWorkers:
    """What a worker process holds for the platforms: the inbox sources it runs, what
    reminders go out through (Slack's workspace clients, Telegram's bot), and what must run
    for the server's life (Telegram's Application)."""

    sources: list[str] = field(default_factory=list)
    lifespans: list[Lifespan] = field(default_factory=list)
    slack_clients: WorkspaceClients | None = None
    telegram_bot: ExtBot[Any] | None = None


def mount_intake(
    app: DirectRoutesApp,
    platforms: ServedPlatforms,
    chat: ChatService,
    queries: ChatQueries,
    inbox: Inbox,
    count_error: Callable[[str], None],
    slack_workspaces: Distribution | None = None,
) -> None:
    """The webhooks: verify, record, ack, ahead of FastAPI's middleware (direct.py). `chat`
    serves what Slack wants answered within the request (opening a form, saving it), never a
    turn. With `slack_workspaces` ("Add to Slack"), also the install flow's two pages."""
    if platforms.slack is not None:
        from adapters.slack.app import create_slack_app
        from adapters.slack.http import make_install_endpoint, make_slack_endpoint

        slack_app = create_slack_app(
            platforms.slack, chat, queries, mode="http", inbox=inbox, distribution=slack_workspaces
        )
        signing_secret = platforms.slack.signing_secret or ""
        endpoint = make_slack_endpoint(slack_app, signing_secret=signing_secret)
        guarded = answering_failures(endpoint, count_error)
        app.add_direct_route(
            Route(SLACK_PATH, guarded, methods=["POST"], max_body_size=SLACK_BODY_MAX)
        )
        if slack_workspaces is not None:
            install = answering_failures(make_install_endpoint(slack_app), count_error)
            for path in SLACK_INSTALL_PATHS:
                app.add_direct_route(Route(path, install, methods=["GET"]))
    if platforms.telegram_secret is not None:
        from adapters.telegram.webhook import make_webhook_endpoint

        hook = answering_failures(
            make_webhook_endpoint(inbox, platforms.telegram_secret), count_error
        )
        app.add_direct_route(
            Route(TELEGRAM_PATH, hook, methods=["POST"], max_body_size=TELEGRAM_BODY_MAX)
        )


def start_workers(
    telegram: TelegramConfig,
    platforms: ServedPlatforms,
    chat: ChatService,
    queries: ChatQueries,
    inbox: Inbox,
    slack_workspaces: Distribution | None = None,
    counted: Counted | None = None,
) -> PlatformWorkers:
    """Register each platform's processor with `inbox` (Telegram's once its Application has
    reached the Bot API: until then its updates wait, untouched); what else a worker runs.
    With `slack_workspaces`, each Slack delivery and reminder goes out with its workspace's
    token (`counted` is told each delivery's team)."""
    workers = PlatformWorkers()
    if platforms.slack is not None:
        from adapters.slack import deliveries as slack_deliveries
        from adapters.slack.app import create_slack_runner

        assert platforms.slack is not None
        runner, clients = create_slack_runner(
            platforms.slack, chat, queries, slack_workspaces, counted
        )
        slack_deliveries.run_from(inbox, runner)
        workers.sources.append(slack_deliveries.SOURCE)
        workers.slack_clients = clients
    if platforms.telegram_secret is not None:
        from adapters.telegram import deliveries as telegram_deliveries
        from adapters.telegram.application import build_application, telegram_lifespan

        application = build_application(telegram, chat, queries, polling=False)

        def ready() -> None:
            telegram_deliveries.run_from(inbox, application)
            inbox.wake()

        workers.sources.append(telegram_deliveries.SOURCE)
        workers.telegram_bot = application.bot
        workers.lifespans.append(lambda: telegram_lifespan(application, when_ready=ready))
    return workers
