"""How long one full agent turn takes: ChatService.handle -> reply, persistence included.

    python bench/agent_turn.py [--turns 1000] [--runs sqlite,postgres,dates]

Runs of `--turns` turns each (after a short warm-up). The builtin engine runs beside each of
its floors in a pass of its own, one turn of each after the other in the same database (the
order turning round each turn), so the machine's noise falls on both alike:

- on PostgreSQL, the bare floor (`bench/psycopg_floor.py`): psycopg 3 alone on one
  connection, plain SQL prepared on the server, reading only what the work needs;
- the SQLAlchemy Core floor (`bench/turn_floor.py`): Core statements on the same tables,
  engine and driver, kept for comparison.

A pair, not all three in turn: between two of todobot's turns the Core floor's (four times
the work of the bare one) leaves the processor's caches to it, which costs todobot's next turn
a fifth more CPU and the bare floor's a tenth (measured in docs/performance.md).

Each is printed with its statements per turn (counted by SQLAlchemy's cursor events, or by
the bare floor itself; on PostgreSQL a BEGIN and the COMMIT come on top for all alike) and
the ratios of todobot to each floor. (The openai backend's turn has its own benchmark,
bench/openai_turn.py.) PostgreSQL uses a fresh database on TODOBOT_BENCH_POSTGRES_URL's server
(default postgres@127.0.0.1), dropped afterwards. The rate limit is off (0) so it never
refuses a turn. The CPU column is this process's own CPU time per turn (all its threads),
which stays meaningful when other work shares the machine.

`dates` runs the builtin engine on PostgreSQL twice, each on its own fresh database: the plain
mix, then a date-heavy one (dates, times, priorities and tags to read in adds, moves and
questions), and prints the ratio of their p95s (target: at most 1.5).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, event, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from bench.figures import record  # noqa: E402
from bench.psycopg_floor import PsycopgTurns  # noqa: E402
from bench.turn_floor import CoreTurns  # noqa: E402
from bot.runtime import freeze_startup_heap  # noqa: E402
from core.agent.base import Agent  # noqa: E402
from core.agent.builtin import BuiltinAgent  # noqa: E402
from core.chat import ChatService  # noqa: E402
from core.chat.policy import ChatPolicy  # noqa: E402
from core.storage.db import Database, sync_url  # noqa: E402
from core.storage.migrate import upgrade  # noqa: E402
from core.types import Incoming  # noqa: E402

WARM_UP = 30
DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"


def builtin_script(turn: int) -> str:
    """A realistic mix: adds, follow-ups by pronoun, a listing, a rename, a title reference."""
    n = turn // 6
    return [
        f"add buy milk {n}",
        "mark it done",
        "what's left?",
        f"remind me to call mom {n}",
        f"rename it to call dad {n}",
        f"complete call dad {n}",
    ][turn % 6]


def dates_script(turn: int) -> str:
    """The same shape, with a date, a time, a priority or a tag to read in most turns."""
    n = turn // 7
    return [
        f"add pay rent {n} due friday, high priority #home",
        "move it to next tuesday at 3pm",
        "make it low priority",
        "mark it done",
        "what's due this week?",
        f"remind me to call mom {n} tomorrow at 9am, urgent",
        f"complete call mom {n}",
    ][turn % 7]


async def measure(
    url: str, agent: Agent, script: Callable[[int], str], turns: int
) -> tuple[list[float], float]:
    """Wall time of each turn (ms), and this process's CPU time per turn (ms)."""
    db = Database(url)
    chat = ChatService(db=db, agent=agent, policy=ChatPolicy(rate_limit_per_minute=0))
    timings: list[float] = []
    cpu_started = 0.0
    try:
        for turn in range(WARM_UP + turns):
            if turn == WARM_UP:
                freeze_startup_heap()  # as the long-running processes do once they are up
                cpu_started = time.process_time()
            incoming = Incoming(
                platform="bench", user_ref="bench-user", chat_ref="bench", text=script(turn)
            )
            started = time.perf_counter()
            reply = await chat.handle(incoming)
            elapsed = (time.perf_counter() - started) * 1000
            if reply is None or reply.text.startswith("Sorry"):
                raise RuntimeError(f"turn {turn} failed: {reply}")
            if turn >= WARM_UP:
                timings.append(elapsed)
        cpu_per_turn = (time.process_time() - cpu_started) * 1000 / turns
    finally:
        await db.dispose()
    return timings, cpu_per_turn


