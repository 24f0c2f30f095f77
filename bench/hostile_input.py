"""Hostile texts through the chat API: the slowest shape's turn and /healthz meanwhile.

    python bench/hostile_input.py [--turns 30] [--sqlite]

Every shape of `tests/hostile_texts.py` is sent three times at the builtin engine's reading limit
(1,300 characters) and three times at the message limit (5,000) through `POST /api/{user}/chat` of
`todobot serve`'s app (in this process, on httpx's ASGI transport, so the turns and the
probes share one event loop as they do in a worker); the slowest of them is then sent
`--turns` times while `/healthz` is probed without pause, beside as many plain "add milk" turns
probed the same way (the floor). Prints median and worst turn and the worst /healthz latency
of each, and their ratios (near 1 is the goal). PostgreSQL on TODOBOT_BENCH_POSTGRES_URL's
server unless --sqlite; the rate limits are off.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from adapters.http.auth import issue_token  # noqa: E402
from bench.common import create_database, drop_database, postgres_server  # noqa: E402
from bot.runtime import freeze_startup_heap  # noqa: E402
from bot.serve import create_app  # noqa: E402
from bot.settings import load_settings  # noqa: E402
from core.agent.builtin import BuiltinAgent  # noqa: E402
from core.agent.builtin.engine import READ_AT_MOST  # noqa: E402
from core.message_text import MESSAGE_MAX_CHARS  # noqa: E402
from core.storage.migrate import upgrade  # noqa: E402
from tests.api_rig import SECRET  # noqa: E402
from tests.hostile_texts import UNITS, hostile  # noqa: E402


async def _turn(client: httpx.AsyncClient, user: str, text: str) -> float:
    token = issue_token(SECRET, user, ttl_seconds=3600, now=time.time())
    started = time.perf_counter()
    response = await client.post(
        f"/api/{user}/chat", json={"message": text}, headers={"Authorization": f"Bearer {token}"}
    )
    took = time.perf_counter() - started
    if response.status_code != 200:
        raise SystemExit(f"{response.status_code}: {response.text[:200]}")
    return took


async def _probed(client: httpx.AsyncClient, user: str, text: str, turns: int) -> tuple:
    """`turns` turns of `text` while /healthz is probed; (turn times, worst probe)."""
    done = asyncio.Event()
    worst = 0.0

    async def probe() -> None:
        nonlocal worst
        while not done.is_set():
            started = time.perf_counter()
            await client.get("/healthz")
            worst = max(worst, time.perf_counter() - started)
            await asyncio.sleep(0)

    prober = asyncio.create_task(probe())
    times = [await _turn(client, f"{user}-{n}", text) for n in range(turns)]
    done.set()
    await prober
    return times, worst


async def run(database_url: str, turns: int) -> None:
    settings = load_settings(
        database_url=database_url,
        api_jwt_secret=SECRET,
        rate_limit_per_minute=0,
        api_requests_per_minute=0,
    )
    app = create_app(settings, agent=BuiltinAgent())
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://bench", timeout=60) as client,
    ):
        freeze_startup_heap()
        for n in range(5):
            await _turn(client, f"warm-{n}", "add milk")
        shapes = []
        for name, unit in sorted(UNITS.items()):
            for length in (READ_AT_MOST, MESSAGE_MAX_CHARS):
                text = hostile(unit, length)
                tries = [await _turn(client, f"scan-{name}-{length}-{n}", text) for n in range(3)]
                shapes.append((statistics.median(tries), name, length))
        shapes.sort(reverse=True)
        print("slowest shapes (median of three turns each):")
        for took, name, length in shapes[:5]:
            print(f"  {name:>14} x {length:>5,} chars  {took * 1000:7.1f} ms")
        _took, name, length = shapes[0]
        plain, plain_probe = await _probed(client, "plain", "add milk", turns)
        slow, slow_probe = await _probed(client, "hostile", hostile(UNITS[name], length), turns)

    def row(label: str, times: list[float], probe: float) -> str:
        return (
            f"| {label} | {statistics.median(times) * 1000:.1f} ms | {max(times) * 1000:.1f} ms "
            f"| {probe * 1000:.1f} ms |"
        )

    print(f"\n{turns} turns each, /healthz probed throughout:\n")
    print("| turn | median | worst | worst /healthz |")
    print("| --- | --- | --- | --- |")
    print(row('plain "add milk" (floor)', plain, plain_probe))
    print(row(f"hostile: {name} x {length:,} chars", slow, slow_probe))
    ratio = statistics.median(slow) / statistics.median(plain)
    print(
        f"\nratio hostile/plain: median turn {ratio:.2f}, worst /healthz "
        f"{slow_probe / plain_probe:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--sqlite", action="store_true")
    options = parser.parse_args()
    if options.sqlite:
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite:///{folder}/bench.db"
            upgrade(url)  # as create_database migrates PostgreSQL's
            asyncio.run(run(url, options.turns))
        return
    server = postgres_server()
    url = create_database(server, "hostile")
    try:
        asyncio.run(run(url, options.turns))
    finally:
        drop_database(server, url)


if __name__ == "__main__":
    main()
