"""Telegram webhook: response time and throughput for 1,000 updates at 50 concurrent.

    python bench/telegram_webhook.py [--updates 1000] [--concurrency 50] [--target serve|endpoint]
                                     [--sqlite] [--freeze-gc]

The server runs in its own process with the builtin engine: `--target serve` is `todobot
serve`'s app (`bot.serve.create_app`: the update is written to the durable inbox before the
200, and an inbox worker runs it); `--target endpoint` hosts only
`adapters.telegram.webhook.make_telegram_endpoint` in a small Starlette app under uvicorn
(the update is queued in memory for the running Application). The Bot API is the fake from
tests/fakes, in this process. Storage is a fresh PostgreSQL database created on
TODOBOT_BENCH_POSTGRES_URL's server and dropped afterwards, or with `--sqlite` a temporary file.

Every update is a different person's private "add task N". It prints the webhook response time
p50/p95/p99/max, updates per second accepted, and how long until every update was answered,
and checks each was answered exactly once (one sendMessage per chat, one task per update).
Replies keep to the bot's send pace (TELEGRAM_MESSAGES_PER_SECOND, 28 a second by default, under
Telegram's 30), so the answering rate is capped at about that by design.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import (  # noqa: E402
    count_tasks,
    create_database,
    drop_database,
    percentile,
    postgres_server,
)

SECRET = "bench-webhook-secret"
SETTLE_SECONDS = 2.0
FIRST_USER = 10_000


# ---------------------------------------------------------------- the server process


def run_server(target: str, freeze_gc: bool) -> None:
    import gc

    import uvicorn

    from bot.settings import load_settings

    settings = load_settings()
    if target == "serve":
        from bot.serve import create_app

        app: Any = create_app(settings)
    else:
        app = endpoint_app(settings)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)
    print(listener.getsockname()[1], flush=True)
    if freeze_gc:  # what start-up built is never garbage: keep full collections from scanning it
        gc.freeze()
    config = uvicorn.Config(app, log_level="warning", access_log=False, backlog=1024)
    asyncio.run(uvicorn.Server(config).serve(sockets=[listener]))


def endpoint_app(settings: Any) -> Any:
    from collections.abc import AsyncIterator
    from contextlib import asynccontextmanager

    from starlette.applications import Starlette
    from starlette.routing import Route

    from adapters.telegram.application import build_application
    from adapters.telegram.config import webhook_secret
    from adapters.telegram.webhook import WEBHOOK_PATH, make_telegram_endpoint, telegram_lifespan
    from bot.wiring import build_services, telegram_config

    services = build_services(settings)
    application = build_application(telegram_config(settings), services.chat, polling=False)

    @asynccontextmanager
    async def lifespan(_: Any) -> AsyncIterator[None]:
        async with telegram_lifespan(application):
            yield
        await services.close()

    endpoint = make_telegram_endpoint(application, webhook_secret(telegram_config(settings)))
    return Starlette(routes=[Route(WEBHOOK_PATH, endpoint, methods=["POST"])], lifespan=lifespan)


# ---------------------------------------------------------------- the load


def update_from(user_id: int, text: str, update_id: int) -> dict[str, Any]:
    from tests.fakes.telegram_api import message_update, person, private_chat

    sender = person(user_id, f"Person {user_id}")
    return message_update(sender, private_chat(sender), text, update_id=update_id)


async def load(args: argparse.Namespace, database_url: str) -> int:
    import aiohttp

    from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI

    api = FakeTelegramAPI()
    await api.start()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "AGENT_BACKEND": "builtin",
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_WEBHOOK_SECRET": SECRET,
        "TELEGRAM_API_URL": api.base_url,
        "RATE_LIMIT_PER_MINUTE": "0",
        "DB_POOL_SIZE": "20",
        "DB_MAX_OVERFLOW": "0",
        "DB_POOL_TIMEOUT": "600",
        "INBOX_CONCURRENCY": "50",
        "INBOX_POLL_SECONDS": "0.2",
    }
    for name in ("SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "SLACK_APP_TOKEN", "OPENAI_API_KEY"):
        env.pop(name, None)
    command = [sys.executable, __file__, "--server", args.target]
    if args.freeze_gc:
        command.append("--freeze-gc")
    server = await asyncio.create_subprocess_exec(
        *command, env=env, stdout=asyncio.subprocess.PIPE, cwd=ROOT
    )
    try:
        port = int(await server.stdout.readline())  # type: ignore[union-attr]
        url = f"http://127.0.0.1:{port}/telegram/webhook"
        headers = {"Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": SECRET}
        connector = aiohttp.TCPConnector(limit=args.concurrency)
        async with aiohttp.ClientSession(connector=connector) as http:

            async def send(update: dict[str, Any]) -> tuple[float, int]:
                body = json.dumps(update).encode()
                started = time.perf_counter()
                async with http.post(url, data=body, headers=headers) as response:
                    await response.read()
                    return time.perf_counter() - started, response.status

            warm_up = update_from(FIRST_USER - 1, "add warm up", 1)
            for _ in range(600):  # 503 while the server still reaches the Bot API
                status = (await send(warm_up))[1]
                if status != 503:
                    break
                await asyncio.sleep(0.1)
            assert status == 200, f"warm-up got {status}"
            await api.wait_for("sendMessage")

            updates = [
                update_from(FIRST_USER + n, f"add task {n}", 100 + n) for n in range(args.updates)
            ]
            gate = asyncio.Semaphore(args.concurrency)

            async def limited(update: dict[str, Any]) -> tuple[float, int]:
                async with gate:
                    return await send(update)

            started = time.perf_counter()
            results = await asyncio.gather(*(limited(u) for u in updates))
            sent_in = time.perf_counter() - started
            async with asyncio.timeout(args.updates / 10 + 120):
                while len(api.sent()) < args.updates + 1:
                    await api.wait_for("sendMessage", len(api.sent()) + 1)
            answered_in = time.perf_counter() - started
            await asyncio.sleep(SETTLE_SECONDS)  # room for a late duplicate to show up
    finally:
        server.terminate()
        await asyncio.wait_for(server.wait(), 60)
        await api.stop()

    latencies = [seconds * 1000 for seconds, _ in results]
    statuses = [status for _, status in results]
    replies = Counter(call.params["chat_id"] for call in api.sent())
    once = sum(1 for n in range(args.updates) if replies[str(FIRST_USER + n)] == 1)
    tasks = count_tasks(database_url) - 1  # the warm-up's
    p99 = percentile(latencies, 0.99)
    storage = "SQLite" if database_url.startswith("sqlite") else "PostgreSQL"
    print(
        f"target: {args.target}; {args.updates} updates, {args.concurrency} concurrent, "
        f"builtin engine, {storage}{', gc frozen' if args.freeze_gc else ''}"
    )
    print(
        f"response ms: p50 {percentile(latencies, 0.50):.1f}  "
        f"p95 {percentile(latencies, 0.95):.1f}  p99 {p99:.1f}  max {max(latencies):.1f}  "
        f"mean {statistics.fmean(latencies):.1f}"
    )
    print(
        f"accepted: {args.updates / sent_in:.0f} updates/s ({sent_in:.2f} s); non-200: "
        f"{sum(1 for s in statuses if s != 200)}"
    )
    print(
        f"all answered in {answered_in:.1f} s ({args.updates / answered_in:.0f} updates/s; "
        f"replies are held to Telegram's 30 messages/s)"
    )
    print(f"answered exactly once: {once}/{args.updates}; tasks stored: {tasks}/{args.updates}")
    ok = (
        p99 < 100
        and once == args.updates
        and tasks == args.updates
        and all(s == 200 for s in statuses)
    )
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--updates", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--target", choices=["serve", "endpoint"], default="serve")
    parser.add_argument("--sqlite", action="store_true", help="a temporary SQLite file")
    parser.add_argument(
        "--freeze-gc", action="store_true", help="gc.freeze() in the server after start-up"
    )
    parser.add_argument("--server", choices=["serve", "endpoint"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.server:
        run_server(args.server, args.freeze_gc)
        return 0
    if args.sqlite:
        from core.storage.migrate import upgrade

        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite:///{folder}/bench.db"
            upgrade(url)
            return asyncio.run(load(args, url))
    server_url = postgres_server()
    database_url = create_database(server_url, "telegram")
    try:
        return asyncio.run(load(args, database_url))
    finally:
        drop_database(server_url, database_url)


if __name__ == "__main__":
    sys.exit(main())
