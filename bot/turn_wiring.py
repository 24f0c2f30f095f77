"""Builders for what a `todobot serve` process that runs turns adds to its app: the chat API
and its token verifier, MCP over HTTP, the platforms' workers, the workspace eraser, the
reminder webhook and the reminder senders. `bot/serve.py` only calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.settings import Settings

if TYPE_CHECKING:
    from fastapi import FastAPI

    from adapters.http.auth import TokenVerifier
    from adapters.http.platforms import PlatformWorkers
    from adapters.http.webhooks import ReminderWebhook
    from bot.wiring import Server, Services
    from core.clock import Clock
    from core.people.tenant_erase import TenantEraser
    from core.reminders.delivery import Sender

WEBHOOK_TIMEOUT_SECONDS = 10.0


def install_turns(app: FastAPI, settings: Settings, server: Server) -> None:
    """The chat API, MCP, the platforms' workers and the reminders, on `app`; each part that
    runs goes to `server.parts`."""
    from adapters.http.api.main import install_chat_api
    from adapters.http.platforms import start_workers
    from adapters.http.reminders import ApiReminderSender
    from adapters.http.webhooks import SOURCE as WEBHOOK_SOURCE
    from adapters.mcp.mount import mount_mcp
    from bot.platform_config import mcp_config, telegram_config
    from bot.processing import processing
    from bot.wiring import build_remote_tools
    from core.people.team_access import TeamAccess

    services, metrics, inbox, parts = server.services, server.metrics, server.inbox, server.parts
    chat, slack_workspaces = services.chat, server.slack_workspaces
    install_chat_api(
        app,
        chat,
        services.queries,
        build_token_verifier(settings),
        requests_per_minute=settings.api_requests_per_minute,
    )
    teams = TeamAccess(chat.db, chat.memberships, chat.clock)  # the chat adapters' checkers
    remote = build_remote_tools(settings, services.db, metrics)
    mcp = mount_mcp(app, mcp_config(settings), remote, teams)
    if mcp is not None:
        parts.append(mcp)
    workers = start_workers(
        telegram_config(settings),
        server.served,
        chat,
        services.queries,
        inbox,
        slack_workspaces,
        metrics.workspace_turn,
    )
    if slack_workspaces is not None:
        from bot.workspaces import erasing_departed

        eraser = app.state.workspace_eraser = build_workspace_eraser(services, chat.clock)
        parts.append(lambda: erasing_departed(eraser))
    webhook = build_reminder_webhook(settings)
    if webhook is not None:
        inbox.register(WEBHOOK_SOURCE, webhook.post)
        workers.sources.append(WEBHOOK_SOURCE)
        parts.append(lambda: webhook.client)  # closed with the server
    api_sender = ApiReminderSender(services.db, webhook=webhook is not None)
    senders = [api_sender, *build_platform_senders(workers)]
    parts.extend(workers.lifespans)
    run_inbox = bool(workers.sources)
    parts.append(
        lambda: processing(settings, services, inbox, senders, metrics, run_inbox=run_inbox)
    )


def build_platform_senders(workers: PlatformWorkers) -> list[Sender]:
    """The reminder senders for the platforms `workers` serve: Slack's through its workspace
    clients, Telegram's through its Application's bot."""
    senders: list[Sender] = []
    if workers.slack_clients is not None:
        from adapters.slack.reminders import SlackReminderSender

        senders.append(SlackReminderSender(workers.slack_clients))
    if workers.telegram_bot is not None:
        from adapters.telegram.reminders import TelegramReminderSender

        senders.append(TelegramReminderSender(workers.telegram_bot))
    return senders


def build_token_verifier(settings: Settings) -> TokenVerifier:
    """The chat API's bearer-token check, signed with API_JWT_SECRET."""
    from adapters.http.auth import TokenVerifier

    secret = settings.api_jwt_secret.get_secret_value() if settings.api_jwt_secret else None
    return TokenVerifier(secret)


def build_workspace_eraser(services: Services, clock: Clock) -> TenantEraser:
    """What erases the data of a Slack workspace that uninstalled the app."""
    from core.people.tenant_erase import TenantEraser

    return TenantEraser(services.db, clock=clock)


def build_reminder_webhook(settings: Settings) -> ReminderWebhook | None:
    """The poster of chat API reminders to API_REMINDER_WEBHOOK_URL, when it is set."""
    if not settings.api_reminder_webhook_url or settings.api_webhook_secret is None:
        return None
    import httpx

    from adapters.http.webhooks import ReminderWebhook

    return ReminderWebhook(
        settings.api_reminder_webhook_url,
        settings.api_webhook_secret.get_secret_value(),
        httpx.AsyncClient(timeout=WEBHOOK_TIMEOUT_SECONDS),
    )
