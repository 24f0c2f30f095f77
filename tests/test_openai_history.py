"""What the openai backend sends the model of the conversation (docs/agent.md: the history
policy), seen in the requests the local fake OpenAI server received."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from core.agent.model_input import (
    DETAILED_ANSWERS,
    HISTORY_CHARS,
    MESSAGE_CHARS,
    RESULT_CHARS,
)
from core.agent.openai_backend import OpenAIAgent
from core.domain import tasks as task_service
from core.storage.db import Database
from tests.fakes import reading_model
from tests.fakes.openai_server import FakeOpenAI, text, tool_call, tool_calls
from tests.harness import ChatDriver, build_chat


@pytest.fixture
async def chat(database: Database, fake: FakeOpenAI) -> AsyncIterator[ChatDriver]:
    agent = OpenAIAgent(api_key="test", model="fake", base_url=fake.base_url, max_retries=0)
    yield ChatDriver(build_chat(database, agent, rate_limit_per_minute=0), database)
    await agent.aclose()


def history_sent(fake: FakeOpenAI, index: int = -1) -> list[dict[str, Any]]:
    """A request's messages between the system prompt and the person's new message."""
    messages = fake.messages(index)
    assert messages[0]["role"] == "system" and messages[-1]["role"] == "user"
    return messages[1:-1]


async def add(chat: ChatDriver, fake: FakeOpenAI, title: str, **fields: Any) -> None:
    fake.push(tool_call("add_task", {"title": title, **fields}), text(f"Added {title}."))
    await chat.say(f"add {title}")


async def test_a_tool_result_reaches_the_model_without_ids_or_audit_times(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    await add(chat, fake, "call mom", due="2030-03-03T15:00", tags=["family"])
    [result] = [json.loads(m["content"]) for m in fake.messages() if m["role"] == "tool"]
    assert result == {
        "ok": True,
        "message": result["message"],
        "data": {
            "task": {
                "number": 1,
                "title": "call mom",
                "description": "",
                "completed": False,
                "due": "2030-03-03T15:00+00:00",
                "priority": "low",
                "tags": ["family"],
            }
        },
    }
    assert "#1" in result["message"]
    [audit] = await chat.audit()
    assert "id" in audit.result["data"]["task"], "the audit keeps the whole result"


async def test_only_the_latest_answers_bring_their_tool_calls(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    titles = [f"task {n}" for n in range(DETAILED_ANSWERS + 2)]
    for title in titles:
        await add(chat, fake, title)
    fake.push(text("Hello."))
    await chat.say("hi")
    sent = history_sent(fake)
    called = [m["tool_calls"][0]["function"] for m in sent if m.get("tool_calls")]
    assert [json.loads(f["arguments"])["title"] for f in called] == titles[-DETAILED_ANSWERS:]
    words = [(m["role"], m["content"]) for m in sent if m["role"] in ("user", "assistant")]
    expected = [(("user", f"add {t}"), ("assistant", f"Added {t}.")) for t in titles]
    assert [w for w in words if w[1] is not None] == [pair for two in expected for pair in two]
    results = [json.loads(m["content"]) for m in sent if m["role"] == "tool"]
    assert [r["data"]["task"]["title"] for r in results] == titles[-DETAILED_ANSWERS:]
    assert all("id" not in r["data"]["task"] for r in results)


async def test_the_history_stops_at_the_budget_and_starts_with_the_persons_message(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    size = MESSAGE_CHARS - 100
    for n in range(8):
        fake.push(text(f"answer {n} " + "a" * size))
        await chat.say(f"question {n} " + "q" * size)
    fake.push(text("Hello."))
    await chat.say("hi")
    sent = history_sent(fake)
    fit = HISTORY_CHARS // (2 * (size + 11))  # whole exchanges of a question and an answer
    assert [m["content"].split()[:2] for m in sent] == [
        [word, str(n)] for n in range(8 - fit, 8) for word in ("question", "answer")
    ]
    assert sum(len(m["content"]) for m in sent) <= HISTORY_CHARS
    assert fit < 8, "the conversation is longer than the budget"


async def test_a_long_message_reaches_the_model_cut(chat: ChatDriver, fake: FakeOpenAI) -> None:
    fake.push(text("A" * (MESSAGE_CHARS * 2)))
    await chat.say("Q" * (MESSAGE_CHARS + 500))
    fake.push(text("Hello."))
    await chat.say("hi")
    question, answer = history_sent(fake)
    assert question["content"] == "Q" * (MESSAGE_CHARS - 1) + "…"
    assert answer["content"] == "A" * (MESSAGE_CHARS - 1) + "…"


async def test_a_long_result_keeps_only_its_words_in_the_history(
    database: Database, chat: ChatDriver, fake: FakeOpenAI
) -> None:
    fake.push(text("Hello."))
    await chat.say("hi")
    user_id = await chat.user_id()
    async with database.session() as session, session.begin():
        for n in range(40):
            await task_service.create_task(session, user_id=user_id, title=f"errand number {n}")
    fake.push(tool_call("list_tasks", {"status": "pending"}), text("Here they are."))
    await chat.say("what's left?")
    [live] = [json.loads(m["content"]) for m in fake.messages() if m["role"] == "tool"]
    assert len(live["data"]["tasks"]) == 20, "the turn's own result is the whole page"
    assert live["data"]["total"] == 40 and live["data"]["next_cursor"]
    fake.push(text("Thanks."))
    await chat.say("thanks")
    [stored] = [m["content"] for m in history_sent(fake) if m["role"] == "tool"]
    assert len(stored) <= RESULT_CHARS + 100
    shown = json.loads(stored)
    assert set(shown) == {"ok", "message"} and shown["ok"] is True
    assert shown["message"].startswith(live["message"][:200])


async def test_an_answer_whose_calls_overrun_the_budget_is_sent_as_its_words(
    database: Database, chat: ChatDriver, fake: FakeOpenAI
) -> None:
    fake.push(text("Hello."))
    await chat.say("hi")
    user_id = await chat.user_id()
    async with database.session() as session, session.begin():
        for n in range(40):
            title = f"errand number {n} of the big spring cleaning"
            await task_service.create_task(session, user_id=user_id, title=title)
    listings = HISTORY_CHARS // RESULT_CHARS + 1  # each listing is cut to RESULT_CHARS
    every = {"status": "pending", "limit": 100}
    fake.push(tool_calls(*[("list_tasks", every)] * listings), text("All there."))
    await chat.say("what's left?")
    fake.push(text("Thanks."))
    await chat.say("thanks")
    assert [(m["role"], m["content"]) for m in history_sent(fake)] == [
        ("user", "hi"),
        ("assistant", "Hello."),
        ("user", "what's left?"),
        ("assistant", "All there."),
    ]


@pytest.fixture
async def reading(database: Database, fake: FakeOpenAI) -> AsyncIterator[ChatDriver]:
    """The openai backend against a model that reads like the builtin engine."""
    fake.responder = reading_model.respond
    agent = OpenAIAgent(api_key="test", model="fake", base_url=fake.base_url, max_retries=0)
    yield ChatDriver(build_chat(database, agent, rate_limit_per_minute=0), database)
    await agent.aclose()


async def test_the_trimmed_history_still_says_what_it_and_the_second_one_are(
    reading: ChatDriver,
) -> None:
    for title in ("buy milk", "call mom", "water the plants"):
        await reading.say(f"add {title}")
    await reading.say("mark it done")
    await reading.say("show my pending tasks")
    await reading.say("hi")
    await reading.say("delete the second one")
    assert await reading.say("yes") is not None
    tasks = {task.title: task for task in await reading.tasks()}
    assert set(tasks) == {"buy milk", "water the plants"}
    assert tasks["water the plants"].completed and not tasks["buy milk"].completed
