"""Slack ack latency while the model is slow, beside a bare bolt app that only acks.

    python bench/slack_ack.py [--events 1000] [--concurrency 50] [--block 100]
                              [--model-seconds 2] [--turns 40] [--topology split|single]

todobot runs as `todobot serve` does, each process on its own: with `--topology split` (the
default) an intake process (`create_app(role="intake")`: verify, record in the durable inbox,
ack) and a worker process (`role="worker"`: runs the turns, `--turns` at a time, every model
call taking `--model-seconds`); with `single`, one process doing both (`role="all"`). The
floor is a bare slack-bolt app under the same uvicorn settings, whose one listener only acks.
Both check Slack's signature. Slack's Web API is the fake from tests/fakes, in this process;
storage is a fresh PostgreSQL database on TODOBOT_BENCH_POSTGRES_URL's server, dropped
afterwards.

After a warm-up, a preload of events puts `--turns` turns in flight, then `--events` signed
`message.im` events go to each server, in alternating blocks of `--block` at `--concurrency`
at a time. It prints ack latency p50/p95/p99/max for todobot and for the floor with their
ratios, how many turns were in flight while the acks were measured, and checks that every
event was acked and answered exactly once (exit status 1 if not).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import (  # noqa: E402
    SlowAgent,
    TurnsInFlight,
    count_tasks,
    create_database,
    drop_database,
    postgres_server,
)
from bench.side_by_side import (  # noqa: E402
    Figures,
    Request,
    environment,
    measure,
    report,
    serve_on_free_port,
    start_server,
)

SETTLE_SECONDS = 3.0
PATH = "/slack/events"
OTHER_PLATFORMS = ("TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET", "SLACK_APP_TOKEN")


# ---------------------------------------------------------------- the server processes


def run_server(kind: str, model_seconds: float) -> None:
    from bot.settings import load_settings
    from bot.wiring import build_agent

    settings = load_settings()
    if kind == "floor":
        app: Any = floor_app(settings)
    else:
        from bot.serve import create_app

        agent = SlowAgent(build_agent(settings), model_seconds) if kind != "intake" else None
        app = create_app(settings, role=kind, agent=agent)  # type: ignore[arg-type]
    serve_on_free_port(app, floor=kind == "floor")


def floor_app(settings: Any) -> Any:
    """slack-bolt over Starlette, as bolt's docs set it up, with one listener: ack."""
    from slack_bolt.adapter.starlette.async_handler import AsyncSlackRequestHandler
    from slack_bolt.async_app import AsyncAck, AsyncApp
    from starlette.applications import Starlette
    from starlette.requests import Request as HttpRequest
    from starlette.responses import Response
    from starlette.routing import Route

    bolt = AsyncApp(
        token=settings.slack_bot_token.get_secret_value(),
        signing_secret=settings.slack_signing_secret.get_secret_value(),
        process_before_response=True,
    )
    bolt.client.base_url = settings.slack_api_url

    async def ack_only(ack: AsyncAck) -> None:
        await ack()

    bolt.event("message")(ack_only)
    handler = AsyncSlackRequestHandler(bolt)

    async def endpoint(request: HttpRequest) -> Response:
        return await handler.handle(request)

    return Starlette(routes=[Route(PATH, endpoint, methods=["POST"])])


# ---------------------------------------------------------------- the load


def signed(url: str, payload: dict[str, Any]) -> Request:
    from tests.fakes import slack_payloads as payloads

    body = json.dumps(payload)
    return url, body.encode(), {"Content-Type": "application/json", **payloads.sign(body)}


