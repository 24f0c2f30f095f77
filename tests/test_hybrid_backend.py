"""AGENT_BACKEND=hybrid: the builtin engine answers what it reads with certainty, with no
model request; everything else goes to the model (the fake OpenAI server, over HTTP through
the Agents SDK) with the conversation so far, before the engine has changed anything."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import func, select
from typer.testing import CliRunner

from bot.cli import app
from bot.doctor.run import settings_checks
from bot.settings import load_settings
from bot.wiring import build_agent
from core.agent.hybrid import HybridAgent
from core.agent.openai_backend import OpenAIAgent
from core.storage.db import Database
from core.storage.models import Message
from tests.fakes.openai_server import FakeOpenAI, text, tool_call, tool_calls
from tests.harness import ChatDriver, build_chat


def hybrid_agent(fake: FakeOpenAI) -> HybridAgent:
    settings = load_settings(
        agent_backend="hybrid",
        openai_api_key="test-key",
        openai_base_url=fake.base_url,
        openai_model="test-model",
        openai_max_retries=0,
    )
    agent = build_agent(settings)
    assert isinstance(agent, HybridAgent) and isinstance(agent.model, OpenAIAgent)
    return agent


@pytest.fixture
async def chat(database: Database, fake: FakeOpenAI) -> AsyncIterator[ChatDriver]:
    agent = hybrid_agent(fake)
    yield ChatDriver(build_chat(database, agent, rate_limit_per_minute=0), database)
    await agent.aclose()


async def stored_messages(chat: ChatDriver) -> int:
    async with chat.database.session() as session:
        counted = await session.exec(
            select(func.count()).select_from(Message).where(Message.user_id == await chat.user_id())
        )
        return counted.one()


def sent_to_model(fake: FakeOpenAI) -> list[tuple[str, str]]:
    """What the model was sent last: each message's role and words (tool calls by name)."""
    shown: list[tuple[str, str]] = []
    for message in fake.messages():
        if message["role"] == "assistant" and message.get("tool_calls"):
            shown.extend(("call", call["function"]["name"]) for call in message["tool_calls"])
        elif message["role"] in ("user", "assistant"):
            shown.append((message["role"], str(message["content"])))
    return shown