@dataclass
class Side:
    """One side of a paired run: each turn's wall time and CPU time (ms), and statements."""

    timings: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    statements: int = 0

    @property
    def median(self) -> float:
        return statistics.median(self.timings)

    @property
    def cpu_per_turn(self) -> float:
        return sum(self.cpu) / len(self.cpu)

    @property
    def statements_per_turn(self) -> float:
        return self.statements / len(self.timings)

    def p95(self) -> float:
        ordered = sorted(self.timings)
        return ordered[max(0, int(len(ordered) * 0.95) - 1)]


def counting(db: Database) -> list[int]:
    """A one-element counter of the statements `db`'s engine sends."""
    counter = [0]

    @event.listens_for(db.engine.sync_engine, "before_cursor_execute")
    def _count(*_: Any) -> None:
        counter[0] += 1

    return counter


async def timed(side: Side, counter: list[int], work: Awaitable[Any], *, kept: bool) -> Any:
    statements, cpu, started = counter[0], time.process_time(), time.perf_counter()
    result = await work
    elapsed, cpu_used = time.perf_counter() - started, time.process_time() - cpu
    if kept:
        side.timings.append(elapsed * 1000)
        side.cpu.append(cpu_used * 1000)
        side.statements += counter[0] - statements
    return result


async def measure_against_floor(url: str, turns: int, floor: str) -> dict[str, Side]:
    """The builtin engine's turns and the `floor`'s ("core" or "psycopg"), one after the
    other (the order turning round each turn), each as its own person in the same database."""
    db, floor_db = Database(url), Database(url)
    chat = ChatService(db=db, agent=BuiltinAgent(), policy=ChatPolicy(rate_limit_per_minute=0))
    core = CoreTurns(floor_db.engine, user_ref="floor-user")
    bare = PsycopgTurns(conninfo(url), user_ref="bare-user") if floor == "psycopg" else None
    sides = {name: Side() for name in ("todobot", floor)}
    counters = {"todobot": counting(db), "core": counting(floor_db)}
    names = list(sides)
    try:
        for turn in range(WARM_UP + turns):
            if turn == WARM_UP:
                freeze_startup_heap()  # as the long-running processes do once they are up
            kept = turn >= WARM_UP
            said = builtin_script(turn)
            incoming = Incoming(
                platform="bench", user_ref=f"bench-user-{floor}", chat_ref="bench", text=said
            )
            for name in names[turn % len(names) :] + names[: turn % len(names)]:
                if name == "todobot":
                    reply = await timed(
                        sides[name], counters[name], chat.handle(incoming), kept=kept
                    )
                    if reply is None or reply.text.startswith("Sorry"):
                        raise RuntimeError(f"turn {turn} failed: {reply}")
                elif name == "core":
                    await timed(sides[name], counters[name], core.turn(turn, said), kept=kept)
                elif bare is not None:
                    await timed(sides[name], bare.counter, bare.turn(turn, said), kept=kept)
    finally:
        await db.dispose()
        await floor_db.dispose()
        if bare is not None:
            await bare.close()
    return sides


def conninfo(url: str) -> str:
    """A libpq connection string for a SQLAlchemy URL."""
    parsed = make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


FLOORS = {"psycopg": "  floor: bare psycopg", "core": "  floor: SQLAlchemy Core"}


async def measure_against_floors(url: str, turns: int) -> list[dict[str, Side]]:
    """A pass beside each floor: bare psycopg first (PostgreSQL only), then SQLAlchemy Core."""
    floors = ["core"] if url.startswith("sqlite") else ["psycopg", "core"]
    return [await measure_against_floor(url, turns, floor) for floor in floors]