async def load(args: argparse.Namespace, database_url: str) -> int:

    from tests.fakes import slack_payloads as payloads
    from tests.fakes.slack_api import FakeSlackApi

    api = await FakeSlackApi().start()
    settings = {
        "DATABASE_URL": database_url,
        "SLACK_BOT_TOKEN": payloads.BOT_TOKEN,
        "SLACK_SIGNING_SECRET": payloads.SIGNING_SECRET,
        "SLACK_API_URL": api.api_url,
        "AGENT_BACKEND": "builtin",
        "INBOX_CONCURRENCY": str(args.turns),
        # turns hold a connection through the model call; acks need a few
        "DB_POOL_SIZE": str(args.turns + 10),
        "DB_MAX_OVERFLOW": "0",
        "DB_POOL_TIMEOUT": "600",
        "RATE_LIMIT_PER_MINUTE": "0",
    }
    env = environment(settings, unset=OTHER_PLATFORMS)
    model = ["--model-seconds", str(args.model_seconds)]
    roles = ["intake", "worker"] if args.topology == "split" else ["all"]
    servers = [await start_server(__file__, "floor", *model, env=env)]
    servers += [await start_server(__file__, role, *model, env=env) for role in roles]
    floor, todobot = servers[0], servers[1]
    in_flight = TurnsInFlight(database_url)

    def events(prefix: str, count: int) -> list[dict[str, Any]]:
        return [
            payloads.dm(f"add task {n}", user=f"U{prefix}{n:05d}", channel=f"D{prefix}{n:05d}")
            for n in range(count)
        ]

    try:
        warm = [signed(todobot.url(PATH), e) for e in events("W", 20)]
        warm += [signed(floor.url(PATH), e) for e in events("F", 20)]
        await measure(warm, [], concurrency=10, block=len(warm))
        await api.wait_for("chat.postMessage", 20, within=60)
        preload = [signed(todobot.url(PATH), e) for e in events("P", 2 * args.turns)]
        measured = [signed(todobot.url(PATH), e) for e in events("M", args.events)]
        bare = [signed(floor.url(PATH), e) for e in events("B", args.events)]
        await measure(preload, [], concurrency=args.concurrency, block=len(preload))
        started = time.perf_counter()
        ours, floors = await measure(
            measured,
            bare,
            concurrency=args.concurrency,
            block=args.block,
            servers=(todobot, floor),
            between_blocks=in_flight.sample,
        )
        acked_in = time.perf_counter() - started
        total = 20 + len(preload) + args.events
        budget = total * args.model_seconds / max(1, args.turns) + 120
        await api.wait_for("chat.postMessage", total, within=budget)
        answered_in = time.perf_counter() - started
        await asyncio.sleep(SETTLE_SECONDS)  # room for a late duplicate to show up
    finally:
        for server in reversed(servers):
            await server.stop()
        await api.stop()
        in_flight.dispose()

    posts: dict[str, int] = {}
    for call in api.of("chat.postMessage"):
        posts[call["channel"]] = posts.get(call["channel"], 0) + 1
    once = sum(1 for n in range(args.events) if posts.get(f"DM{n:05d}") == 1)
    tasks = count_tasks(database_url) - 20 - len(preload)
    shape = "intake + worker processes" if args.topology == "split" else "one process"
    print(
        f"todobot serve, {shape}: {args.events} signed events per server, {args.concurrency} "
        f"at a time, blocks of {args.block} alternating with the floor; model "
        f"{args.model_seconds:g} s a call, {args.turns} turns at a time"
    )
    print(
        f"turns in flight while measuring: min {min(in_flight.samples)}, "
        f"median {statistics.median(in_flight.samples):g}, max {max(in_flight.samples)}"
    )
    figures = Figures(
        "slack_ack",
        "Slack acks while the model is slow, beside a bare bolt app that only acks",
        "intake + worker" if args.topology == "split" else "one process",
        "python3 bench/slack_ack.py",
    )
    report(ours, floors, floor_name="floor: bare bolt, ack only", goal=2.0, figures=figures)
    print(f"acks measured in {acked_in:.1f} s; every event answered in {answered_in:.1f} s")
    refused = len(ours.refused) + len(floors.refused)
    print(f"non-200 acks: {refused}; over 3 s: {sum(ms > 3000 for ms in ours.ms)}")
    print(f"answered exactly once: {once}/{args.events}; tasks stored: {tasks}/{args.events}")
    correct = refused == 0 and once == args.events and tasks == args.events
    if not correct:
        print("a delivery was refused, lost or answered twice: see above")
    return 0 if correct else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--block", type=int, default=100, help="requests per alternating block")
    parser.add_argument("--model-seconds", type=float, default=2.0)
    parser.add_argument("--turns", type=int, default=40, help="turns the worker runs at once")
    parser.add_argument("--topology", choices=["split", "single"], default="split")
    parser.add_argument("--server", choices=["floor", "intake", "worker", "all"])
    args = parser.parse_args()
    if args.server:
        run_server(args.server, args.model_seconds)
        return 0
    server_url = postgres_server()
    database_url = create_database(server_url, "slack")
    try:
        return asyncio.run(load(args, database_url))
    finally:
        drop_database(server_url, database_url)


if __name__ == "__main__":
    sys.exit(main())
