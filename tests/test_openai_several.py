"""Several requests in one message: the model answers with several tool calls, every one runs
and is audited in the turn's one transaction, each applies whole (a failed one changes nothing
and undoes none of the others), and the reply the model writes from their results reports
every one."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlmodel import select

from core.chat.policy import APOLOGY
from core.storage.db import Database
from core.storage.reminder_models import Reminder
from tests.fakes.openai_server import FakeOpenAI, Scripted, server_error, text, tool_calls
from tests.harness import ChatDriver, build_chat
from tests.test_openai_backend import openai_agent

PAST = "2020-01-01T09:00"


def reporting(request: dict[str, Any]) -> Scripted:
    """A model's last step: the reply, written from every tool result it was sent this turn."""
    messages = request["messages"]
    turn = max(index for index, m in enumerate(messages) if m["role"] == "user")
    results = [json.loads(m["content"]) for m in messages[turn:] if m["role"] == "tool"]
    return text(" ".join(result["message"] for result in results))


@pytest.fixture
async def chat(database: Database, fake: FakeOpenAI) -> AsyncIterator[ChatDriver]:
    fake.responder = reporting
    agent = openai_agent(fake)
    yield ChatDriver(build_chat(database, agent, rate_limit_per_minute=0), database)
    await agent.aclose()


async def given(chat: ChatDriver, fake: FakeOpenAI, *titles: str) -> None:
    fake.push(tool_calls(*(("add_task", {"title": title}) for title in titles)))
    await chat.say("add " + ", ".join(titles))


async def test_finished_1_and_3_completes_both(chat: ChatDriver, fake: FakeOpenAI) -> None:
    await given(chat, fake, "buy milk", "call mom", "pay rent")
    fake.push(
        tool_calls(
            ("complete_task", {"task_identifier": "1"}), ("complete_task", {"task_identifier": "3"})
        )
    )
    reply = await chat.say("finished 1 and 3")
    assert [(t.number, t.completed) for t in await chat.tasks()] == [
        (1, True),
        (2, False),
        (3, True),
    ]
    first, third = (await chat.audit())[-2:]
    assert [(a.action, a.input, a.ok) for a in (first, third)] == [
        ("complete_task", {"task_identifier": "1"}, True),
        ("complete_task", {"task_identifier": "3"}, True),
    ]
    assert "#1 “buy milk”" in reply and "#3 “pay rent”" in reply
    answered = [m for m in fake.messages() if m["role"] == "tool"][-2:]
    called = fake.messages()[-3]["tool_calls"]
    assert [m["tool_call_id"] for m in answered] == [call["id"] for call in called]
    assert chat.last is not None
    assert [call["tool_name"] for call in chat.last.tool_calls] == ["complete_task"] * 2
    [undo] = chat.last.buttons  # one turn, one Undo for both
    assert undo.action.value == "undo"
    await chat.press("undo")
    assert [t.completed for t in await chat.tasks()] == [False, False, False]


async def test_an_add_and_a_priority_change_in_one_message(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    await given(chat, fake, "pay rent")
    fake.push(
        tool_calls(
            ("add_task", {"title": "buy milk"}),
            ("update_task", {"task_identifier": "#1", "priority": "high"}),
        )
    )
    reply = await chat.say("add buy milk and make the rent urgent")
    assert [(t.number, t.title, t.priority) for t in await chat.tasks()] == [
        (1, "pay rent", "high"),
        (2, "buy milk", "low"),
    ]
    added, updated = (await chat.audit())[-2:]
    assert (added.action, added.ok, updated.action, updated.ok) == (
        "add_task", True, "update_task", True,
    )  # fmt: skip
    assert "Added #2 “buy milk”" in reply and "set #1 to high priority" in reply


async def test_a_failed_call_among_several_keeps_the_others(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    await given(chat, fake, "buy milk")
    fake.push(
        tool_calls(
            ("complete_task", {"task_identifier": "1"}), ("complete_task", {"task_identifier": "9"})
        )
    )
    reply = await chat.say("finished 1 and 9")
    assert [t.completed for t in await chat.tasks()] == [True]
    done, missing = (await chat.audit())[-2:]
    assert (done.ok, missing.ok, missing.error) == (True, False, "NOT_FOUND")
    assert "Marked #1 “buy milk” as done." in reply and "#9" in reply


async def test_a_call_that_fails_changes_nothing_even_after_a_valid_part(
    database: Database, chat: ChatDriver, fake: FakeOpenAI
) -> None:
    """A reminder in the past refuses the whole call: no task added, no field changed, while
    the other call of the same answer stands."""
    await given(chat, fake, "pay rent")
    fake.push(
        tool_calls(
            ("add_task", {"title": "call mom", "remind_at": PAST}),
            ("update_task", {"task_identifier": "#1", "priority": "high", "remind_at": PAST}),
            ("add_task", {"title": "buy milk"}),
        )
    )
    reply = await chat.say("add call mom and remind me, make rent urgent, add buy milk")
    assert [(t.title, t.priority) for t in await chat.tasks()] == [
        ("pay rent", "low"),
        ("buy milk", "low"),
    ]
    refused_add, refused_update, added = (await chat.audit())[-3:]
    assert (refused_add.ok, refused_update.ok, added.ok) == (False, False, True)
    assert reply.count("has already passed") == 2 and "Added #2 “buy milk”" in reply
    async with database.session() as session:
        assert (await session.exec(select(Reminder))).all() == []


async def test_several_calls_share_the_turns_transaction(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    await given(chat, fake, "buy milk", "call mom")
    before = len(await chat.audit())
    fake.push(
        tool_calls(
            ("complete_task", {"task_identifier": "1"}), ("complete_task", {"task_identifier": "2"})
        ),
        server_error(),
        server_error(),
        server_error(),
    )
    assert await chat.say("finished both") == APOLOGY
    assert [t.completed for t in await chat.tasks()] == [False, False]
    assert len(await chat.audit()) == before


async def test_parallel_tool_calls_follow_the_setting(database: Database, fake: FakeOpenAI) -> None:
    """Unset, the field is not sent (the server's default); set, it is asked for."""
    for setting, sent in ((None, None), (True, True), (False, False)):
        agent = openai_agent(fake, openai_parallel_tool_calls=setting)
        chat = ChatDriver(build_chat(database, agent, rate_limit_per_minute=0), database)
        fake.push(text("Hi."))
        await chat.say("hello")
        assert fake.requests[-1].get("parallel_tool_calls") == sent
        await agent.aclose()
