"""The composition root: the one place that builds todobot's parts from `Settings`."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.engine import URL

from adapters.mcp.config import McpConfig
from adapters.slack.config import SlackConfig
from adapters.telegram.config import TelegramConfig
from bot.settings import Settings
from core.agent.base import Agent
from core.agent.deferred import DeferredAgent
from core.chat import ChatPolicy, ChatService
from core.clock import Clock, SystemClock
from core.commands.account_commands import install as install_account_commands
from core.commands.digest_commands import install as install_digest_commands
from core.commands.zone_commands import install as install_zone_commands
from core.delivery.inbox import Inbox, InboxPolicy, Observer
from core.observe import NoObserver, TurnObserver
from core.remote import RemoteTools
from core.storage.db import Database, async_url, normalize_url


@dataclass
class Services:
    settings: Settings
    db: Database
    chat: ChatService

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


def build_agent(settings: Settings) -> Agent:
    """The openai backend when a key is set (or asked for), else the builtin engine."""
    if settings.resolved_backend == "openai":
        from core.agent.openai_backend import OpenAIAgent

        if settings.openai_api_key is None:
            raise ValueError("the openai backend needs OPENAI_API_KEY")
        return OpenAIAgent(
            api_key=settings.openai_api_key.get_secret_value(),
            base_url=settings.openai_base_url or None,
            model=settings.openai_model,
            timeout_seconds=settings.openai_timeout_seconds,
            max_retries=settings.openai_max_retries,
            retry_backoff_seconds=settings.openai_retry_backoff_seconds,
            tracing=settings.openai_tracing,
            parallel_tool_calls=settings.openai_parallel_tool_calls,
        )
    from core.agent.builtin import BuiltinAgent

    return BuiltinAgent()


def agent_for_a_process(settings: Settings) -> Agent:
    """The agent of a long-running process. The builtin engine is built on the first turn:
    compiling its vocabulary costs about 180 ms and 7 MB that a process which runs no turn
    (or none yet) does not need to hold. The openai backend is built at once, so its first
    turn does not wait for the Agents SDK to load."""
    if settings.resolved_backend == "builtin":
        return DeferredAgent(lambda: build_agent(settings))
    return build_agent(settings)


def build_policy(settings: Settings) -> ChatPolicy:
    return ChatPolicy(
        history_window=settings.history_window,
        confirmation_ttl_seconds=settings.confirmation_ttl_seconds,
        undo_window_seconds=settings.undo_window_seconds,
        rate_limit_per_minute=settings.rate_limit_per_minute,
        max_pending_reminders=settings.max_pending_reminders,
    )


def slack_config(settings: Settings) -> SlackConfig:
    return SlackConfig(
        bot_token=settings.slack_bot_token,
        app_token=settings.slack_app_token,
        signing_secret=settings.slack_signing_secret,
        api_url=settings.slack_api_url,
        client_id=settings.slack_client_id,
        client_secret=settings.slack_client_secret,
        redirect_uri=settings.slack_redirect_uri,
        authorize_url=settings.slack_authorize_url,
        encryption_key=settings.token_encryption_key,
    )


def telegram_config(settings: Settings) -> TelegramConfig:
    return TelegramConfig(
        bot_token=settings.telegram_bot_token,
        webhook_secret=settings.telegram_webhook_secret,
        api_url=settings.telegram_api_url,
        messages_per_second=settings.telegram_messages_per_second,
    )


def mcp_config(settings: Settings) -> McpConfig:
    return McpConfig(
        enabled=settings.mcp_http,
        jwt_secret=settings.api_jwt_secret,
        resource_url=settings.mcp_resource_url,
        authorization_server=settings.mcp_authorization_server,
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
    return Services(settings=settings, db=db, chat=chat)


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
    return chat


def upgrade_database(settings: Settings) -> None:
    from core.storage.migrate import upgrade_if_behind

    upgrade_if_behind(settings.database_url)
