"""Slack ack latency while the model is slow: signed Events API requests over HTTP.

    python bench/slack_ack.py [--events 1000] [--concurrency 50] [--model-seconds 2]

The server runs in its own process: `todobot serve`'s app (`bot.serve.create_app`, with its
durable inbox) with the agent wrapped to take `--model-seconds` per call; `--target endpoint`
hosts only the Slack endpoint in a small Starlette app instead. Slack's Web API is the local
fake from tests/fakes, in this process. Storage is a fresh PostgreSQL database (SQLite
serializes writers, so a turn holding its transaction through a 2 s model call would stall
every ack behind it), created on TODOBOT_BENCH_POSTGRES_URL's server and dropped afterwards.

It prints ack latency p50/p95/p99/max and checks that every event was answered exactly once
(one chat.postMessage per event on the fake, one task per event in the database).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import sys
import time
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
from core.agent.base import Agent  # noqa: E402

SETTLE_SECONDS = 3.0


class SlowAgent(Agent):
    """The configured agent, behind a model that takes `seconds` to answer."""

    def __init__(self, inner: Any, seconds: float) -> None:
        self.inner = inner
        self.seconds = seconds

    async def respond(self, turn: Any) -> str:
        await asyncio.sleep(self.seconds)
        return await self.inner.respond(turn)


# ---------------------------------------------------------------- the server process


def run_server(target: str, model_seconds: float, turns: int) -> None:
    import uvicorn

    from bot.settings import load_settings
    from bot.wiring import build_agent

    settings = load_settings()
    agent = SlowAgent(build_agent(settings), model_seconds)
    if target == "serve":
        from bot.serve import create_app

        app: Any = create_app(settings, agent=agent)
    else:
        app = endpoint_app(settings, agent, turns)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)
    print(listener.getsockname()[1], flush=True)
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, backlog=1024, timeout_keep_alive=120
    )
    asyncio.run(uvicorn.Server(config).serve(sockets=[listener]))


def endpoint_app(settings: Any, agent: Any, turns: int) -> Any:
    from contextlib import asynccontextmanager

    from starlette.applications import Starlette
    from starlette.routing import Route

    from adapters.slack.app import create_slack_app
    from adapters.slack.config import slack_credentials
    from adapters.slack.http import make_slack_endpoint
    from bot.wiring import build_services, slack_config

    services = build_services(settings, agent=agent)
    credentials = slack_credentials(slack_config(settings), "http")
    slack, worker = create_slack_app(credentials, services.chat, mode="http", concurrency=turns)

    @asynccontextmanager
    async def lifespan(_: Any) -> Any:
        yield
        await worker.drain()
        await services.close()

    route = Route(
        "/slack/events",
        make_slack_endpoint(slack, signing_secret=credentials.signing_secret or ""),
        methods=["POST"],
    )
    return Starlette(routes=[route], lifespan=lifespan)


# ---------------------------------------------------------------- the load


async def load(args: argparse.Namespace, database_url: str) -> int:
    import aiohttp

    from tests.fakes import slack_payloads as payloads
    from tests.fakes.slack_api import FakeSlackApi

    api = await FakeSlackApi().start()
    pool = args.turns + 20  # turns hold a connection through the model call; acks need a few
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SLACK_BOT_TOKEN": payloads.BOT_TOKEN,
        "SLACK_SIGNING_SECRET": payloads.SIGNING_SECRET,
        "SLACK_API_URL": api.api_url,
        "INBOX_CONCURRENCY": str(args.turns),
        "INBOX_POLL_SECONDS": "0.2",
        "DB_POOL_SIZE": str(pool),
        "DB_MAX_OVERFLOW": "0",
        "DB_POOL_TIMEOUT": "600",
        "RATE_LIMIT_PER_MINUTE": "0",
    }
    env.pop("TELEGRAM_BOT_TOKEN", None)
    command = [
        sys.executable,
        __file__,
        "--server",
        args.target,
        "--model-seconds",
        str(args.model_seconds),
        "--turns",
        str(args.turns),
    ]
    server = await asyncio.create_subprocess_exec(
        *command, env=env, stdout=asyncio.subprocess.PIPE, cwd=ROOT
    )
    try:
        assert server.stdout is not None
        port = int(await server.stdout.readline())
        url = f"http://127.0.0.1:{port}/slack/events"
        connector = aiohttp.TCPConnector(limit=args.concurrency)
        timeout = aiohttp.ClientTimeout(total=30)
        async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:

            async def send(payload: dict[str, Any]) -> tuple[float, int]:
                body = json.dumps(payload)
                headers = {"Content-Type": "application/json", **payloads.sign(body)}
                started = time.perf_counter()
                try:
                    async with http.post(url, data=body.encode(), headers=headers) as response:
                        await response.read()
                        status = response.status
                except (aiohttp.ClientError, TimeoutError) as error:
                    print(f"request failed: {error!r}", file=sys.stderr)
                    status = 0
                return time.perf_counter() - started, status

            warm = await send(payloads.dm("add warm up", user="UWARM", channel="DWARM"))
            assert warm[1] == 200, f"warm-up got {warm[1]}"
            await api.wait_for("chat.postMessage", channel="DWARM", within=60)

            events = [
                payloads.dm(f"add task {n}", user=f"U{n:05d}", channel=f"D{n:05d}")
                for n in range(args.events)
            ]
            gate = asyncio.Semaphore(args.concurrency)

            async def limited(payload: dict[str, Any]) -> tuple[float, int]:
                async with gate:
                    return await send(payload)

            started = time.perf_counter()
            results = await asyncio.gather(*(limited(e) for e in events))
            sent_in = time.perf_counter() - started
            budget = args.events * args.model_seconds / max(1, args.turns) + 120
            await api.wait_for("chat.postMessage", args.events + 1, within=budget)
            answered_in = time.perf_counter() - started
            await asyncio.sleep(SETTLE_SECONDS)  # room for a late duplicate to show up
    finally:
        server.terminate()
        await server.wait()
        await api.stop()

    latencies = [seconds * 1000 for seconds, _ in results]
    statuses = [status for _, status in results]
    posts: dict[str, int] = {}
    for call in api.of("chat.postMessage"):
        posts[call["channel"]] = posts.get(call["channel"], 0) + 1
    once = sum(1 for n in range(args.events) if posts.get(f"D{n:05d}") == 1)
    odd = [c["text"] for c in api.of("chat.postMessage") if not c["text"].startswith("Added #1")]
    if odd:
        print(f"{len(odd)} answers were not 'Added #1 …', e.g. {odd[:3]}")
    tasks = count_tasks(database_url) - 1  # the warm-up's
    p99 = percentile(latencies, 0.99)
    print(
        f"target: {args.target}; {args.events} events, {args.concurrency} concurrent, "
        f"model {args.model_seconds:g} s/call, {args.turns} turns at a time"
    )
    print(
        f"ack latency ms: p50 {percentile(latencies, 0.50):.1f}  "
        f"p95 {percentile(latencies, 0.95):.1f}  p99 {p99:.1f}  max {max(latencies):.1f}  "
        f"mean {statistics.fmean(latencies):.1f}"
    )
    print(
        f"non-200 acks: {sum(1 for s in statuses if s != 200)}; "
        f"acks over 3 s: {sum(1 for ms in latencies if ms > 3000)}"
    )
    print(f"all acked in {sent_in:.1f} s; all answered in {answered_in:.1f} s")
    print(f"answered exactly once: {once}/{args.events}; tasks stored: {tasks}/{args.events}")
    ok = (
        p99 < 100
        and max(latencies) <= 3000
        and once == args.events
        and tasks == args.events
        and all(s == 200 for s in statuses)
    )
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--model-seconds", type=float, default=2.0)
    parser.add_argument("--turns", type=int, default=40, help="turns the server runs at once")
    parser.add_argument("--target", choices=["serve", "endpoint"], default="serve")
    parser.add_argument("--server", choices=["serve", "endpoint"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.server:
        run_server(args.server, args.model_seconds, args.turns)
        return 0
    server_url = postgres_server()
    database_url = create_database(server_url, "slack")
    try:
        return asyncio.run(load(args, database_url))
    finally:
        drop_database(server_url, database_url)


if __name__ == "__main__":
    sys.exit(main())
