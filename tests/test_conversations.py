"""Conversations, history, dedupe, rate limit, the audit and failed turns."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from uuid import uuid4

import pytest
from sqlalchemy import event, func, insert
from sqlmodel import col, select

from core.chat.policy import RATE_LIMITED
from core.conversation.conversations import title_from, with_window
from core.conversation.queries import ConversationNotFound
from core.storage import audit
from core.storage.delivery_models import ProcessedEvent
from core.storage.models import Conversation, Message, utcnow
from tests.harness import ChatDriver, ScriptedAgent, build_chat


async def conversations_of(chat: ChatDriver) -> list[Conversation]:
    async with chat.database.session() as session:
        result = await session.exec(
            select(Conversation)
            .where(Conversation.user_id == await chat.user_id())
            .order_by(col(Conversation.created_at))
        )
        return list(result.all())


async def test_messages_are_stored_with_tool_calls(chat: ChatDriver) -> None:
    reply = await chat.push("add buy milk")
    assert reply is not None and reply.message_id is not None
    async with chat.database.session() as session:
        messages = (await session.exec(select(Message).order_by(col(Message.created_at)))).all()
    assert [(m.role, m.content) for m in messages] == [
        ("user", "add buy milk"),
        ("assistant", "Added #1 “buy milk”."),
    ]
    call = messages[1].tool_calls[0]
    assert call["tool_name"] == "add_task" and call["input"] == {"title": "buy milk"}
    assert messages[1].id == reply.message_id and reply.tool_calls == messages[1].tool_calls


async def test_a_turn_stores_its_messages_and_moves_its_conversation_together(
    chat: ChatDriver,
) -> None:
    """PostgreSQL takes the messages' INSERT and the conversation's UPDATE as one statement
    (one round trip); SQLite, which has no data-changing WITH, as two."""
    await chat.say("add buy milk")
    sent: list[str] = []
    engine = chat.database.engine.sync_engine

    def record(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    try:
        await chat.say("list")
    finally:
        event.remove(engine, "before_cursor_execute", record)
    writes = [s for s in sent if "INSERT INTO message" in s or "UPDATE conversation" in s]
    assert len(writes) == (1 if engine.dialect.name == "postgresql" else 2)
    [conversation] = await conversations_of(chat)
    async with chat.database.session() as session:
        last = (await session.exec(select(func.max(Message.created_at)))).one()
    assert conversation.updated_at == last and conversation.title == "Buy milk"


async def test_one_active_conversation_per_chat_and_new_starts_another(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    await chat.say("list")
    assert len(await conversations_of(chat)) == 1
    assert await chat.say("/new") == "Started a fresh conversation. Your tasks are all still here."
    await chat.say("list")
    found = await conversations_of(chat)
    assert [c.active for c in found] == [False, True]
    assert found[0].title == "Buy milk"
    assert await chat.titles() == ["buy milk"]


async def test_each_chat_has_its_own_conversation(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    elsewhere = ChatDriver(chat.service, chat.database, user="alice", chat_ref="other-window")
    await elsewhere.say("list")
    assert len(await conversations_of(chat)) == 2


async def test_threads_are_separate_conversations(chat: ChatDriver) -> None:
    await chat.say("add buy milk", thread_ref="t1")
    await chat.say("list", thread_ref="t2")
    assert sorted(c.chat_key for c in await conversations_of(chat)) == [
        "terminal/t1",
        "terminal/t2",
    ]


async def test_explicit_conversation_must_be_the_users(chat: ChatDriver) -> None:
    reply = await chat.push("add buy milk")
    assert reply is not None
    again = await chat.push("list", conversation_id=reply.conversation_id)
    assert again is not None and again.conversation_id == reply.conversation_id
    bob = chat.as_user("bob")
    with pytest.raises(ConversationNotFound):
        await bob.push("list", conversation_id=reply.conversation_id)


@pytest.mark.parametrize(
    ("first", "title"),
    [
        ("Add a task to buy groceries", "Buy groceries"),
        ("Can you help me schedule my meeting?", "Schedule my meeting"),
        ("remind me to call the plumber tomorrow", "Call the plumber tomorrow"),
        ("list", "List"),
        ("x" * 80, "X" + "x" * 48 + "…"),
    ],
)
def test_titles_from_the_first_message(first: str, title: str) -> None:
    assert title_from(first) == title


async def test_history_window_reads_the_last_n_of_1000_plus(
    chat: ChatDriver, agent: ScriptedAgent
) -> None:
    await chat.say("add buy milk")
    conversation = (await conversations_of(chat))[0]
    start = utcnow() - timedelta(hours=2)
    rows = [
        {
            "id": uuid4(),
            "conversation_id": conversation.id,
            "user_id": conversation.user_id,
            "role": "user" if index % 2 == 0 else "assistant",
            "content": f"message {index}",
            "tool_calls": [],
            "created_at": start + timedelta(seconds=index),
        }
        for index in range(1200)
    ]
    async with chat.database.session() as session, session.begin():
        await session.exec(insert(Message), params=rows)
    await chat.say("list")
    seen = agent.turns[-1].history
    assert len(seen) == 50
    assert [m.content for m in seen[:1] + seen[-3:]] == [
        "message 1152",
        "message 1199",
        "add buy milk",
        "Added #1 “buy milk”.",
    ]
    async with chat.database.session() as session:
        found, window = await with_window(
            session, user_id=conversation.user_id, conversation_id=conversation.id, limit=50
        )
    assert found is not None and found.id == conversation.id
    assert len(window) == 50 and window[0].content == "message 1154"


async def test_a_delivery_is_applied_once(chat: ChatDriver) -> None:
    first = await chat.push("add buy milk", event_id="Ev1")
    second = await chat.push("add buy milk", event_id="Ev1")
    assert first is not None and second is None
    assert await chat.titles() == ["buy milk"]
    other = await chat.push("add buy bread", event_id="Ev2")
    assert other is not None and await chat.titles() == ["buy milk", "buy bread"]


async def test_rate_limit(database, agent: ScriptedAgent) -> None:
    chat = ChatDriver(build_chat(database, agent, rate_limit_per_minute=3), database)
    for index in range(3):
        assert (await chat.say(f"add task {index}")).startswith("Added")
    turns_before = len(agent.turns)
    limited = await chat.push("add one too many")
    assert limited is not None and limited.rate_limited and limited.text == RATE_LIMITED
    assert len(agent.turns) == turns_before
    assert await chat.titles() == ["task 0", "task 1", "task 2"]
    bob = chat.as_user("bob")
    assert (await bob.say("add bobs task")).startswith("Added")
    async with database.session() as session, session.begin():
        old = utcnow() - timedelta(minutes=2)
        for message in (await session.exec(select(Message))).all():
            message.created_at = old
            session.add(message)
    assert (await chat.say("add after a minute")).startswith("Added")


async def test_a_failing_agent_changes_nothing_and_apologises(
    chat: ChatDriver, agent: ScriptedAgent
) -> None:
    await chat.say("add buy milk")
    agent.queue(("add_task", {"title": "half done"}), ("complete_task", {"task_identifier": "1"}))
    agent.fail_next()
    reply = await chat.push("do two things")
    assert reply is not None and reply.text.startswith("Sorry") and reply.tool_calls == []
    assert [(t.title, t.completed) for t in await chat.tasks()] == [("buy milk", False)]
    async with chat.database.session() as session:
        tools_used = [entry.action for entry in await audit.entries(session)]
        last = (
            await session.exec(select(Message).order_by(col(Message.created_at).desc()))
        ).first()
    assert tools_used == ["add_task"]
    assert last is not None and last.content.startswith("Sorry")


async def test_every_tool_call_is_audited(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    await chat.say("done 1")
    await chat.say("done 7")
    audit = await chat.audit()
    assert [(row.action, row.ok) for row in audit] == [
        ("add_task", True),
        ("complete_task", True),
        ("complete_task", False),
    ]
    assert audit[2].input == {"task_identifier": "7"}
    assert audit[2].error == "NOT_FOUND"
    assert all(row.duration_ms >= 0 for row in audit)


async def test_first_contact_creates_one_user_and_later_contacts_find_it(
    chat: ChatDriver,
) -> None:
    await chat.say("add buy milk")
    first = await chat.user_id()
    await chat.say("list")
    assert await chat.user_id() == first
    async with chat.database.session() as session:
        from core.storage.models import Identity, User

        assert (await session.exec(select(func.count()).select_from(User))).one() == 1
        assert (await session.exec(select(func.count()).select_from(Identity))).one() == 1
        assert (await session.exec(select(func.count()).select_from(ProcessedEvent))).one() == 0


async def test_unknown_command(chat: ChatDriver) -> None:
    assert (
        await chat.say("/frobnicate")
        == "I don't know /frobnicate. Send /help to see what I can do."
    )
