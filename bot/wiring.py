"""The composition root: the one place that builds todobot's parts from `Settings`."""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING

from sqlalchemy.engine import URL

from bot.agent_wiring import agent_for_a_process, build_agent
from bot.settings import Settings
from bot.team_wiring import install_team_commands
from core.agent.base import Agent
from core.agent.deferred import DeferredAgent
from core.chat import ChatService
from core.chat.policy import ChatPolicy
from core.clock import Clock, SystemClock
from core.commands.account_commands import install as install_account_commands
from core.commands.digest_commands import install as install_digest_commands
from core.commands.zone_commands import install as install_zone_commands
from core.conversation.queries import ChatQueries
from core.delivery.inbox import Inbox
from core.delivery.inbox_policy import InboxPolicy, Observer
from core.observe import NoObserver, TurnObserver
from core.remote import RemoteTools
from core.storage.db import Database, async_url, normalize_url

if TYPE_CHECKING:
    from telegram.ext import Application

    from adapters.http.metrics import Metrics
    from adapters.http.platforms import Lifespan
    from adapters.http.served import ServedPlatforms
    from adapters.slack.distribution import Distribution
    from bot.roles import Role

log = logging.getLogger(__name__)


@dataclass
class Services:
    settings: Settings
    db: Database
    chat: ChatService  # the turns
    queries: ChatQueries  # the reads, over the same database, clock and default zone

    async def close(self) -> None:
        await self.chat.agent.aclose()
        await self.db.dispose()


def build_database(settings: Settings, *, pool_size: int | None = None) -> Database:
    return Database(
        settings.database_url,
        pool_size=pool_size or settings.db_pool_size,
        max_overflow=settings.db_max_overflow if pool_size is None else pool_size,
        pool_timeout=settings.db_pool_timeout,
        prepared_statements=settings.db_prepared_statements,
    )


def build_inbox(
    settings: Settings,
    db: Database,
    *,
    observe: Observer | None = None,
    intake_db: Database | None = None,
) -> Inbox:
    """The durable inbox every platform delivery goes through, in every mode."""
    policy = InboxPolicy(
        lease_seconds=settings.inbox_lease_seconds,
        concurrency=settings.inbox_concurrency,
        poll_seconds=settings.inbox_poll_seconds,
        max_attempts=settings.inbox_max_attempts,
    )
    return Inbox(
        db,
        policy=policy,
        observe=observe,
        intake_db=intake_db,
        listen_url=listen_url(settings),
    )


def listen_url(settings: Settings) -> URL | None:
    """DATABASE_LISTEN_URL when set: LISTEN needs a connection of its own to the server
    itself, which a transaction pooler cannot give."""
    if not settings.database_listen_url:
        return None
    return async_url(normalize_url(settings.database_listen_url))


def build_policy(settings: Settings) -> ChatPolicy:
    return ChatPolicy(
        history_window=settings.history_window,
        confirmation_ttl_seconds=settings.confirmation_ttl_seconds,
        undo_window_seconds=settings.undo_window_seconds,
        rate_limit_per_minute=settings.rate_limit_per_minute,
        max_pending_reminders=settings.max_pending_reminders,
        send_claim=timedelta(seconds=settings.send_claim_seconds),
    )


def build_remote_tools(
    settings: Settings, db: Database, observer: TurnObserver | None = None
) -> RemoteTools:
    """The tools for MCP clients, under the same limits as a chat."""
    return RemoteTools(
        db,
        rate_limit_per_minute=settings.rate_limit_per_minute,
        confirmation_ttl_seconds=settings.confirmation_ttl_seconds,
        max_pending_reminders=settings.max_pending_reminders,
        observer=observer or NoObserver(),
    )


def build_services(
    settings: Settings,
    *,
    agent: Agent | None = None,
    observer: TurnObserver | None = None,
    clock: Clock | None = None,
) -> Services:
    """`clock` is the one place the core asks what time it is (tests pin it)."""
    db = build_database(settings)
    chat = build_chat(
        db,
        agent=agent or agent_for_a_process(settings),
        policy=build_policy(settings),
        observer=observer or NoObserver(),
        clock=clock or SystemClock(),
    )
    queries = build_queries(db, chat.policy, chat.clock)
    return Services(settings=settings, db=db, chat=chat, queries=queries)


