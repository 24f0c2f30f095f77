"""Reminders: many due at once, delivered by two worker processes on PostgreSQL.

    python bench/reminders.py [--run a|b|both] [--reminders 10000] [--people 1000]

(a) 10,000 reminders due at the same instant across 1,000 people, two worker processes
    each running the reminder dispatcher (`core.reminders.dispatch`) with the real Slack
    sender (slack_sdk) against a fake Slack Web API that answers at once and imposes no
    limit (the sender's own per-channel pacing is off for this run). Prints deliveries per
    second, the lag from due to received (p50/p99/max), duplicates and lost. The floor is
    the bare slack_sdk client posting the same 10,000 messages from one process, at the
    same concurrency, with no database at all.
(b) 1,000 reminders across 100 people on Telegram through python-telegram-bot, with the fake
    Bot API enforcing Telegram's 30 messages a second (a 31st within any second gets 429
    retry_after 1). The workers share the bot's send pace through the database
    (core/delivery/send_pace.py, TELEGRAM_MESSAGES_PER_SECOND at its default). Prints the throughput
    against the fake's limit, and how many messages it refused.

Databases are created on TODOBOT_BENCH_POSTGRES_URL's server and dropped afterwards. The fake
platforms run in this process; the workers are `python bench/reminders.py --worker ...`.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import re
import signal
import sys
import time
from collections import Counter, deque
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402
from aiohttp import web  # noqa: E402

from bench.common import create_database, drop_database, percentile, postgres_server  # noqa: E402
from bench.figures import record  # noqa: E402

WORKERS = 2
SENDS_AT_ONCE = 64
NUMBER = re.compile(r"“r(\d+)”")
TELEGRAM_TOKEN = "7000001:AAE-bench_token_for_the_fake"


class FakePlatform:
    """Slack's chat.postMessage and enough of the Bot API; records when each text arrived.
    `per_second` > 0 refuses (Telegram's 429) a message beyond that many in any second."""

    def __init__(self, per_second: int = 0) -> None:
        self.per_second = per_second
        self.received: list[tuple[float, str]] = []
        self.refused = 0
        self._recent: deque[float] = deque()
        self._ids = 0
        self.url = ""
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/api/{method}", self._slack)
        app.router.add_post("/bot{token}/{method}", self._telegram)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0, backlog=1024)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _params(self, request: web.Request) -> dict[str, Any]:
        if request.content_type == "application/json":
            return dict(await request.json())
        return dict(await request.post())

    async def _slack(self, request: web.Request) -> web.Response:
        args = await self._params(request)
        self._ids += 1
        if request.match_info["method"] == "chat.postMessage":
            self.received.append((time.time(), str(args.get("text", ""))))
        return web.json_response(
            {"ok": True, "channel": args.get("channel"), "ts": f"1700000000.{self._ids:06d}"}
        )

    async def _telegram(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        args = await self._params(request)
        if method == "getMe":
            bot = {"id": 7000001, "is_bot": True, "first_name": "todobot", "username": "b_bot"}
            return web.json_response({"ok": True, "result": bot})
        if method != "sendMessage":
            return web.json_response({"ok": True, "result": True})
        now = time.time()
        while self._recent and self._recent[0] <= now - 1:
            self._recent.popleft()
        if self.per_second and len(self._recent) >= self.per_second:
            self.refused += 1
            return web.json_response(
                {
                    "ok": False,
                    "error_code": 429,
                    "description": "Too Many Requests: retry after 1",
                    "parameters": {"retry_after": 1},
                },
                status=429,
            )
        self._recent.append(now)
        self.received.append((now, str(args.get("text", ""))))
        self._ids += 1
        chat = {"id": int(args["chat_id"]), "type": "private", "first_name": "P"}
        message = {"message_id": self._ids, "date": int(now), "chat": chat, "text": args["text"]}
        return web.json_response({"ok": True, "result": message})


async def seed(url: str, *, reminders: int, people: int, platform: str, due: datetime) -> None:
    """Users with an account on `platform`, one task per reminder, the reminders and their
    wake-ups, written in bulk (as if people had asked over the past days)."""
    from core.reminders.book import new_token, source_for
    from core.storage.db import Database
    from core.storage.delivery_models import InboxItem
    from core.storage.list_models import personal_list
    from core.storage.models import Identity, Task, User
    from core.storage.reminder_models import Reminder

    db = Database(url)
    async with db.session() as session, session.begin():
        users = [User(next_task_number=reminders // people + 1) for _ in range(people)]
        session.add_all(users)
        await session.flush()
        session.add_all(personal_list(u.id) for u in users)
        await session.flush()
        session.add_all(
            Identity(user_id=u.id, platform=platform, external_id=str(500_000 + n))
            for n, u in enumerate(users)
        )
        await session.flush()
        tasks = [
            Task(
                user_id=users[n % people].id,
                list_id=users[n % people].id,
                creator_id=users[n % people].id,
                number=n // people + 1,
                title=f"r{n}",
            )
            for n in range(reminders)
        ]
        session.add_all(tasks)
        await session.flush()
        rows = [
            Reminder(
                user_id=task.user_id,
                task_id=task.id,
                fire_at=due,
                token=new_token(),
                platform=platform,
            )
            for task in tasks
        ]
        session.add_all(rows)
        await session.flush()
        session.add_all(
            InboxItem(
                source=source_for(platform),
                delivery_id=f"{r.id}.1",
                payload={"reminder": str(r.id), "version": 1},
                locked_until=due,
            )
            for r in rows
        )
    await db.dispose()


async def worker(url: str, platform: str, api: str) -> None:
    """One dispatcher process until SIGTERM, as a `serve` worker runs it."""
    from core.reminders.delivery import Sender
    from core.reminders.dispatch import DispatchPolicy, ReminderDispatcher
    from core.storage.db import Database

    db = Database(url, pool_size=4, max_overflow=4)
    sender: Sender
    application = None
    http: aiohttp.ClientSession | None = None
    if platform == "slack":
        from slack_sdk.web.async_client import AsyncWebClient

        from adapters.pacing import Pacer
        from adapters.slack.clients import OneWorkspace
        from adapters.slack.reminders import SlackReminderSender

        http = aiohttp.ClientSession()
        client = AsyncWebClient(token="xoxb-bench", base_url=api + "/api/", session=http)
        sender = SlackReminderSender(OneWorkspace(client), Pacer(interval=0))
    else:
        from pydantic import SecretStr

        from adapters.telegram.application import build_application
        from adapters.telegram.reminders import TelegramReminderSender
        from bot.platform_config import telegram_config
        from bot.settings import load_settings
        from bot.wiring import build_services

        settings = load_settings(
            database_url=url,
            telegram_bot_token=SecretStr(TELEGRAM_TOKEN),
            telegram_api_url=api,
        )
        config = telegram_config(settings)
        services = build_services(settings)
        application = build_application(config, services.chat, services.queries, polling=False)
        await application.initialize()
        sender = TelegramReminderSender(application.bot)
    dispatcher = ReminderDispatcher(
        db,
        [sender],
        policy=DispatchPolicy(batch=200, poll_seconds=0.2, sends_at_once=SENDS_AT_ONCE),
    )
    gc.freeze()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, dispatcher.stop)
    print("ready", flush=True)
    await dispatcher.run()
    if application is not None:
        await application.shutdown()
    if http is not None:
        await http.close()
    await db.dispose()


async def floor(api: str, count: int, people: int) -> float:
    """The bare slack_sdk client posting `count` messages at the same concurrency: per second."""
    from slack_sdk.web.async_client import AsyncWebClient

    http = aiohttp.ClientSession()
    client = AsyncWebClient(token="xoxb-bench", base_url=api + "/api/", session=http)
    gate = asyncio.Semaphore(SENDS_AT_ONCE * WORKERS)

    async def post(n: int) -> None:
        async with gate:
            await client.chat_postMessage(channel=f"U{n % people}", text=f"floor {n}")

    started = time.perf_counter()
    await asyncio.gather(*(post(n) for n in range(count)))
    elapsed = time.perf_counter() - started
    await http.close()
    return count / elapsed


async def run(platform: str, *, reminders: int, people: int, per_second: int) -> dict[str, Any]:
    server = postgres_server()
    url = create_database(server, "reminders")
    fake = FakePlatform(per_second)
    await fake.start()
    api = fake.url if platform == "slack" else fake.url + "/bot"
    processes = []
    try:
        due = datetime.now(UTC) + timedelta(seconds=60)  # pushed back once the workers are up
        await seed(url, reminders=reminders, people=people, platform=platform, due=due)
        for _ in range(WORKERS):
            process = await asyncio.create_subprocess_exec(
                sys.executable, __file__, "--worker", url, platform, api,
                stdout=asyncio.subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)},
            )  # fmt: skip
            assert process.stdout is not None
            await process.stdout.readline()
            processes.append(process)
        due = datetime.now(UTC) + timedelta(seconds=1)
        await _move_due(url, due)
        deadline = time.time() + 600
        while len({m[1] for m in fake.received}) < reminders and time.time() < deadline:  # noqa: ASYNC110
            await asyncio.sleep(0.2)
        await asyncio.sleep(1.0)  # anything sent twice arrives by now
        seen = Counter(int(m[1]) for _, text in fake.received if (m := NUMBER.search(text)))
        first = {}
        for at, text in fake.received:
            if (m := NUMBER.search(text)) and int(m[1]) not in first:
                first[int(m[1])] = at
        lags = [at - due.timestamp() for at in first.values()]
        span = max(first.values()) - min(first.values()) if first else 0.0
        result = {
            "delivered": len(first),
            "duplicates": sum(count - 1 for count in seen.values()),
            "lost": reminders - len(first),
            "per_second": len(first) / max(span, 1e-9),
            "p50": percentile(lags, 0.5),
            "p99": percentile(lags, 0.99),
            "max": max(lags),
            "refused": fake.refused,
        }
        if platform == "slack":
            result["floor"] = await floor(fake.url, reminders, people)
        return result
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            await process.wait()
        await fake.stop()
        drop_database(server, url)