async def test_a_plain_add_is_answered_without_the_model(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    reply = await chat.say("add buy milk")
    assert reply == "Added #1 “buy milk” to your list."
    assert await chat.titles() == ["buy milk"]
    assert fake.requests == []
    assert [(a.action, a.input["title"]) for a in await chat.audit()] == [("add_task", "buy milk")]
    assert await stored_messages(chat) == 2


async def test_listings_dones_by_number_or_title_and_undo_need_no_model(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    for title in ("buy milk", "call mom", "pay rent"):
        await chat.say(f"add {title}")
    assert "call mom" in await chat.say("show my tasks")
    await chat.say("finished 1 and 3")
    assert [t.completed for t in await chat.tasks()] == [True, False, True]
    await chat.say("done call mom")
    assert [t.completed for t in await chat.tasks()] == [True, True, True]
    await chat.say("undo")
    assert [t.completed for t in await chat.tasks()] == [True, False, True]
    await chat.say("delete task 2")
    await chat.press("confirm")
    assert await chat.titles() == ["buy milk", "pay rent"]
    assert fake.requests == []


async def test_an_ambiguous_message_goes_to_the_model_with_the_history_untouched(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    await chat.say("add buy milk")
    await chat.say("add buy oat milk")
    before = await chat.audit()
    fake.push(
        tool_call("complete_task", {"task_identifier": "#2"}),
        text("Done: #2 buy oat milk."),
    )
    assert await chat.say("done milk") == "Done: #2 buy oat milk."
    assert len(fake.requests) == 2  # the call, then the reply written from its result
    first = fake.requests[0]
    shown = [(m["role"], m.get("content")) for m in first["messages"] if m["role"] == "user"]
    assert shown == [("user", "add buy milk"), ("user", "add buy oat milk"), ("user", "done milk")]
    history = sent_to_model(fake)
    assert ("call", "add_task") in history
    assert ("assistant", "Added #2 “buy oat milk” to your list.") in history
    # the engine only read: the turn's one call is the model's, and it applied
    after = await chat.audit()
    assert [(a.action, a.input) for a in after[len(before) :]] == [
        ("complete_task", {"task_identifier": "#2"})
    ]
    assert [(t.title, t.completed) for t in await chat.tasks()] == [
        ("buy milk", False),
        ("buy oat milk", True),
    ]
    assert await stored_messages(chat) == 6  # three turns, each stored once
    assert chat.last is not None
    assert [call["tool_name"] for call in chat.last.tool_calls] == ["complete_task"]


async def test_what_the_engine_would_ask_about_goes_to_the_model_instead(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    """ "add task" (no title) and chit-chat: the engine would ask or guess; the model answers."""
    fake.push(text("What should the task be called?"))
    assert await chat.say("add task") == "What should the task be called?"
    fake.push(tool_call("add_task", {"title": "water the plants"}), text("Added #1."))
    assert await chat.say("water the plants, that's the one") == "Added #1."
    assert await chat.titles() == ["water the plants"]
    fake.push(text("Hello! What can I do for you?"))
    assert await chat.say("hey there, how's it going?") == "Hello! What can I do for you?"
    assert await stored_messages(chat) == 6
    assert ("assistant", "What should the task be called?") in sent_to_model(fake)


async def test_a_duplicate_add_is_asked_by_the_model_not_the_engine(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    await chat.say("add buy milk")
    fake.push(text("You already have #1 buy milk. Add another?"))
    assert await chat.say("add buy milk") == "You already have #1 buy milk. Add another?"
    assert await chat.titles() == ["buy milk"]


async def test_the_models_tool_calls_act_through_the_same_tools(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    """Two requests the engine cannot read with certainty: the model's two calls both apply,
    each audited, and one Undo takes them back."""
    await chat.say("add pay rent")
    fake.push(
        tool_calls(
            ("add_task", {"title": "book dentist"}),
            ("update_task", {"task_identifier": "#1", "priority": "high"}),
        ),
        text("Added #2 and made #1 high priority."),
    )
    await chat.say("oh and the dentist thing, plus rent is really urgent")
    assert [(t.title, t.priority) for t in await chat.tasks()] == [
        ("pay rent", "high"),
        ("book dentist", "low"),
    ]
    assert len(fake.requests) == 2
    answered = [json.loads(m["content"]) for m in fake.messages() if m["role"] == "tool"][-2:]
    assert [result["ok"] for result in answered] == [True, True]
    assert [a.action for a in await chat.audit()][-2:] == ["add_task", "update_task"]
    await chat.press("undo")
    assert [(t.title, t.priority) for t in await chat.tasks()] == [("pay rent", "low")]


def test_hybrid_without_a_model_key_refuses_to_start() -> None:
    with pytest.raises(ValueError, match="hybrid backend needs OPENAI_API_KEY"):
        build_agent(load_settings(agent_backend="hybrid", openai_api_key=None))


def test_the_hybrid_reads_as_much_history_as_the_model(fake: FakeOpenAI) -> None:
    agent: Any = hybrid_agent(fake)
    assert agent.history_window == agent.model.history_window
    assert agent.history_window != agent.engine.history_window


def test_doctor_names_the_missing_key_of_a_hybrid_deployment() -> None:
    _, [check] = settings_checks(lambda: load_settings(agent_backend="hybrid", openai_api_key=None))
    assert check.failed and "AGENT_BACKEND=hybrid, but OPENAI_API_KEY is not set" in check.found
    _, [keyed] = settings_checks(lambda: load_settings(agent_backend="hybrid", openai_api_key="k"))
    assert not keyed.failed and "hybrid backend" in keyed.found


def test_eval_reports_the_share_the_engine_answers_alone(tmp_path: Path) -> None:
    """Two turns sure (an add, a done by number), one the engine would ask about (no title),
    one before any agent (a slash command): 3 of 4 need no model."""
    cases = [
        {"id": "add", "say": ["add buy milk"], "expect": {"tasks": [{"title": "buy milk"}]}},
        {"id": "ask", "say": ["add task"], "expect": {"asks": True}},
        {
            "id": "done",
            "given": [{"title": "pay rent"}],
            "say": ["done 1", "/list"],
            "expect": {"tasks": [{"title": "pay rent", "completed": True}]},
        },
    ]
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(json.dumps(case) for case in cases))
    result = CliRunner().invoke(app, ["eval", str(path), "--hybrid-share"])
    assert result.exit_code == 0, result.output
    *_, share, to_model, total = result.output.strip().splitlines()
    assert share == (
        "hybrid share: 3 of 4 turns (75.0%) answered without the model "
        "(2 of 3 read by the engine, 1 before any agent)"
    )
    assert to_model == "to the model: AskTitle (asks) 1"
    assert total == "3 passed, 0 failed"
