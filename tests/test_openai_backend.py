"""The openai backend against a real local HTTP server speaking the Chat Completions API."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from uuid import UUID

import psycopg
import pytest
from sqlmodel import select

from bot.settings import load_settings
from bot.wiring import build_agent
from core.agent.builtin import BuiltinAgent
from core.agent.openai_backend import OpenAIAgent, PlainBodyClient
from core.chat.policy import APOLOGY
from core.domain import tasks as task_service
from core.people.identities import user_for
from core.storage import audit
from core.storage.db import Database
from core.storage.models import Confirmation, Task
from tests.fakes.openai_server import (
    FakeOpenAI,
    Scripted,
    quota_exceeded,
    rate_limited,
    server_error,
    text,
    tool_call,
    tool_calls,
)
from tests.harness import ChatDriver, build_chat


def openai_agent(fake: FakeOpenAI, **overrides: object) -> OpenAIAgent:
    settings = load_settings(
        openai_api_key="test-key",
        openai_base_url=fake.base_url,
        openai_model="test-model",
        openai_retry_backoff_seconds=0.001,
        **overrides,
    )
    agent = build_agent(settings)
    assert isinstance(agent, OpenAIAgent)
    return agent


@pytest.fixture
async def chat(database: Database, fake: FakeOpenAI) -> AsyncIterator[ChatDriver]:
    agent = openai_agent(fake)
    yield ChatDriver(build_chat(database, agent, rate_limit_per_minute=0), database)
    await agent.aclose()


def tool_messages(fake: FakeOpenAI, index: int = -1) -> list[dict]:
    return [json.loads(m["content"]) for m in fake.messages(index) if m["role"] == "tool"]


async def test_a_tool_call_then_an_answer(chat: ChatDriver, fake: FakeOpenAI) -> None:
    fake.push(
        tool_call("add_task", {"title": "buy milk", "description": "oat"}),
        text("Added #1 buy milk."),
    )
    assert await chat.say("please add buy milk, oat") == "Added #1 buy milk."
    [task] = await chat.tasks()
    assert (task.number, task.title, task.description) == (1, "buy milk", "oat")
    [audit] = await chat.audit()
    assert (audit.action, audit.ok, audit.input) == (
        "add_task",
        True,
        {"title": "buy milk", "description": "oat"},
    )
    first = fake.requests[0]
    assert first["model"] == "test-model"
    assert first["messages"][0]["role"] == "system" and "todobot" in first["messages"][0]["content"]
    assert first["messages"][-1] == {"role": "user", "content": "please add buy milk, oat"}
    assert sorted(t["function"]["name"] for t in first["tools"]) == [
        "add_task", "complete_task", "delete_task", "empty_trash", "list_tasks", "restore_task",
        "undo_last_change", "update_task",
    ]  # fmt: skip
    assert fake.authorizations[0] == "Bearer test-key"
    [result] = tool_messages(fake)
    assert result["ok"] is True and result["data"]["task"]["number"] == 1
    assert chat.last is not None and chat.last.tool_calls[0]["tool_name"] == "add_task"


def schema_titles(schema: object, inside_properties: bool = False) -> list[str]:
    """Every `title` keyword in a JSON schema (a property *named* title is not one)."""
    if isinstance(schema, list):
        return [title for inner in schema for title in schema_titles(inner)]
    if not isinstance(schema, dict):
        return []
    found = [] if inside_properties or "title" not in schema else [schema["title"]]
    for key, value in schema.items():
        if inside_properties or key != "title":
            found += schema_titles(value, inside_properties=key == "properties")
    return found


async def test_tool_schemas_are_sent_without_repeating_themselves(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    """No `title` beside each property's name; a nullable plain type as a type list. A call
    with every optional field null (as strict mode sends them) still works."""
    nulls = {"due": None, "tags": None, "remind_at": None, "remind_before_due_minutes": None}
    fake.push(tool_call("add_task", {"title": "buy milk", **nulls}), text("Added."))
    assert await chat.say("add buy milk") == "Added."
    tools = {tool["function"]["name"]: tool["function"] for tool in fake.requests[0]["tools"]}
    assert all(schema_titles(tool["parameters"]) == [] for tool in tools.values())
    add = tools["add_task"]["parameters"]["properties"]
    assert add["title"]["type"] == "string"  # the parameter named title stays
    assert add["due"]["type"] == ["string", "null"] and "anyOf" not in add["due"]
    assert add["tags"]["anyOf"][1] == {"type": "null"}  # an array is not a plain type: kept
    assert [task.title for task in await chat.tasks()] == ["buy milk"]


async def test_rate_limit_is_retried(chat: ChatDriver, fake: FakeOpenAI) -> None:
    fake.push(
        rate_limited(), tool_call("add_task", {"title": "call mom"}), rate_limited(), text("Done.")
    )
    assert await chat.say("remind me to call mom") == "Done."
    assert await chat.titles() == ["call mom"]
    assert len(fake.requests) == 4
    assert [a.action for a in await chat.audit()] == ["add_task"]


async def test_server_errors_exhaust_retries_and_undo_everything(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    fake.push(
        tool_call("add_task", {"title": "half done"}),
        server_error(),
        server_error(),
        server_error(),
    )
    assert await chat.say("add half done") == APOLOGY
    assert len(fake.requests) == 4  # one answer with a tool call, then 1 + 2 retries that fail
    assert await chat.tasks() == []
    assert await chat.audit() == []
    assert chat.last is not None and chat.last.tool_calls == []


async def test_three_server_errors_in_a_row_apologise(chat: ChatDriver, fake: FakeOpenAI) -> None:
    fake.push(server_error(), server_error(), server_error())
    assert await chat.say("what's on my list?") == APOLOGY
    assert len(fake.requests) == 3
    assert fake.pending == 0


async def test_a_connection_lost_while_the_model_thinks_retries_the_turn(
    database: Database, chat: ChatDriver, fake: FakeOpenAI
) -> None:
    if database.is_sqlite:
        pytest.skip("only a server database can drop a connection")
    survived = tool_call("add_task", {"title": "survived"})
    answers = [survived, survived, text("Added #1.")]

    def restart_during_the_first_request(_body: dict) -> Scripted:
        if len(fake.requests) == 1:
            terminate_connections_to(database)
        return answers.pop(0)

    fake.responder = restart_during_the_first_request
    assert await chat.say("add survived", event_id="E1") == "Added #1."
    assert len(fake.requests) == 3, "the whole turn ran again, model calls included"
    assert await chat.titles() == ["survived"]
    assert [a.action for a in await chat.audit()] == ["add_task"]


def terminate_connections_to(database: Database) -> None:
    """What a PostgreSQL restart does to the turn's connection, from the server side."""
    dsn = database.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


