"""Failures below the agent: a dropped database connection, a database error inside a tool."""

from __future__ import annotations

import pytest
from agents import RunContextWrapper
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from core.agent.base import AgentTurn
from core.db import Database
from core.tools import ToolContext, audited, failure
from tests.harness import ChatDriver, build_chat


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
