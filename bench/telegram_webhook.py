"""Telegram webhook ack latency while the model is slow, beside a bare FastAPI endpoint that
checks the secret.

    python bench/telegram_webhook.py [--updates 1000] [--concurrency 50] [--block 100]
                                     [--model-seconds 2] [--turns 40] [--topology split|single]

todobot runs as `todobot serve` does, each process on its own: with `--topology split` (the
default) an intake process (`create_app(role="intake")`: check the secret, record the update
in the durable inbox, answer 200) and a worker process (`role="worker"`: runs the turns,
`--turns` at a time, every model call taking `--model-seconds`, replies keeping to the bot's
send pace); with `single`, one process doing both (`role="all"`). The floor is a FastAPI app
under the same uvicorn settings whose one endpoint compares the secret in constant time,
reads the body and answers 200. The Bot API is the fake from tests/fakes, in this process;
storage is a fresh PostgreSQL database on TODOBOT_BENCH_POSTGRES_URL's server, dropped
afterwards.

After a warm-up, a preload of updates puts `--turns` turns in flight, then `--updates`
updates (each a different person's private "add task N") go to each server, in alternating
blocks of `--block` at `--concurrency` at a time. It prints response time p50/p95/p99/max
for todobot and the floor with their ratios, how many turns were in flight while measuring,
and checks that every update was acked and answered exactly once (exit status 1 if not).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from collections import Counter
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

SECRET = "bench-webhook-secret"
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
PATH = "/telegram/webhook"
SETTLE_SECONDS = 2.0
OTHER_PLATFORMS = ("SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "SLACK_APP_TOKEN", "OPENAI_API_KEY")


# ---------------------------------------------------------------- the server processes


def run_server(kind: str, model_seconds: float) -> None:
    from bot.settings import load_settings
    from bot.wiring import build_agent

    settings = load_settings()
    if kind == "floor":
        from bench.telegram_floor import floor_app

        app: Any = floor_app(PATH, SECRET)
    else:
        from bot.serve import create_app

        agent = SlowAgent(build_agent(settings), model_seconds) if kind != "intake" else None
        app = create_app(settings, role=kind, agent=agent)  # type: ignore[arg-type]
    serve_on_free_port(app, floor=kind == "floor")


# ---------------------------------------------------------------- the load


def update_from(user_id: int, text: str, update_id: int) -> dict[str, Any]:
    from tests.fakes.telegram_api import message_update, person, private_chat

    sender = person(user_id, f"Person {user_id}")
    return message_update(sender, private_chat(sender), text, update_id=update_id)


async def answered(api: Any, count: int, *, within: float) -> None:
    """Until the fake Bot API has been sent `count` messages (each wait is for one more)."""
    async with asyncio.timeout(within):
        while len(api.sent()) < count:
            await api.wait_for("sendMessage", len(api.sent()) + 1)


def posted(url: str, update: dict[str, Any]) -> Request:
    headers = {"Content-Type": "application/json", SECRET_HEADER: SECRET}
    return url, json.dumps(update).encode(), headers


async def load(args: argparse.Namespace, database_url: str) -> int:

    from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI

    api = FakeTelegramAPI()
    await api.start()
    settings = {
        "DATABASE_URL": database_url,
        "AGENT_BACKEND": "builtin",
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_WEBHOOK_SECRET": SECRET,
        "TELEGRAM_API_URL": api.base_url,
        "RATE_LIMIT_PER_MINUTE": "0",
        "INBOX_CONCURRENCY": str(args.turns),
        "DB_POOL_SIZE": str(args.turns + 10),
        "DB_MAX_OVERFLOW": "0",
        "DB_POOL_TIMEOUT": "600",
    }
    env = environment(settings, unset=OTHER_PLATFORMS)
    model = ["--model-seconds", str(args.model_seconds)]
    roles = ["intake", "worker"] if args.topology == "split" else ["all"]
    servers = [await start_server(__file__, "floor", *model, env=env)]
    servers += [await start_server(__file__, role, *model, env=env) for role in roles]
    floor, todobot = servers[0], servers[1]
    in_flight = TurnsInFlight(database_url)

    users = iter(range(10_000, 10_000_000))
    update_ids = iter(range(1, 10_000_000))

    def updates(count: int) -> list[dict[str, Any]]:
        return [
            update_from(user, f"add task {user}", next(update_ids))
            for user in (next(users) for _ in range(count))
        ]

    warm_count, preload_count = 20, 2 * args.turns
    try:
        warm = [posted(todobot.url(PATH), u) for u in updates(warm_count)]
        warm += [posted(floor.url(PATH), u) for u in updates(warm_count)]
        await measure(warm, [], concurrency=10, block=len(warm))
        await answered(api, warm_count, within=120)  # the worker has reached the Bot API
        preload = [posted(todobot.url(PATH), u) for u in updates(preload_count)]
        measured_updates = updates(args.updates)
        measured = [posted(todobot.url(PATH), u) for u in measured_updates]
        bare = [posted(floor.url(PATH), u) for u in updates(args.updates)]
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
        total = warm_count + preload_count + args.updates
        await answered(api, total, within=total * args.model_seconds / max(1, args.turns) + 180)
        answered_in = time.perf_counter() - started
        await asyncio.sleep(SETTLE_SECONDS)  # room for a late duplicate to show up
    finally:
        for server in reversed(servers):
            await server.stop()
        await api.stop()
        in_flight.dispose()

    replies = Counter(call.params["chat_id"] for call in api.sent())
    chats = [str(update["message"]["chat"]["id"]) for update in measured_updates]
    once = sum(1 for chat in chats if replies[chat] == 1)
    tasks = count_tasks(database_url) - warm_count - preload_count
    shape = "intake + worker processes" if args.topology == "split" else "one process"
    print(
        f"todobot serve, {shape}: {args.updates} updates per server, {args.concurrency} at a "
        f"time, blocks of {args.block} alternating with the floor; builtin engine behind a "
        f"model of {args.model_seconds:g} s a call, {args.turns} turns at a time"
    )
    print(
        f"turns in flight while measuring: min {min(in_flight.samples)}, "
        f"median {statistics.median(in_flight.samples):g}, max {max(in_flight.samples)}"
    )
    figures = Figures(
        "telegram_webhook",
        "Telegram webhook acks while the model is slow, beside a bare FastAPI endpoint",
        "intake + worker" if args.topology == "split" else "one process",
        "python3 bench/telegram_webhook.py",
    )
    report(ours, floors, floor_name="floor: FastAPI, secret check", goal=2.0, figures=figures)
    print(
        f"acks measured in {acked_in:.1f} s; every update answered in {answered_in:.1f} s "
        f"(replies keep to the bot's send pace)"
    )
    refused = len(ours.refused) + len(floors.refused)
    print(f"non-200 answers: {refused}")
    print(f"answered exactly once: {once}/{args.updates}; tasks stored: {tasks}/{args.updates}")
    correct = refused == 0 and once == args.updates and tasks == args.updates
    if not correct:
        print("an update was refused, lost or answered twice: see above")
    return 0 if correct else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--updates", type=int, default=1000)
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
    database_url = create_database(server_url, "telegram")
    try:
        return asyncio.run(load(args, database_url))
    finally:
        drop_database(server_url, database_url)


if __name__ == "__main__":
    sys.exit(main())
