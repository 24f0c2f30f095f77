"""`todobot mcp` over stdio, driven by the SDK's `ClientSession` (a classic session with the
initialize handshake, where a delete's question is a request sent to the client mid-call)."""

from __future__ import annotations

import asyncio
import io
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from adapters.console.console import run_console
from core.storage.db import Database
from core.storage.migrate import upgrade
from tests.harness import ChatDriver, ScriptedAgent, build_chat, queries_beside
from tests.mcp_rig import Person, confirmations, envelope, titles

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-c", "from bot.cli import main; main()", "mcp"]

pytestmark = pytest.mark.slow


@pytest.fixture
async def database(tmp_path: Path) -> AsyncIterator[Database]:
    """A file both the spawned server and the test open."""
    url = f"sqlite:///{tmp_path / 'todobot.db'}"
    upgrade(url)
    db = Database(url)
    yield db
    await db.dispose()


def environment(database: Database, **settings: str) -> dict[str, str]:
    """The server runs as login `alice`, the same person `todobot chat` would be."""
    return {
        **os.environ,
        **settings,
        "DATABASE_URL": str(database.engine.url).replace("+aiosqlite", ""),
        "USER": "alice",
        "LOGNAME": "alice",
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }


def directory_of(database: Database) -> Path:
    """The test's own directory, where its SQLite file is (and no `.env`)."""
    return Path(str(database.engine.url.database)).parent


@asynccontextmanager
async def stdio_session(
    database: Database, *args: str, env: dict[str, str] | None = None, **callbacks: Any
) -> AsyncIterator[ClientSession]:
    command, *rest = COMMAND
    parameters = StdioServerParameters(
        command=command,
        args=[*rest, *args],
        env=environment(database, **(env or {})),
        cwd=directory_of(database),
    )
    async with (
        stdio_client(parameters) as (read, write),
        ClientSession(read, write, **callbacks) as session,
    ):
        await session.initialize()
        yield session


async def console(database: Database, typed: str) -> list[str]:
    shown = io.StringIO()
    chat = build_chat(database, ScriptedAgent())
    await run_console(
        chat, queries_beside(chat), stdin=io.StringIO(typed), stdout=shown, user="alice"
    )
    return shown.getvalue().splitlines()


async def test_the_local_person_uses_their_list_over_stdio(database: Database) -> None:
    person = Person("accept")
    async with stdio_session(database, elicitation_callback=person) as session:
        tools = (await session.list_tools()).tools
        for title in ("buy milk", "walk dog", "call mom"):
            envelope(await session.call_tool("add_task", {"title": title}))
        done = envelope(await session.call_tool("complete_task", {"task_identifier": "dog"}))
        renaming = {"task_identifier": "3", "new_title": "call mum"}
        edited = envelope(await session.call_tool("update_task", renaming))
        deleted = envelope(await session.call_tool("delete_task", {"task_identifier": "1"}))
        person.action = "decline"
        declined = envelope(await session.call_tool("delete_task", {"task_identifier": "2"}))
        person.action = "cancel"
        cancelled = envelope(await session.call_tool("delete_task", {"task_identifier": "2"}))
        listed = envelope(await session.call_tool("list_tasks", {}))

    assert {tool.name for tool in tools} == {
        "add_task", "list_tasks", "complete_task", "update_task", "delete_task"
    }  # fmt: skip
    for tool in tools:
        assert not any("user" in name for name in tool.input_schema["properties"])
    assert done["message"] == "Marked #2 “walk dog” as done."
    assert edited["message"] == "Done: I renamed #3 from “call mom” to “call mum”."
    assert person.questions == ["Delete #1 “buy milk”?", *["Delete #2 “walk dog”?"] * 2]
    assert deleted["message"] == "Deleted #1 “buy milk”."
    assert declined["data"] == {**declined["data"], "status": "kept", "answer": "decline"}
    assert cancelled["data"] == {**cancelled["data"], "status": "kept", "answer": "cancel"}
    assert listed["message"] == "You have 2 tasks:\n2. ✓ walk dog\n3. call mum"
    assert await confirmations(database) == ["confirmed", "cancelled", "cancelled"]
    # the same person and database as `todobot chat`
    assert (await console(database, "/list all\n"))[-3:] == listed["message"].splitlines()


async def test_a_client_without_elicitation_is_refused_and_the_console_can_confirm(
    database: Database,
) -> None:
    async with stdio_session(database) as session:
        await session.call_tool("add_task", {"title": "buy milk"})
        refused = envelope(await session.call_tool("delete_task", {"task_identifier": "1"}))

    assert refused["message"].startswith("Nothing was deleted")
    assert await titles(database) == ["buy milk"]
    shown = await console(database, "1\n")
    assert shown[:2] == [
        "Still waiting for your answer (asked from another app):",
        "• delete #1 “buy milk”?",
    ]
    assert shown[-1] == "Deleted #1 “buy milk”.   [undo]"
    assert await titles(database) == []


async def test_as_acts_for_a_linked_account_and_no_one_else(database: Database) -> None:
    telegram = ChatDriver(build_chat(database, ScriptedAgent()), database, user="42")
    telegram.platform = "telegram"
    await telegram.say("/add water the plants")
    await console(database, "/add buy milk\n")

    # the local person's own client: the chat API's rate limit does not apply
    limited = {"RATE_LIMIT_PER_MINUTE": "1"}
    async with stdio_session(database, "--as", "telegram:42", env=limited) as session:
        listed = envelope(await session.call_tool("list_tasks", {}))
        added = envelope(await session.call_tool("add_task", {"title": "feed the cat"}))

    assert listed["message"] == "You have 1 task:\n1. water the plants"
    assert added["message"] == "Added #2 “feed the cat”."
    assert await telegram.titles() == ["water the plants", "feed the cat"]

    unknown = await asyncio.create_subprocess_exec(
        *COMMAND,
        "--as",
        "telegram:999",
        env=environment(database),
        cwd=directory_of(database),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    stdout, stderr = await asyncio.wait_for(unknown.communicate(), timeout=60)
    assert unknown.returncode == 2
    assert "todobot does not know telegram:999" in stderr.decode()
    assert stdout == b""