def report_against_floors(name: str, passes: list[dict[str, Side]]) -> None:
    values: dict[str, float] = {}
    for number, sides in enumerate(passes):
        floor = next(side for side in sides if side != "todobot")
        todobot = sides["todobot"]
        beside = "" if number == 0 else f" (beside {floor})"  # the target's pass comes first
        values[f"todobot median{beside}"] = todobot.median
        values[f"todobot CPU{beside}"] = todobot.cpu_per_turn
        values[f"{floor} floor median"] = sides[floor].median
        values[f"{floor} floor CPU"] = sides[floor].cpu_per_turn
    record(
        "agent_turn",
        [(name, values)],
        title="One builtin turn beside its floors: bare psycopg and SQLAlchemy Core",
        unit="ms per turn",
        target="at most 2x bare psycopg, median and CPU (PostgreSQL)",
        command="python3 bench/agent_turn.py",
    )
    for sides in passes:
        _report_pass(name, sides)


def _report_pass(name: str, sides: dict[str, Side]) -> None:
    todobot = sides["todobot"]
    for label, side in [(name, todobot)] + [(FLOORS[f], sides[f]) for f in FLOORS if f in sides]:
        print(
            f"{label:<30} {len(side.timings):>6} {side.median:>10.2f} {side.p95():>10.2f} "
            f"{side.cpu_per_turn:>12.2f} {side.statements_per_turn:>11.2f}",
            flush=True,
        )
    for floor in FLOORS:
        if floor not in sides:
            continue
        base = sides[floor]
        cpu = todobot.cpu_per_turn / base.cpu_per_turn
        print(
            f"{'  ratio todobot / ' + floor:<30} {'':>6} {todobot.median / base.median:>9.2f}x "
            f"{todobot.p95() / base.p95():>9.2f}x {cpu:>11.2f}x"
            f" {todobot.statements_per_turn / base.statements_per_turn:>10.2f}x",
            flush=True,
        )


def report(name: str, measured: tuple[list[float], float]) -> float:
    timings, cpu = measured
    ordered = sorted(timings)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    median = statistics.median(ordered)
    print(f"{name:<30} {len(ordered):>6} {median:>10.2f} {p95:>10.2f} {cpu:>12.2f}", flush=True)
    return p95


def sqlite_url(directory: str, name: str) -> str:
    url = f"sqlite:///{directory}/{name}.db"
    upgrade(url)
    return url


def postgres_database(base: str) -> tuple[str, Callable[[], None]]:
    server = sync_url(base)
    name = f"todobot_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(server).set(database=name).render_as_string(hide_password=False)
    upgrade(url)

    def drop() -> None:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    return url, drop


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument(
        "--runs", default="sqlite,postgres", help="Which of sqlite,postgres,dates to run."
    )
    args = parser.parse_args()
    runs = set(args.runs.split(","))
    print(
        f"{'run':<30} {'turns':>6} {'median ms':>10} {'p95 ms':>10} {'cpu ms/turn':>12}"
        f" {'statements':>11}"
    )
    with tempfile.TemporaryDirectory() as directory:
        if "sqlite" in runs:
            url = sqlite_url(directory, "builtin")
            report_against_floors("builtin / sqlite", await measure_against_floors(url, args.turns))
        if "postgres" in runs:
            base = os.environ.get("TODOBOT_BENCH_POSTGRES_URL", DEFAULT_POSTGRES)
            url, drop = postgres_database(base)
            try:
                passes = await measure_against_floors(url, args.turns)
                report_against_floors("builtin / postgresql", passes)
            finally:
                drop()
        if "dates" in runs:
            base = os.environ.get("TODOBOT_BENCH_POSTGRES_URL", DEFAULT_POSTGRES)
            p95s = []
            for name, script in (("plain", builtin_script), ("dates", dates_script)):
                url, drop = postgres_database(base)
                try:
                    measured = await measure(url, BuiltinAgent(), script, args.turns)
                    p95s.append(report(f"builtin {name} mix / postgresql", measured))
                finally:
                    drop()
            print(f"p95 dates / plain: {p95s[1] / p95s[0]:.2f} (target: at most 1.5)", flush=True)


if __name__ == "__main__":
    asyncio.run(main())
