"""A turn's audit and change rows, held until its messages are written: none lost, none kept
that a savepoint took back, and every reader sees them at once."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import event
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.agent.builtin import BuiltinAgent
from core.storage import audit, deferred
from core.storage.audit import AuditEntry
from core.storage.db import Database, in_transaction
from core.storage.models import Change, Task, ToolCall, User, utcnow
from tests.harness import ChatDriver, build_chat


async def _person(session: AsyncSession) -> User:
    user = User(display_name="Alice")
    session.add(user)
    await session.flush()
    return user


def _entry(user: User, action: str) -> AuditEntry:
    return AuditEntry(user_id=user.id, action=action, ok=True, result={"ok": True})


async def _actions(database: Database) -> list[str]:
    async with database.session() as session:
        found = await session.exec(select(ToolCall.tool).order_by(col(ToolCall.tool)))
        return list(found.all())


async def test_held_rows_are_written_by_the_commit_when_no_message_takes_them(
    database: Database,
) -> None:
    async def work(session: AsyncSession) -> None:
        user = await _person(session)
        deferred.hold(session)
        await audit.record(session, _entry(user, "add_task"))

    await in_transaction(database, work)

    assert await _actions(database) == ["add_task"]


async def test_a_reader_in_the_same_turn_sees_the_rows_held(database: Database) -> None:
    async def work(session: AsyncSession) -> int:
        user = await _person(session)
        deferred.hold(session)
        await audit.record(session, _entry(user, "add_task"))
        since = utcnow() - timedelta(minutes=1)
        return await audit.count_since(session, since, user_id=user.id)

    assert await in_transaction(database, work) == 1


async def test_a_row_made_in_a_savepoint_rolled_back_is_gone_and_the_rest_kept(
    database: Database,
) -> None:
    class Refused(Exception):
        pass

    async def work(session: AsyncSession) -> None:
        user = await _person(session)
        deferred.hold(session)
        await audit.record(session, _entry(user, "kept"))
        try:
            async with session.begin_nested():
                await audit.record(session, _entry(user, "taken_back"))
                raise Refused
        except Refused:
            pass

    await in_transaction(database, work)

    assert await _actions(database) == ["kept"]


async def test_a_turn_writes_its_audit_change_and_messages_and_fewer_statements(
    database: Database,
) -> None:
    chat = ChatDriver(build_chat(database, BuiltinAgent()), database)
    await chat.say("add buy milk")
    sent: list[str] = []
    event.listen(database.engine.sync_engine, "before_cursor_execute", lambda *a: sent.append(a[2]))

    reply = await chat.push("mark it done")

    assert reply is not None and reply.text.startswith("Marked")
    async with database.session() as session:
        kinds = (await session.exec(select(Change.kind).order_by(col(Change.id)))).all()
        assert kinds == ["added", "completed"]
    assert await _actions(database) == ["add_task", "complete_task"]
    audit_inserts = [sql for sql in sent if "INSERT INTO tool_call" in sql]
    if database.is_sqlite:
        assert len(audit_inserts) == 1 and not audit_inserts[0].startswith("WITH")
    else:  # one statement: the change, the audit row, the conversation and both messages
        assert len(audit_inserts) == 1 and "INSERT INTO change" in audit_inserts[0]
        assert "INSERT INTO message" in audit_inserts[0]


async def test_an_add_takes_its_number_in_the_insert_s_own_statement(database: Database) -> None:
    chat = ChatDriver(build_chat(database, BuiltinAgent()), database)
    await chat.say("add buy milk")
    sent: list[str] = []
    event.listen(database.engine.sync_engine, "before_cursor_execute", lambda *a: sent.append(a[2]))

    await chat.say("add call mom")
    await chat.say("add pay rent")

    assert await chat.titles() == ["buy milk", "call mom", "pay rent"]
    async with database.session() as session:
        numbers = (await session.exec(select(Task.number).order_by(col(Task.number)))).all()
        assert numbers == [1, 2, 3]
        user = (await session.exec(select(User))).one()
        assert user.next_task_number == 4
    numbering = [sql for sql in sent if "SET next_task_number" in sql]
    inserts = [sql for sql in sent if "INSERT INTO task" in sql]
    assert len(numbering) == 2 and len(inserts) == 2
    if not database.is_sqlite:  # one round trip: the number taken in the INSERT's WITH
        assert numbering == inserts
