"""Failures below the agent: a dropped database connection, a database error inside a tool."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from sqlalchemy import bindparam, func, insert, text
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.agent.base import Agent, AgentTurn
from core.chat.policy import APOLOGY
from core.storage.db import Database, TransactionVoided, in_transaction
from core.storage.delivery_models import ProcessedEvent
from core.storage.direct import Prebuilt
from core.tools import Envelope, ToolContext, audited
from tests.harness import ChatDriver, ScriptedAgent, build_chat


class DropsConnectionOnce(Agent):
    """Kills its own PostgreSQL backend mid-turn the first time, as a server restart would."""

    def __init__(self) -> None:
        self.calls = 0

    async def respond(self, turn: AgentTurn) -> str:
        self.calls += 1
        if self.calls == 1:
            await turn.tools.session.exec(text("SELECT pg_terminate_backend(pg_backend_pid())"))
        from core import tools

        return (await tools.add_task(turn.tools, title="survived")).message


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


class LosesItsConnectionInATool(Agent):
    """Its first add_task runs on a connection the server has just closed, as when
    PostgreSQL restarts between two statements of a turn."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.calls = 0

    async def respond(self, turn: AgentTurn) -> str:
        self.calls += 1
        if self.calls == 1:
            await terminate_backend_of(turn.tools.session, self.database)
        from core import tools

        return (await tools.add_task(turn.tools, title="survived")).message


async def terminate_backend_of(session: AsyncSession, database: Database) -> None:
    """Close the session's connection from the server side (the client does not know yet).
    No statement runs on the session, so whatever it has pending is still to be flushed."""
    raw = await (await session.connection()).get_raw_connection()
    pid = raw.driver_connection.info.backend_pid
    async with database.engine.connect() as other:
        await other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})


async def test_a_connection_lost_inside_a_tool_retries_the_whole_turn(database: Database) -> None:
    if database.is_sqlite:
        pytest.skip("only a server database can drop a connection")
    agent = LosesItsConnectionInATool(database)
    chat = ChatDriver(build_chat(database, agent), database)
    reply = await chat.push("add it", event_id="E1")
    assert reply is not None and reply.text == "Added #1 “survived”."
    assert agent.calls == 2
    assert await chat.titles() == ["survived"]
    assert [call.action for call in await chat.audit()] == ["add_task"]
    assert await chat.push("add it", event_id="E1") is None


async def test_a_turn_after_the_server_closed_the_idle_connections_is_answered_once(
    database: Database,
) -> None:
    if database.is_sqlite:
        pytest.skip("only a server database can drop a connection")
    chat = ChatDriver(build_chat(database, ScriptedAgent()), database)
    await chat.say("add milk")
    assert await end_every_other_connection(database) >= 1  # the pool's idle one included

    reply = await chat.push("add bread", event_id="E2")
    assert reply is not None and reply.text == "Added #2 “bread”."
    assert await chat.titles() == ["milk", "bread"]
    assert [call.action for call in await chat.audit()] == ["add_task", "add_task"]
    assert await chat.push("add bread", event_id="E2") is None


async def test_a_read_after_the_server_closed_the_idle_connections_is_answered(
    database: Database,
) -> None:
    if database.is_sqlite:
        pytest.skip("only a server database can drop a connection")
    chat = ChatDriver(build_chat(database, ScriptedAgent()), database)
    await chat.say("add milk")
    assert await end_every_other_connection(database) >= 1

    page = await chat.queries.conversations(platform="console", tenant="", user_ref="alice")
    assert [conversation.title for conversation in page.items] == ["Milk"]


async def end_every_other_connection(database: Database) -> int:
    """What a server restart or an idle timeout does to the pool: its connections end while
    nobody uses them. Waits until they have ended; how many there were."""
    outside_the_pool = create_async_engine(database.url, poolclass=NullPool)
    async with outside_the_pool.connect() as connection:
        ended = await connection.execute(
            text(
                "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 5000)) "
                "FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        )
        count = int(ended.scalar_one())
    await outside_the_pool.dispose()
    return count


@audited
async def leaky_tool(ctx: ToolContext, title: str) -> Envelope:
    """A tool whose query fails while the connection stays up."""
    raise OperationalError("SELECT secret_column FROM task WHERE owner = 42", {}, Exception("boom"))


class CallsTheLeakyTool(Agent):
    async def respond(self, turn: AgentTurn) -> str:
        from core import tools

        await tools.add_task(turn.tools, title="half done")
        return (await leaky_tool(turn.tools, title="x")).message


async def test_a_database_error_in_a_tool_voids_the_turn_with_an_apology(
    database: Database,
) -> None:
    chat = ChatDriver(build_chat(database, CallsTheLeakyTool()), database)
    reply = await chat.push("add two things", event_id="E1")
    assert reply is not None and reply.text == APOLOGY
    assert "secret_column" not in reply.text
    assert await chat.titles() == [], "the add before the failure was rolled back"
    assert await chat.audit() == []
    assert await chat.push("add two things", event_id="E1") is None


async def test_work_that_swallows_a_database_error_is_never_reported_done(
    database: Database,
) -> None:
    attempts = 0

    async def swallow_a_duplicate(session: AsyncSession) -> str:
        nonlocal attempts
        attempts += 1
        session.add(ProcessedEvent(source="test", event_id="once"))
        await session.flush()
        session.add(ProcessedEvent(source="test", event_id="once"))
        with contextlib.suppress(IntegrityError):
            await session.flush()
        return "done"

    with pytest.raises(TransactionVoided):
        await in_transaction(database, swallow_a_duplicate, retries=2)
    assert attempts == 2
    async with database.session() as session:
        assert (await session.exec(select(ProcessedEvent))).all() == []


async def _events_stored(database: Database) -> list[str]:
    async with database.session() as session:
        return list((await session.exec(select(ProcessedEvent.event_id))).all())


async def test_work_that_swallows_a_lost_connection_is_retried(database: Database) -> None:
    if database.is_sqlite:
        pytest.skip("only a server database can drop a connection")
    attempts = 0

    async def record_once(session: AsyncSession) -> int:
        nonlocal attempts
        attempts += 1
        session.add(ProcessedEvent(source="test", event_id="E1"))
        if attempts == 1:
            await terminate_backend_of(session, database)
            with contextlib.suppress(OperationalError):
                await session.flush()
        return attempts

    assert await in_transaction(database, record_once) == 2
    assert await _events_stored(database) == ["E1"]  # once, though the work ran twice


_RECORD = Prebuilt(
    insert(ProcessedEvent.__table__).values(  # type: ignore[attr-defined]
        source=bindparam("source"), event_id=bindparam("event_id"), created_at=func.now()
    )
)


async def test_a_connection_lost_before_the_commit_retries_the_work(database: Database) -> None:
    """The COMMIT of work that ran on the turn's own connection goes straight to the driver:
    a connection lost by then is invalidated and the work retried whole, as through the
    session's own commit."""
    if database.is_sqlite:
        pytest.skip("only a server database can drop a connection")
    attempts = 0

    async def record_once(session: AsyncSession) -> int:
        nonlocal attempts
        attempts += 1
        await _RECORD.run(session, {"source": "test", "event_id": "E1"})
        if attempts == 1:
            await terminate_backend_of(session, database)
        return attempts

    assert await in_transaction(database, record_once) == 2
    assert await _events_stored(database) == ["E1"]  # once, though the work ran twice


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