async def _move_due(url: str, due: datetime) -> None:
    from sqlalchemy import update

    from core.storage.db import Database
    from core.storage.delivery_models import InboxItem
    from core.storage.reminder_models import Reminder

    db = Database(url)
    async with db.session() as session, session.begin():
        await session.exec(update(Reminder).values(fire_at=due))  # type: ignore[call-overload]
        await session.exec(update(InboxItem).values(locked_until=due))  # type: ignore[call-overload]
    await db.dispose()


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        asyncio.run(worker(*sys.argv[2:5]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", choices=["a", "b", "both"], default="both")
    parser.add_argument("--reminders", type=int, default=10_000)
    parser.add_argument("--people", type=int, default=1_000)
    options = parser.parse_args()
    gc.freeze()
    if options.run in ("a", "both"):
        a = asyncio.run(
            run("slack", reminders=options.reminders, people=options.people, per_second=0)
        )
        print(
            f"(a) {options.reminders} reminders, {options.people} people, {WORKERS} workers, "
            f"Slack fake without limits: {a['per_second']:.0f} deliveries/s "
            f"(floor: bare slack_sdk {a['floor']:.0f}/s, "
            f"ratio {a['per_second'] / a['floor']:.2f}); "
            f"lag p50 {a['p50']:.1f} s, p99 {a['p99']:.1f} s, max {a['max']:.1f} s; "
            f"duplicates {a['duplicates']}, lost {a['lost']}"
        )
        record(
            "reminders",
            [(f"{options.reminders:,} reminders, {options.people:,} people",
              {"lag p50": a["p50"], "lag p99": a["p99"], "lag max": a["max"]})],
            title=f"{options.reminders:,} reminders due at once (fake Slack): the lag from due "
            "to sent",
            unit="seconds",
            target="p99 under 20 s, none lost, none sent twice",
            command="python3 bench/reminders.py --run a",
        )  # fmt: skip
    if options.run in ("b", "both"):
        b = asyncio.run(run("telegram", reminders=1000, people=100, per_second=30))
        print(
            f"(b) 1000 reminders, 100 people, {WORKERS} workers, Telegram fake enforcing 30/s: "
            f"{b['per_second']:.1f} messages/s ({b['per_second'] / 30:.0%} of the limit), "
            f"refused {b['refused']}; lag p50 {b['p50']:.1f} s, p99 {b['p99']:.1f} s, "
            f"max {b['max']:.1f} s; "
            f"duplicates {b['duplicates']}, lost {b['lost']}"
        )
        record(
            "reminders_telegram",
            [("1,000 reminders, 100 people", {"sent": b["per_second"], "Telegram's limit": 30})],
            title="1,000 reminders due at once on a fake Telegram that enforces 30 messages a "
            "second",
            unit="messages per second",
            target="at least 90 % of Telegram's limit",
            command="python3 bench/reminders.py --run b",
        )


if __name__ == "__main__":
    main()
