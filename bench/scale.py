"""Does an everyday turn cost what it does, not what the list holds?

    python bench/scale.py [--rounds 15]

One PostgreSQL database (a fresh one on TODOBOT_BENCH_POSTGRES_URL's server, dropped after)
with two people on the builtin engine: a small list (50 open, 200 completed tasks) and a
large one (5,000 open, 20,000 completed). Each round runs every everyday operation once for
each person, one after the other, so the machine's noise falls on both sizes alike:

- list: "what's left?"
- add: "add …"
- done N: "done 17"
- complete by title: "complete pay invoice <word>"
- complete with a typo: "complete pay invoce <word>" (the loose and mistyped match)
- delete: "delete 23" (the turn that asks to confirm)
- after a listing: "complete the second one", the turn after a "what's left?"
- App Home: the Slack Home tab's board and view

For each it prints the median wall time and CPU time (this process's, all threads) of a
turn, the reply's characters (the Home view's JSON for App Home), the bytes the turn stored
(the messages' content and tool calls, and the audit rows' input and result), and the ratio
of the large list to the small one: the target is at most 1.5 for every operation.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import string
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, insert, text  # noqa: E402

from adapters.slack.home import home_view  # noqa: E402
from adapters.slack.translate import HomeState  # noqa: E402
from bench.common import create_database, drop_database, postgres_server  # noqa: E402
from bot.wiring import build_queries  # noqa: E402
from core.agent.builtin import BuiltinAgent  # noqa: E402
from core.chat import ChatService  # noqa: E402
from core.chat.policy import ChatPolicy  # noqa: E402
from core.clock import SystemClock  # noqa: E402
from core.conversation.queries import ChatQueries  # noqa: E402
from core.storage.db import Database, sync_url  # noqa: E402
from core.storage.models import Task  # noqa: E402
from core.types import Incoming  # noqa: E402

SIZES = {"small": (50, 200), "large": (5_000, 20_000)}
OPS = (
    "list",
    "add",
    "done N",
    "complete by title",
    "complete with a typo",
    "delete",
    "after a listing",
    "App Home",
)
PLATFORM = "console"
TARGET = 1.5
WARM_UP = 2  # rounds


@dataclass
class Person:
    name: str
    open_count: int
    user_id: uuid.UUID | None = None
    words: list[str] = field(default_factory=list)  # each names one "pay invoice" task
    numbers: list[int] = field(default_factory=list)  # open tasks to complete or delete


@dataclass
class Figures:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    chars: list[int] = field(default_factory=list)
    stored: list[int] = field(default_factory=list)


def word(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(8))


def fill(url: str, person: Person, completed: int, rounds: int, rng: random.Random) -> None:
    """The person's list: open errands, completed ones, and one "pay invoice" per round
    for each of the two title operations."""
    assert person.user_id is not None
    now = datetime(2026, 3, 1, tzinfo=UTC)
    person.words = [word(rng) for _ in range(2 * rounds)]
    titles = [f"errand {n} for the house" for n in range(person.open_count)]
    titles += [f"pay invoice {w}" for w in person.words]
    rows = []
    for index, title in enumerate(titles):
        due = now + timedelta(days=index % 90) if index % 3 else None
        rows.append(_task(person.user_id, len(rows) + 1, title, False, due, now))
    person.numbers = [n for n in range(1, person.open_count + 1)]
    rng.shuffle(person.numbers)
    for n in range(completed):
        rows.append(_task(person.user_id, len(rows) + 1, f"done errand {n}", True, None, now))
    engine = create_engine(sync_url(url))
    with engine.begin() as connection:
        for start in range(0, len(rows), 5_000):
            connection.execute(insert(Task), rows[start : start + 5_000])
        connection.execute(
            text('UPDATE "user" SET next_task_number = :n WHERE id = :id'),
            {"n": len(rows) + 1, "id": person.user_id},
        )
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text("VACUUM ANALYZE task"))  # as autovacuum would, in time
    engine.dispose()


def _task(
    user_id: uuid.UUID, number: int, title: str, done: bool, due: datetime | None, now: datetime
) -> dict[str, object]:
    return {
        "id": uuid.uuid4(), "user_id": user_id, "list_id": user_id,
        "creator_id": user_id, "number": number, "title": title,
        "description": "", "due_at": due, "due_has_time": False, "priority": "low",
        "tags": [], "completed": done, "completed_at": now if done else None,
        "created_at": now, "updated_at": now,
    }  # fmt: skip


def stored_bytes(url: str, user_id: uuid.UUID) -> int:
    engine = create_engine(sync_url(url))
    with engine.connect() as connection:
        found = connection.execute(
            text(
                "SELECT (SELECT coalesce(sum(octet_length(content) "
                "+ octet_length(tool_calls::text)), 0) FROM message WHERE user_id = :id) "
                "+ (SELECT coalesce(sum(octet_length(input::text) "
                "+ octet_length(result::text)), 0) FROM tool_call WHERE user_id = :id)"
            ),
            {"id": user_id},
        ).scalar_one()
    engine.dispose()
    return int(found)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    server = postgres_server()
    url = create_database(server, "scale")
    db = Database(url)
    policy = ChatPolicy(rate_limit_per_minute=0)
    chat = ChatService(db=db, agent=BuiltinAgent(), policy=policy)
    queries = build_queries(db, policy, SystemClock())
    rng = random.Random(29)
    people = {size: Person(f"scale-{size}", counts[0]) for size, counts in SIZES.items()}
    try:
        for size, person in people.items():
            await chat.handle(_incoming(person, "hi"))
            engine = create_engine(sync_url(url))
            with engine.connect() as connection:
                person.user_id = connection.execute(
                    text("SELECT user_id FROM identity WHERE external_id = :ref"),
                    {"ref": person.name},
                ).scalar_one()
            engine.dispose()
            fill(url, person, SIZES[size][1], args.rounds + WARM_UP, rng)
        figures = {(op, size): Figures() for op in OPS for size in SIZES}
        for round_index in range(args.rounds + WARM_UP):
            for op in OPS:
                for size, person in people.items():
                    await measure(chat, queries, url, person, op, round_index, figures[(op, size)])
            if round_index == WARM_UP - 1:
                for kept in figures.values():
                    kept.wall.clear(), kept.cpu.clear(), kept.chars.clear(), kept.stored.clear()
        report(figures, args.rounds)
    finally:
        await db.dispose()
        drop_database(server, url)


def _incoming(person: Person, said: str) -> Incoming:
    return Incoming(platform=PLATFORM, user_ref=person.name, chat_ref=person.name, text=said)


async def measure(
    chat: ChatService,
    queries: ChatQueries,
    url: str,
    person: Person,
    op: str,
    index: int,
    kept: Figures,
) -> None:
    assert person.user_id is not None
    if op == "after a listing":
        await chat.handle(_incoming(person, "what's left?"))
    before = stored_bytes(url, person.user_id)
    run = _operation(chat, queries, person, op, index)
    started_wall, started_cpu = time.perf_counter(), time.process_time()
    chars = await run()
    kept.wall.append((time.perf_counter() - started_wall) * 1000)
    kept.cpu.append((time.process_time() - started_cpu) * 1000)
    kept.chars.append(chars)
    kept.stored.append(stored_bytes(url, person.user_id) - before)


def _operation(
    chat: ChatService, queries: ChatQueries, person: Person, op: str, index: int
) -> Callable[[], Awaitable[int]]:
    said = {
        "list": "what's left?",
        "add": f"add pick up parcel {index}",
        "done N": f"done {person.numbers[2 * index]}",
        "complete by title": f"complete pay invoice {person.words[2 * index]}",
        "complete with a typo": f"complete pay invoce {person.words[2 * index + 1]}",
        "delete": f"delete {person.numbers[2 * index + 1]}",
        "after a listing": "complete the second one",
    }.get(op)

    async def turn() -> int:
        reply = await chat.handle(_incoming(person, said or ""))
        return len(reply.text) if reply is not None else 0

    async def board() -> int:
        found = await queries.board(platform=PLATFORM, tenant="", user_ref=person.name)
        return len(json.dumps(home_view(found, HomeState()), ensure_ascii=False))

    return board if op == "App Home" else turn


def report(figures: dict[tuple[str, str], Figures], rounds: int) -> None:
    print(
        f"bench/scale.py: medians of {rounds} turns; small = 50 open / 200 completed, "
        f"large = 5,000 open / 20,000 completed; ratio = large / small (target ≤ {TARGET})"
    )
    header = (
        f"{'operation':<22}{'wall ms':>17}{'CPU ms':>17}{'reply chars':>17}"
        f"{'stored bytes':>19}{'ratio wall':>12}{'ratio CPU':>11}  meets"
    )
    print(header)
    print("-" * len(header))
    for op in OPS:
        small, large = figures[(op, "small")], figures[(op, "large")]
        wall = [statistics.median(f.wall) for f in (small, large)]
        cpu = [statistics.median(f.cpu) for f in (small, large)]
        chars = [statistics.median(f.chars) for f in (small, large)]
        stored = [statistics.median(f.stored) for f in (small, large)]
        ratio_wall, ratio_cpu = wall[1] / wall[0], cpu[1] / cpu[0]
        meets = "yes" if max(ratio_wall, ratio_cpu) <= TARGET else "no"
        print(
            f"{op:<22}{wall[0]:>8.1f}{wall[1]:>9.1f}{cpu[0]:>8.1f}{cpu[1]:>9.1f}"
            f"{chars[0]:>8.0f}{chars[1]:>9.0f}{stored[0]:>9.0f}{stored[1]:>10.0f}"
            f"{ratio_wall:>11.2f}×{ratio_cpu:>10.2f}×  {meets}"
        )
    print("(each pair of columns: small, large)")


if __name__ == "__main__":
    asyncio.run(main())
