"""`todobot serve`: one ASGI app for the chat API, Slack, Telegram, health and metrics.

`create_app(settings, role=...)` builds everything one process needs for its role
(`bot/roles.py`): `intake` takes the platforms' deliveries in (verify, record in the durable
inbox, ack), `worker` runs them and everything else that is a turn (the chat API, MCP,
reminders, scheduled work), `all` does both. `serve()` runs it on uvicorn, as one process or
as several (`bot/supervisor.py`), each listening on the one port with a socket of its own
(`bot/listening.py`). Processes coordinate only through the database.

Shutdown (SIGTERM or Ctrl-C, `bot/http_server.py`): a process stops taking new connections
(without resetting those already queued), answers the requests in flight within
SHUTDOWN_GRACE_SECONDS, closing each connection after its response; then a worker's inbox
takes no new items and waits as long again for the turns it is running. Anything still
unfinished keeps its lease and is picked up by another (or the next) worker.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import shutil
import tempfile
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import TYPE_CHECKING, Any

from bot import listening
from bot.connection_budget import warn_if_over_budget
from bot.extras import skip_unused_extras
from bot.roles import Role, runs_turns, takes_deliveries
from bot.settings import Settings, load_settings
from bot.supervisor import WorkerPool

if TYPE_CHECKING:
    from fastapi import FastAPI

    from core.agent.base import Agent
    from core.clock import Clock

log = logging.getLogger(__name__)

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def create_app(
    settings: Settings,
    *,
    role: Role = "all",
    agent: Agent | None = None,
    multiprocess_metrics: bool = False,
    clock: Clock | None = None,
) -> FastAPI:
    """The server for one process in `role`; nothing connects until its lifespan starts.
    Raises RoleError for a role these settings cannot run, and the platform's setup error
    for a partial Slack or Telegram configuration. `clock` is the core's (tests pin it).

    The app's libraries are imported here, not with the module: the parent of `serve
    --workers N` imports this module only to start the workers, and builds no app."""
    from sqlalchemy import text

    from adapters.http.direct import DirectRoutesApp
    from adapters.http.errors import install_error_handlers
    from adapters.http.limits import DEFAULT_BODY_MAX
    from adapters.http.ops import ops_router
    from adapters.http.platforms import mount_intake
    from bot.runtime import freeze_startup_heap
    from bot.turn_wiring import install_turns
    from bot.wiring import build_server

    server = build_server(
        settings, role, agent=agent, clock=clock, multiprocess_metrics=multiprocess_metrics
    )
    services, metrics, inbox, parts = server.services, server.metrics, server.inbox, server.parts
    served = server.served
    chat, intake, slack_workspaces = services.chat, server.intake, server.slack_workspaces

    async def check_database() -> None:
        async with services.db.engine.connect() as connection:
            await connection.execute(text("SELECT 1"))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with AsyncExitStack() as stack:
            stack.push_async_callback(services.close)
            if intake is not None:
                stack.push_async_callback(intake.dispose)
            for part in parts:  # left in reverse: the inbox stops before Telegram's app
                await stack.enter_async_context(part())
            freeze_startup_heap()
            yield

    app = DirectRoutesApp(
        title="todobot",
        version="1",
        summary="The chat API of todobot, Slack's and Telegram's webhooks, health and metrics.",
        lifespan=lifespan,
        max_body_size=DEFAULT_BODY_MAX,
    )
    app.state.role = role
    app.state.inbox = inbox
    app.state.metrics = metrics
    app.state.services = services

    def count_error(where: str) -> None:
        metrics.errors.labels(where=where).inc()

    install_error_handlers(app, count_error)
    app.include_router(ops_router(check_database, metrics))
    if takes_deliveries(role):
        mount_intake(app, served, chat, inbox, count_error, slack_workspaces)
    if runs_turns(role):
        install_turns(app, settings, server)
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


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


def app_from_environment(role: Role = "all") -> FastAPI:
    """The uvicorn factory each process calls when `serve --workers N` (N > 1)."""
    return create_app(load_settings(), role=role, multiprocess_metrics=True)


def serve(
    settings: Settings,
    *,
    host: str,
    port: int,
    workers: int,
    role: Role = "all",
    access_log: bool = True,
) -> None:
    """Run until SIGTERM/SIGINT. The schema must already be migrated."""
    skip_unused_extras(settings)  # before uvicorn and the platforms' libraries load
    warn_if_over_budget(settings, role=role, workers=workers)
    from bot import http_server

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
            create_app(settings, role=role),
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
        http_server.announce_listening(host, reserved.getsockname()[1])
        worker = {
            "role": role,
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
    *, role: Role, host: str, port: int, keepalive_max_seconds: float, options: dict[str, Any]
) -> None:
    """One process of `serve --workers N`, with a listening socket of its own."""
    settings = load_settings()
    skip_unused_extras(settings)  # as in `serve`: this is a process of its own
    from bot import http_server
    from bot.logs import configure_logging

    configure_logging(settings)

    http_server.run(
        functools.partial(app_from_environment, role),
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
