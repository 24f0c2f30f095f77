"""Is reading the history window flat in the length of the conversation?

    python bench/history_read.py [--reads 2000]

One PostgreSQL database (a fresh one on TODOBOT_BENCH_POSTGRES_URL's server, dropped after),
one person with conversations of 10, 50, 1,000, 10,000 and 100,000 messages, and fifty other
people with 2,000 messages each. Each round reads every conversation once with its last 50
messages, through `core.conversation.conversations.with_window` (the read a turn runs, by the
chat's key), interleaved so the machine's noise falls on all sizes alike. The floor is
the 50-message conversation, the smallest that fills the window (the same rows to read and
build): the ratio of each size to it is what must stay near 1. psycopg
prepares the statement after five runs and PostgreSQL then may switch to a generic plan, so the
plan printed at the end is the generic one (`plan_cache_mode = force_generic_plan`) of the very
statement the turn sends, not a plan for literal values.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import re
import statistics
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, insert, text  # noqa: E402
from sqlalchemy.dialects.postgresql import psycopg  # noqa: E402

from bench.common import create_database, drop_database, postgres_server  # noqa: E402
from bench.figures import record  # noqa: E402
from core.conversation import conversations  # noqa: E402
from core.storage.db import Database, sync_url  # noqa: E402
from core.storage.models import Conversation, Message, User  # noqa: E402

SIZES = (10, 50, 1_000, 10_000, 100_000)
FLOOR = 50  # the smallest conversation that fills the window: the same rows, the least table
WINDOW = 50
OTHER_PEOPLE, OTHER_MESSAGES = 50, 2_000  # everyone else's history shares the table
CHAT_KEY = f"chat-{SIZES[-1]}"


def fill(url: str) -> tuple[uuid.UUID, dict[int, uuid.UUID]]:
    """One person with a conversation of each size, plus other people's noise."""
    engine = create_engine(sync_url(url))
    user_id = uuid.uuid4()
    start = datetime(2026, 1, 1, tzinfo=UTC)
    chats: dict[int, uuid.UUID] = {}
    with engine.begin() as connection:
        connection.execute(insert(User), [{"id": user_id, "next_task_number": 1}])
        for size in SIZES:
            conversation_id = uuid.uuid4()
            chats[size] = conversation_id
            connection.execute(
                insert(Conversation),
                [
                    {
                        "id": conversation_id,
                        "user_id": user_id,
                        "platform": "bench",
                        "chat_key": f"chat-{size}",
                        "title": f"{size} messages",
                        "active": True,
                        "created_at": start,
                        "updated_at": start,
                    }
                ],
            )
            for first in range(0, size, 10_000):
                connection.execute(
                    insert(Message),
                    [
                        {
                            "id": uuid.uuid4(),
                            "conversation_id": conversation_id,
                            "user_id": user_id,
                            "role": "user" if n % 2 == 0 else "assistant",
                            "content": f"message {n}",
                            "tool_calls": [],
                            "created_at": start + timedelta(seconds=n),
                        }
                        for n in range(first, min(size, first + 10_000))
                    ],
                )
        others = [uuid.uuid4() for _ in range(OTHER_PEOPLE)]
        connection.execute(insert(User), [{"id": other, "next_task_number": 1} for other in others])
        for other in others:
            conversation_id = uuid.uuid4()
            connection.execute(
                insert(Conversation),
                [
                    {
                        "id": conversation_id,
                        "user_id": other,
                        "platform": "bench",
                        "chat_key": "chat",
                        "title": "someone else",
                        "active": True,
                        "created_at": start,
                        "updated_at": start,
                    }
                ],
            )
            connection.execute(
                insert(Message),
                [
                    {
                        "id": uuid.uuid4(),
                        "conversation_id": conversation_id,
                        "user_id": other,
                        "role": "user",
                        "content": f"noise {n}",
                        "tool_calls": [],
                        "created_at": start + timedelta(seconds=n),
                    }
                    for n in range(OTHER_MESSAGES)
                ],
            )
        connection.execute(text("ANALYZE message"))
    engine.dispose()
    return user_id, chats


def generic_plan(url: str, user_id: uuid.UUID) -> str:
    """PostgreSQL's generic plan of the turn's read, its parameters as `$n` as psycopg sends
    them once the statement is prepared."""
    statement, params = conversations.window_read(user_id=user_id, chat_key=CHAT_KEY, limit=WINDOW)
    compiled = statement.statement.compile(
        dialect=psycopg.dialect(), compile_kwargs={"render_postcompile": True}
    )
    names: list[str] = []

    def numbered(match: re.Match[str]) -> str:
        if match.group(1) not in names:
            names.append(match.group(1))
        return f"${names.index(match.group(1)) + 1}"

    sql = re.sub(r"%\((\w+)\)s", numbered, compiled.string)
    values = {**compiled.params, **params}
    arguments = ", ".join(
        str(values[name]) if isinstance(values[name], int) else f"'{values[name]}'"
        for name in names
    )
    engine = create_engine(sync_url(url))
    with engine.connect() as connection:
        connection.execute(text("SET plan_cache_mode = force_generic_plan"))
        connection.exec_driver_sql(f"PREPARE window_read AS {sql}")
        rows = connection.exec_driver_sql(f"EXPLAIN EXECUTE window_read({arguments})").scalars()
        plan = "\n".join(rows)
    engine.dispose()
    return plan


async def measure(url: str, user_id: uuid.UUID, chats: dict[int, uuid.UUID], reads: int):
    db = Database(url, pool_size=1, max_overflow=0)
    timings: dict[int, list[float]] = {size: [] for size in SIZES}
    async with db.session() as session:
        for round_ in range(reads + 20):
            for size in SIZES:
                started = time.perf_counter()
                async with session.begin():
                    found, window = await conversations.with_window(
                        session, user_id=user_id, chat_key=f"chat-{size}", limit=WINDOW
                    )
                elapsed = time.perf_counter() - started
                assert found is not None and found.id == chats[size]
                assert len(window) == min(WINDOW, size)
                session.expunge_all()
                if round_ >= 20:  # the first rounds warm the pool, caches and the plan
                    timings[size].append(elapsed)
    await db.dispose()
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=2000)
    args = parser.parse_args()
    server = postgres_server()
    url = create_database(server, "history")
    try:
        print(f"filling {sum(SIZES):,} messages ...", flush=True)
        user_id, chats = fill(url)
        gc.collect()
        gc.freeze()
        timings = asyncio.run(measure(url, user_id, chats, args.reads))
        floor = statistics.median(timings[FLOOR])
        print(f"\n{'messages':>10} {'median':>10} {'p95':>10} {'ratio':>7}")
        for size in SIZES:
            ordered = sorted(timings[size])
            median = statistics.median(ordered)
            p95 = ordered[int(0.95 * (len(ordered) - 1))]
            print(
                f"{size:>10,} {median * 1000:>8.3f}ms {p95 * 1000:>8.3f}ms {median / floor:>6.2f}x"
            )
        print(f"\nfloor: the {FLOOR}-message conversation; target: every ratio <= 1.1")
        record(
            "history_read",
            [
                (f"{size:,} messages", {"median": statistics.median(timings[size]) * 1000})
                for size in SIZES
            ],
            title="Reading a turn's history window, by the conversation's length",
            unit="ms per read",
            target=f"at most 1.1x the {FLOOR}-message conversation",
            command="python3 bench/history_read.py",
        )
        print("\ngeneric plan of the turn's read (100,000 messages):")
        print(generic_plan(url, user_id))
    finally:
        drop_database(server, url)


if __name__ == "__main__":
    main()
