"""`todobot serve`: one ASGI app for the chat API, Slack, Telegram, health and metrics.

`create_app(settings)` builds everything for one worker process; `serve()` runs it on uvicorn,
as one process or as several workers (`bot/supervisor.py`), each listening on the one port
with a socket of its own (`bot/listening.py`), all sharing PostgreSQL. Each worker runs its own
inbox loop; workers coordinate only through the database.

Shutdown (SIGTERM or Ctrl-C, `bot/http_server.py`): a worker stops taking new connections
(without resetting those already queued), answers the requests in flight within
SHUTDOWN_GRACE_SECONDS, closing each connection after its response; then the inbox takes no
new items and waits as long again for the turns it is running. Anything still unfinished keeps
its lease and is picked up by another (or the next) worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shutil
import tempfile
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import TYPE_CHECKING, Any

from bot import http_server, listening
from bot.settings import Settings, load_settings
from bot.supervisor import WorkerPool

if TYPE_CHECKING:
    from fastapi import FastAPI

    from adapters.http.webhooks import ReminderWebhook
    from core.agent.base import Agent
    from core.chat import ChatService
    from core.delivery.inbox import Inbox, InboxPolicy

log = logging.getLogger(__name__)

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
# Connections for recording deliveries before the ack; group commit needs very few.
INTAKE_POOL_SIZE = 2
KEY_PRUNE_SECONDS = 3600.0
WEBHOOK_TIMEOUT_SECONDS = 10.0


def inbox_policy(settings: Settings) -> InboxPolicy:
    from core.delivery.inbox import InboxPolicy

    return InboxPolicy(
        lease_seconds=settings.inbox_lease_seconds,
        concurrency=settings.inbox_concurrency,
        poll_seconds=settings.inbox_poll_seconds,
        max_attempts=settings.inbox_max_attempts,
    )


def create_app(
    settings: Settings, *, agent: Agent | None = None, multiprocess_metrics: bool = False
) -> FastAPI:
    """The whole server for one worker process; nothing connects until its lifespan starts.

    The app's libraries are imported here, not with the module: the parent of `serve
    --workers N` imports this module only to start the workers, and builds no app."""
    from fastapi import FastAPI
    from sqlalchemy import text

    from adapters.http.auth import TokenVerifier
    from adapters.http.chat_api import chat_api_router
    from adapters.http.errors import install_error_handlers
    from adapters.http.limits import DEFAULT_BODY_MAX
    from adapters.http.metrics import build_metrics
    from adapters.http.ops import ops_router
    from adapters.http.platforms import mount_platforms
    from adapters.http.reminders import ApiReminderSender
    from adapters.http.webhooks import SOURCE as WEBHOOK_SOURCE
    from adapters.mcp.mount import mount_mcp
    from bot.logs import protect_logs
    from bot.reminders import reminders_running
    from bot.runtime import freeze_startup_heap
    from bot.wiring import (
        build_database,
        build_remote_tools,
        build_services,
        mcp_config,
        slack_config,
        telegram_config,
    )
    from core.delivery.inbox import Inbox
    from core.domain.trash import TrashPurger

    protect_logs(settings)
    metrics = build_metrics(settings.prometheus_multiproc_dir if multiprocess_metrics else None)
    services = build_services(settings, agent=agent, observer=metrics)
    chat = services.chat
    intake = build_database(settings, pool_size=INTAKE_POOL_SIZE)
    inbox = Inbox(
        services.db,
        policy=inbox_policy(settings),
        observe=metrics.count_inbox,
        intake_db=intake,
    )
    secret = settings.api_jwt_secret.get_secret_value() if settings.api_jwt_secret else None
    webhook = reminder_webhook(settings)
    if webhook is not None:
        inbox.register(WEBHOOK_SOURCE, webhook.post)

    async def check_database() -> None:
        async with services.db.engine.connect() as connection:
            await connection.execute(text("SELECT 1"))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with AsyncExitStack() as stack:
            stack.push_async_callback(services.close)
            stack.push_async_callback(intake.dispose)
            if webhook is not None:
                stack.push_async_callback(webhook.client.aclose)
            for platform_lifespan in app.state.platform_lifespans:
                await stack.enter_async_context(platform_lifespan())
            api_sender = ApiReminderSender(services.db, webhook=webhook is not None)
            senders = [api_sender, *app.state.reminder_senders]
            await stack.enter_async_context(
                reminders_running(
                    settings, services.db, senders, observer=metrics, clock=chat.clock
                )
            )
            await stack.enter_async_context(_forgetting_expired_keys(chat))
            worker = _start_inbox(inbox)
            purger = TrashPurger(services.db, keep_days=settings.trash_days)
            purging = asyncio.create_task(purger.run(), name="trash-purge")
            freeze_startup_heap()
            try:
                yield
            finally:
                purger.stop()
                await inbox.stop(grace_seconds=settings.shutdown_grace_seconds)
                if worker is not None:
                    await worker
                await purging

    app = FastAPI(
        title="todobot",
        version="1",
        summary="The chat API of todobot, Slack's and Telegram's webhooks, health and metrics.",
        lifespan=lifespan,
        max_body_size=DEFAULT_BODY_MAX,
    )
    app.state.inbox = inbox
    app.state.metrics = metrics
    app.state.services = services
    app.state.platform_lifespans = []
    app.state.reminder_senders = []
    install_error_handlers(app, lambda where: metrics.errors.labels(where=where).inc())
    app.include_router(ops_router(check_database, metrics))
    app.include_router(
        chat_api_router(
            chat, TokenVerifier(secret), requests_per_minute=settings.api_requests_per_minute
        )
    )
    mount_platforms(
        app,
        slack=slack_config(settings),
        telegram=telegram_config(settings),
        chat=chat,
        inbox=inbox,
    )
    mount_mcp(app, mcp_config(settings), build_remote_tools(settings, services.db, metrics))
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


def reminder_webhook(settings: Settings) -> ReminderWebhook | None:
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


@asynccontextmanager
async def _forgetting_expired_keys(chat: ChatService) -> AsyncIterator[None]:
    """Hourly, drop the idempotency keys past their 24 hours (any worker may; it is one
    DELETE)."""
    from sqlalchemy.exc import DBAPIError

    async def forget() -> None:
        while True:
            try:
                forgotten = await chat.forget_expired_keys()
                if forgotten:
                    log.info("forgot %d expired idempotency keys", forgotten)
            except (DBAPIError, OSError):
                log.warning("could not forget expired idempotency keys")
            await asyncio.sleep(KEY_PRUNE_SECONDS)

    task = asyncio.create_task(forget(), name="expired-keys")
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def _start_inbox(inbox: Inbox) -> asyncio.Task[None] | None:
    if not inbox.processors:
        return None
    return asyncio.create_task(inbox.run(), name="inbox")


def _openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's schema, with its generic 422 replaced by the 400 this API really answers
    (the 422 an operation declares itself, a reused Idempotency-Key, stays)."""
    from fastapi.openapi.utils import get_openapi

    if app.openapi_schema:
        return app.openapi_schema
    schema = get_openapi(
        title=app.title, version=app.version, summary=app.summary, routes=app.routes
    )
    for path in schema.get("paths", {}).values():
        for operation in path.values():
            responses = operation.get("responses", {})
            if "HTTPValidationError" in json.dumps(responses.get("422", {})):
                responses.pop("422")
    for unused in ("HTTPValidationError", "ValidationError"):
        schema.get("components", {}).get("schemas", {}).pop(unused, None)
    app.openapi_schema = schema
    return schema


def app_from_environment() -> FastAPI:
    """The uvicorn factory each worker process calls when `serve --workers N` (N > 1)."""
    return create_app(load_settings(), multiprocess_metrics=True)


def serve(
    settings: Settings, *, host: str, port: int, workers: int, access_log: bool = True
) -> None:
    """Run until SIGTERM/SIGINT. The schema must already be migrated."""
    options: dict[str, Any] = {
        "timeout_graceful_shutdown": settings.shutdown_grace_seconds,
        "access_log": access_log,
        "log_level": settings.log_level.lower(),
        "proxy_headers": True,
        "limit_concurrency": settings.http_max_connections,
        "timeout_keep_alive": settings.http_keep_alive_seconds,
    }
    keepalive = settings.keepalive_max_seconds
    if workers <= 1:
        listener = listening.listen(host, port)
        http_server.run(
            create_app(settings),
            host=host,
            port=port,
            listener=listener,
            keepalive_max_seconds=keepalive,
            announce=True,
            **options,
        )
        return
    metrics_dir = settings.prometheus_multiproc_dir or tempfile.mkdtemp(prefix="todobot-metrics-")
    _fresh_directory(metrics_dir)
    os.environ[MULTIPROC_ENV] = metrics_dir  # prometheus_client reads it in every worker
    reserved = listening.reserve(host, port)
    try:
        http_server.configure_logging(options["log_level"])
        http_server.announce_listening(host, reserved.getsockname()[1])
        worker = {
            "host": host,
            "port": reserved.getsockname()[1],
            "keepalive_max_seconds": keepalive,
            "options": options,
        }
        pool = WorkerPool(
            workers, run_worker, worker, stop_seconds=2 * settings.shutdown_grace_seconds + 10
        )
        failed = pool.run()
    finally:
        reserved.close()
        if not settings.prometheus_multiproc_dir:
            shutil.rmtree(metrics_dir, ignore_errors=True)
    if failed:
        raise SystemExit(failed)


def run_worker(
    *, host: str, port: int, keepalive_max_seconds: float, options: dict[str, Any]
) -> None:
    """One worker process of `serve --workers N`, with a listening socket of its own."""
    http_server.run(
        "bot.serve:app_from_environment",
        factory=True,
        host=host,
        port=port,
        listener=listening.listen(host, port),
        keepalive_max_seconds=keepalive_max_seconds,
        **options,
    )


def _fresh_directory(path: str) -> None:
    """Counters of an earlier run must not be added to this one's."""
    os.makedirs(path, exist_ok=True)
    for name in os.listdir(path):
        if name.endswith(".db"):
            os.remove(os.path.join(path, name))
