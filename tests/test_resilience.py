"""Failures below the agent: a dropped database connection, a database error inside a tool."""

from __future__ import annotations

import asyncio

import pytest
from agents import RunContextWrapper
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlmodel.ext.asyncio.session import AsyncSession

from core.agent.base import AgentTurn
from core.db import Database
from core.tools import ToolContext, audited, failure
from tests.harness import ChatDriver, ScriptedAgent, build_chat


class DropsConnectionOnce:
    """Kills its own PostgreSQL backend mid-turn the first time, as a server restart would."""

    def __init__(self) -> None:
        self.calls = 0

    async def respond(self, turn: AgentTurn) -> str:
        self.calls += 1
        if self.calls == 1:
            await turn.tools.session.exec(text("SELECT pg_terminate_backend(pg_backend_pid())"))
        from core import tools

        return (await tools.add_task(RunContextWrapper(turn.tools), title="survived"))["message"]


async def test_a_turn_whose_connection_drops_is_retried_whole(database: Database) -> None:
    if database.is_sqlite:
        pytest.skip("only a server database can drop a connection")
    agent = DropsConnectionOnce()
    chat = ChatDriver(build_chat(database, agent), database)
    reply = await chat.push("add it", event_id="E1")
    assert reply is not None and reply.text == "Added #1 “survived”."
    assert agent.calls == 2
    assert await chat.titles() == ["survived"]
    assert await chat.push("add it", event_id="E1") is None


@audited
async def leaky_tool(ctx: RunContextWrapper[ToolContext], title: str) -> dict:
    """A tool whose query fails."""
    raise OperationalError("SELECT secret_column FROM task WHERE owner = 42", {}, Exception("boom"))


async def test_database_errors_never_reach_the_person(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    async with chat.database.session() as session, session.begin():
        context = ToolContext(session=session, user_id=await chat.user_id())
        result = await leaky_tool(RunContextWrapper(context), title="x")
    assert result == failure(
        "DATABASE_ERROR", "I couldn't reach your tasks just now. Please try again in a moment."
    )
    assert context.calls[0]["ok"] is False


async def test_a_turn_waiting_on_a_user_that_gets_erased_starts_afresh(
    database: Database,
) -> None:
    if database.is_sqlite:
        pytest.skip("SQLite serializes whole transactions; there is no row lock to wait on")
    chat = ChatDriver(build_chat(database, ScriptedAgent()), database)
    await chat.say("add old task")
    old_user = await chat.user_id()
    async with database.session() as eraser, eraser.begin():
        await eraser.exec(
            text('SELECT id FROM "user" WHERE id = :id FOR UPDATE'), params={"id": old_user}
        )
        waiting = asyncio.create_task(chat.push("add new task"))
        await until_someone_waits_for_a_lock(eraser)
        await eraser.exec(text('DELETE FROM "user" WHERE id = :id'), params={"id": old_user})
    reply = await waiting
    assert reply is not None and reply.text == "Added #1 “new task”."
    assert await chat.user_id() != old_user
    assert await chat.titles() == ["new task"]


async def until_someone_waits_for_a_lock(session: AsyncSession) -> None:
    """PostgreSQL's lock table is the only witness that the other turn is waiting."""
    for _ in range(1000):
        result = await session.exec(text("SELECT count(*) FROM pg_locks WHERE NOT granted"))
        if result.scalar_one():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the turn never waited for the user's row")