async def test_quota_errors_are_not_retried(chat: ChatDriver, fake: FakeOpenAI) -> None:
    fake.push(quota_exceeded(), text("never sent"))
    assert await chat.say("add buy milk") == APOLOGY
    assert len(fake.requests) == 1
    assert await chat.tasks() == []


async def test_a_timeout_is_retried_then_gives_up(database: Database, fake: FakeOpenAI) -> None:
    # A second a try: a full garbage collection of the test process's heap can pause it for a
    # few hundred ms on a busy machine, and a pause must not eat a try before it is sent.
    agent = openai_agent(fake, openai_timeout_seconds=1.0, openai_max_retries=1)
    chat = ChatDriver(build_chat(database, agent, rate_limit_per_minute=0), database)
    fake.push(text("too late", delay=60), text("too late", delay=60))
    # Without the timeout the turn would wait a minute for each answer.
    assert await asyncio.wait_for(chat.say("add buy milk"), timeout=20) == APOLOGY
    assert len(fake.requests) == 2
    assert await chat.tasks() == []
    await agent.aclose()


async def test_invalid_json_arguments_go_back_to_the_model(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    fake.push(
        tool_call("add_task", '{"title": "buy mi'),
        tool_call("add_task", {"title": "buy milk"}),
        text("Added it."),
    )
    assert await chat.say("add buy milk") == "Added it."
    assert await chat.titles() == ["buy milk"]
    rejected, accepted = await chat.audit()
    assert (rejected.action, rejected.ok, rejected.error) == (
        "add_task",
        False,
        "VALIDATION_ERROR",
    )
    assert rejected.input == {"raw_arguments": '{"title": "buy mi'}
    assert accepted.ok is True
    [error] = tool_messages(fake, 1)
    assert error["error"] == "VALIDATION_ERROR" and "not valid" in error["message"]


async def test_arguments_of_the_wrong_shape_are_refused(chat: ChatDriver, fake: FakeOpenAI) -> None:
    fake.push(
        tool_calls(("add_task", {}), ("complete_task", {"task_identifier": 5})),
        text("Which task?"),
    )
    assert await chat.say("do something") == "Which task?"
    assert await chat.tasks() == []
    audits = await chat.audit()
    assert sorted(a.action for a in audits) == ["add_task", "complete_task"]
    assert all(a.error == "VALIDATION_ERROR" for a in audits)
    messages = {m["message"] for m in tool_messages(fake)}
    assert any("title" in message for message in messages)


async def test_an_unknown_tool_goes_back_to_the_model(chat: ChatDriver, fake: FakeOpenAI) -> None:
    fake.push(tool_call("delete_all_tasks", {}), text("I can only delete one task at a time."))
    assert await chat.say("delete everything") == "I can only delete one task at a time."
    [unknown] = [a for a in await chat.audit() if a.action == "delete_all_tasks"]
    assert unknown.ok is False and unknown.error == "UNKNOWN_TOOL"
    [error] = tool_messages(fake)
    assert error["error"] == "UNKNOWN_TOOL" and "delete_task" in error["suggestion"]


async def test_parallel_tool_calls_run_one_at_a_time(chat: ChatDriver, fake: FakeOpenAI) -> None:
    fake.push(
        tool_calls(("add_task", {"title": "a"}), ("add_task", {"title": "b"})), text("Added both.")
    )
    await chat.say("add a and b")
    assert sorted((t.number, t.title) for t in await chat.tasks()) == [(1, "a"), (2, "b")]


async def test_a_delete_waits_for_the_button(chat: ChatDriver, fake: FakeOpenAI) -> None:
    fake.push(tool_call("add_task", {"title": "file taxes"}), text("Added."))
    await chat.say("add file taxes")
    fake.push(
        tool_call("delete_task", {"task_identifier": "#1"}), text("Press Confirm to delete #1.")
    )
    reply = await chat.push("delete taxes")
    assert reply is not None and [b.action.value for b in reply.buttons] == ["confirm", "cancel"]
    assert await chat.titles() == ["file taxes"]
    await chat.press("confirm")
    assert await chat.titles() == []


async def test_history_is_sent_with_tool_calls(chat: ChatDriver, fake: FakeOpenAI) -> None:
    fake.push(tool_call("add_task", {"title": "buy milk"}), text("Added #1."))
    await chat.say("add buy milk")
    fake.push(tool_call("complete_task", {"task_identifier": "#1"}), text("Marked #1 done."))
    await chat.say("mark it done")
    sent = fake.messages(2)
    roles = [m["role"] for m in sent]
    assert roles == ["system", "user", "assistant", "tool", "assistant", "user"]
    assert sent[2]["tool_calls"][0]["function"]["name"] == "add_task"
    assert json.loads(sent[3]["content"])["data"]["task"]["title"] == "buy milk"
    assert sent[4]["content"] == "Added #1." and sent[5]["content"] == "mark it done"
    assert (await chat.tasks())[0].completed is True


async def test_the_model_cannot_act_for_another_user(
    database: Database, chat: ChatDriver, fake: FakeOpenAI
) -> None:
    async with database.session() as session, session.begin():
        bob = await user_for(session, platform="console", tenant="", external_id="bob")
        bobs = await task_service.create_task(session, user_id=bob.id, title="bob's secret")
        bob_id, bobs_id = bob.id, bobs.id
    fake.push(
        tool_calls(
            ("complete_task", {"task_identifier": str(bobs_id)}),
            ("delete_task", {"task_identifier": str(bobs_id)}),
            (
                "update_task",
                {"task_identifier": "bob's secret", "new_title": "pwned", "new_description": None},
            ),
            ("add_task", {"title": "planted", "description": "", "user_id": str(bob_id)}),
            ("list_tasks", {"status": "all", "user_id": str(bob_id)}),
        ),
        text("Done."),
    )
    await chat.say("complete bob's task")
    async with database.session() as session:
        theirs = (await session.exec(select(Task).where(Task.user_id == bob_id))).all()
        confirmations = (await session.exec(select(Confirmation))).all()
        audits = await audit.entries(session)
    assert [(t.title, t.completed) for t in theirs] == [("bob's secret", False)]
    assert confirmations == []
    alice = await chat.user_id()
    assert {a.user_id for a in audits} == {alice}
    assert await chat.titles() == ["planted"]
    results = {a.action: a for a in audits}
    assert results["complete_task"].error == "NOT_FOUND"
    assert results["delete_task"].error == "NOT_FOUND"
    assert results["update_task"].error == "NOT_FOUND"
    assert results["list_tasks"].data["count"] == 1
    [listing] = [m for m in tool_messages(fake) if m.get("data") and "tasks" in m["data"]]
    assert [t["title"] for t in listing["data"]["tasks"]] == ["planted"]
    assert isinstance(alice, UUID)


async def test_requests_carry_the_body_the_stock_client_sends(fake: FakeOpenAI) -> None:
    """The messages and tools skip the client's typed walk of the body, and change not a bit."""
    from openai import AsyncOpenAI

    call = {"id": "call_1", "type": "function",
            "function": {"name": "add_task", "arguments": '{"title": "tea ☕"}'}}  # fmt: skip
    messages = [
        {"role": "system", "content": "You keep lists."},
        {"role": "user", "content": "add tea ☕"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "call_1", "content": '{"ok": true}'},
    ]
    tools = [{"type": "function", "function": {"name": "add_task", "description": "Add one.",
              "parameters": {"type": "object", "properties": {"title": {"type": "string"}},
                             "required": ["title"]}}}]  # fmt: skip
    for client in (AsyncOpenAI, PlainBodyClient):
        async with client(api_key="k", base_url=fake.base_url, max_retries=0) as openai_client:
            for extra in ({}, {"tools": tools, "temperature": 0.2, "extra_body": {"top_k": 5}}):
                fake.push(text("Added."))
                await openai_client.chat.completions.create(model="m", messages=messages, **extra)
    stock, plain = fake.requests[:2], fake.requests[2:]
    assert plain == stock
    assert plain[0]["messages"] == messages and plain[1]["top_k"] == 5
    assert plain[1]["tools"] == tools and "tools" not in plain[0]


def test_tracing_is_off_unless_configured(fake: FakeOpenAI) -> None:
    assert openai_agent(fake).run_config.tracing_disabled is True
    assert openai_agent(fake, openai_tracing=True).run_config.tracing_disabled is False


def test_the_backend_follows_the_settings(fake: FakeOpenAI) -> None:
    assert isinstance(
        build_agent(load_settings(openai_api_key=None, agent_backend="auto")), BuiltinAgent
    )
    assert isinstance(
        build_agent(load_settings(openai_api_key="k", agent_backend="auto")), OpenAIAgent
    )
    assert isinstance(
        build_agent(load_settings(openai_api_key="k", agent_backend="builtin")), BuiltinAgent
    )


async def test_the_model_cannot_move_a_due_into_the_past(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    """The rule lives in the tool, so the model meets it as the builtin engine does."""
    fake.push(
        tool_call("add_task", {"title": "pay rent"}),
        text("Added."),
        tool_call("update_task", {"task_identifier": "1", "due": "2020-01-31"}),
        text("I couldn't."),
    )
    await chat.say("add pay rent")
    assert await chat.say("pay rent was due in january 2020") == "I couldn't."
    [task] = await chat.tasks()
    assert task.due_at is None
    refused = (await chat.audit())[-1]
    assert (refused.action, refused.error) == ("update_task", "VALIDATION_ERROR")
    answer = tool_messages(fake)[-1]
    assert "is already in the past, so I didn't move it" in answer["message"]