def build_chat(
    db: Database,
    *,
    agent: Agent,
    policy: ChatPolicy,
    observer: TurnObserver | None = None,
    clock: Clock | None = None,
) -> ChatService:
    """The chat service with every command plugin installed: the product's and the eval's."""
    chat = ChatService(
        db=db,
        agent=agent,
        policy=policy,
        observer=observer or NoObserver(),
        clock=clock or SystemClock(),
    )
    install_account_commands(chat)
    install_zone_commands(chat)
    install_digest_commands(chat)
    install_team_commands(chat)
    return chat


def build_queries(db: Database, policy: ChatPolicy, clock: Clock) -> ChatQueries:
    """The chat's reads, on the clock and in the default zone its turns use."""
    return ChatQueries(db, clock=clock, default_timezone=policy.default_timezone)


def upgrade_database(settings: Settings) -> None:
    from core.storage.migrate import upgrade_if_behind

    upgrade_if_behind(settings.database_url)


def local_settings(settings: Settings) -> Settings:
    """The person at this computer (`todobot chat`, `todobot mcp`), on their own database:
    the console's rate limit (off)."""
    return settings.model_copy(
        update={"rate_limit_per_minute": settings.console_rate_limit_per_minute}
    )


def build_console(settings: Settings) -> Services:
    """`todobot chat`: the services of one local person (`services.settings` is theirs)."""
    return build_services(local_settings(settings))


def build_local_tools(settings: Settings) -> tuple[Database, RemoteTools]:
    """`todobot mcp`: the tools for an MCP client over stdio, as the local person."""
    local = local_settings(settings)
    db = build_database(local)
    return db, build_remote_tools(local, db)


@dataclass
class TelegramBot:
    """`todobot telegram`: the services, Telegram's Application and the inbox it polls into."""

    services: Services
    application: Application
    inbox: Inbox


def build_telegram(settings: Settings, *, polling: bool = True) -> TelegramBot:
    from adapters.telegram.application import build_application
    from bot.platform_config import telegram_config

    services = build_services(settings)
    application = build_application(
        telegram_config(settings), services.chat, services.queries, polling=polling
    )
    return TelegramBot(services, application, build_inbox(settings, services.db))


@dataclass
class Server:
    """`todobot serve` in one role: the parts its app is assembled from."""

    services: Services
    served: ServedPlatforms
    metrics: Metrics
    inbox: Inbox
    # The small pool intake acknowledges through (None when this role takes no delivery).
    intake: Database | None
    slack_workspaces: Distribution | None
    parts: list[Lifespan] = field(default_factory=list)


def build_server(
    settings: Settings,
    role: Role,
    *,
    agent: Agent | None = None,
    clock: Clock | None = None,
    multiprocess_metrics: bool = False,
) -> Server:
    """The parts of one `todobot serve` process in `role`; nothing connects yet. Raises
    RoleError for a role these settings cannot run, and the platform's setup error for a
    partial Slack or Telegram configuration."""
    from adapters.http.metrics import build_metrics
    from adapters.http.served import served_platforms
    from bot.connection_budget import INTAKE_POOL_SIZE
    from bot.logs import protect_logs
    from bot.platform_config import slack_config, telegram_config
    from bot.roles import check_role, runs_turns, takes_deliveries

    check_role(settings, role)
    protect_logs(settings)
    slack = slack_config(settings)
    served = served_platforms(slack, telegram_config(settings))
    if slack.socket_mode:
        log.info("Slack is set up for Socket Mode (todobot slack); /slack/events is not served")
    slack_oauth = served.slack.oauth if served.slack is not None else None
    metrics = build_metrics(
        settings.prometheus_multiproc_dir if multiprocess_metrics else None,
        workspaces=slack_oauth is not None,
    )
    if agent is None and not runs_turns(role):  # intake runs no turn: never build the agent
        agent = DeferredAgent(functools.partial(build_agent, settings))
    services = build_services(settings, agent=agent, observer=metrics, clock=clock)
    intake = None
    if takes_deliveries(role):  # acks write through a small pool of their own
        intake = build_database(settings, pool_size=INTAKE_POOL_SIZE)
    inbox = build_inbox(settings, services.db, observe=metrics.count_inbox, intake_db=intake)
    parts: list[Lifespan] = []
    slack_workspaces = None
    if served.slack is not None and slack_oauth is not None:
        from bot import workspaces

        slack_workspaces = workspaces.build_slack_workspaces(
            settings, served.slack, services, metrics
        )
        parts.append(lambda: workspaces.installations_counted(services, metrics))

    return Server(services, served, metrics, inbox, intake, slack_workspaces, parts)
