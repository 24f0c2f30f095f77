"""How long linking takes when the joining account brings a long history, and how long an
export and a forget-me of the merged person take.

    python bench/account_merge.py [--tasks 500] [--messages 5000] [--database sqlite|postgres]

The joining account gets `--tasks` tasks and `--messages` messages (with their audit rows)
written straight into the database; then `link`, `export` and `forget me` + Confirm run
through ChatService as a person would send them. PostgreSQL uses a fresh database on
TODOBOT_BENCH_POSTGRES_URL's server (default postgres@127.0.0.1), dropped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from core.agent.builtin import BuiltinAgent  # noqa: E402
from core.chat import ChatService  # noqa: E402
from core.chat.policy import ChatPolicy  # noqa: E402
from core.commands.account_commands import install  # noqa: E402
from core.people.identities import user_for  # noqa: E402
from core.storage import audit  # noqa: E402
from core.storage.db import Database, sync_url  # noqa: E402
from core.storage.migrate import upgrade  # noqa: E402
from core.storage.models import Conversation, Message, Task  # noqa: E402
from core.types import Action, Incoming, Press  # noqa: E402

T = TypeVar("T")
DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"


async def seed(db: Database, *, tasks: int, messages: int) -> None:
    """The joining Telegram account with a long history, written in bulk."""
    async with db.session() as session, session.begin():
        user = await user_for(session, platform="telegram", tenant="", external_id="1001")
        session.add_all(
            Task(
                user_id=user.id,
                list_id=user.id,
                creator_id=user.id,
                number=n,
                title=f"telegram task {n}",
            )
            for n in range(1, tasks + 1)
        )
        user.next_task_number = tasks + 1
        session.add(user)
        conversation = Conversation(user_id=user.id, platform="telegram", chat_key="1001")
        session.add(conversation)
        await session.flush()
        for n in range(messages):
            session.add(
                Message(
                    conversation_id=conversation.id,
                    user_id=user.id,
                    role="user" if n % 2 == 0 else "assistant",
                    content=f"message {n}",
                )
            )
            if n % 2:
                listed = audit.AuditEntry(user.id, "list_tasks", ok=True, duration_ms=1.0)
                await audit.record(session, listed)


async def timed(label: str, call: Awaitable[T]) -> T:
    started = time.perf_counter()
    result = await call
    print(f"{label:<28} {(time.perf_counter() - started) * 1000:9.1f} ms")
    return result


async def run(url: str, *, tasks: int, messages: int) -> None:
    db = Database(url)
    chat = ChatService(db=db, agent=BuiltinAgent(), policy=ChatPolicy(rate_limit_per_minute=0))
    install(chat)
    try:
        await seed(db, tasks=tasks, messages=messages)

        def say(platform: str, ref: str, words: str, command: str | None = None) -> Incoming:
            return Incoming(
                platform=platform, user_ref=ref, chat_ref=ref, text=words, command=command
            )

        await chat.handle(say("slack", "U1", "add slack task"))
        shown = await chat.handle(say("slack", "U1", "", "link"))
        assert shown is not None
        code = shown.text.split("Your link code is ")[1][:9]
        linked = await timed("link (merge)", chat.handle(say("telegram", "1001", code, "link")))
        assert linked is not None and linked.text.startswith("Linked!"), linked
        exported = await timed("export", chat.handle(say("slack", "U1", "", "export")))
        assert exported is not None and exported.attachment is not None
        print(f"{'export size':<28} {len(exported.attachment.content) / 1024:9.1f} KiB")
        asked = await chat.handle(say("slack", "U1", "forget me"))
        assert asked is not None and asked.buttons
        press = Press(
            platform="slack", user_ref="U1", token=asked.buttons[0].token, action=Action.CONFIRM
        )
        erased = await timed("forget me (confirm)", chat.press(press))
        assert erased is not None and erased.text.startswith("Done"), erased
    finally:
        await db.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=500)
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    args = parser.parse_args()
    print(f"{args.database}: joining account with {args.tasks} tasks, {args.messages} messages")
    if args.database == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite:///{folder}/bench.db"
            upgrade(url)
            asyncio.run(run(url, tasks=args.tasks, messages=args.messages))
        return
    server = sync_url(os.environ.get("TODOBOT_BENCH_POSTGRES_URL", DEFAULT_POSTGRES))
    name = f"todobot_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        url = make_url(server).set(database=name).render_as_string(hide_password=False)
        upgrade(url)
        asyncio.run(run(url, tasks=args.tasks, messages=args.messages))
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


if __name__ == "__main__":
    main()
