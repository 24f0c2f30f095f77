"""The MCP tools, driven in-process by the SDK's `Client` (a 2026-07-28 session, where a delete's
question is returned from the call and answered on the retry)."""

from __future__ import annotations

import asyncio
import inspect
import io
import json
from typing import Any

import pytest
from mcp import Client
from mcp.shared.subscriptions import ResourceUpdated
from mcp_types import InputRequiredResult

from adapters.console.console import run_console
from adapters.mcp.schemas import DESCRIPTIONS, describe
from adapters.mcp.server import OPEN_TASKS_URI, build_server
from core import tools
from core.remote import Account, RemoteTools
from core.storage.db import Database
from tests.harness import ChatDriver, ScriptedAgent, build_chat, queries_beside
from tests.mcp_rig import Person, audit, confirmations, envelope, open_tasks, titles

ALICE = Account(platform="console", external_id="alice", display_name="alice")
BOB = Account(platform="console", external_id="bob")


def connect(database: Database, account: Account = ALICE, **options: Any) -> Client:
    remote = RemoteTools(database, rate_limit_per_minute=options.pop("rate_limit", 0))
    return Client(build_server(remote, lambda: account), **options)


async def test_the_tools_are_the_chat_tools_with_their_own_descriptions(
    database: Database,
) -> None:
    async with connect(database) as client:
        listed = {tool.name: tool for tool in (await client.list_tools()).tools}

    assert sorted(listed) == sorted(tool.__name__ for tool in tools.TOOLS)
    for function in tools.TOOLS:
        tool = listed[function.__name__]
        summary, descriptions = describe(function)
        parameters = [p for p in inspect.signature(function).parameters if p != "ctx"]
        properties = tool.input_schema["properties"]
        assert list(properties) == parameters
        assert tool.description == DESCRIPTIONS.get(tool.name, summary)
        for name in parameters:
            assert properties[name]["description"] == descriptions[name]
        assert tool.output_schema is not None
        assert set(tool.output_schema["properties"]) == {
            "ok", "message", "data", "error", "suggestion"
        }  # fmt: skip
        text = json.dumps(tool.input_schema).lower()
        assert "user" not in text.replace("the user", ""), tool.name
        assert not {"target", "answer", "ctx", "confirm"} & set(properties)
    assert listed["list_tasks"].annotations.read_only_hint is True
    assert listed["delete_task"].annotations.destructive_hint is True
    assert listed["complete_task"].annotations.idempotent_hint is True
    assert listed["add_task"].annotations.read_only_hint is False
    assert listed["list_tasks"].input_schema["properties"]["status"]["enum"] == [
        "all", "pending", "completed", "deleted"
    ]  # fmt: skip


async def test_the_model_reads_the_same_tools_through_mcp_as_through_the_chat_agent(
    database: Database,
) -> None:
    """One implementation, two front doors: the Agents SDK's view of each chat tool (what the
    OpenAI backend sends the model) and the MCP view agree on names, types and descriptions."""
    from agents import function_tool

    from core.agent.openai_backend import AGENT_TOOLS

    async with connect(database) as client:
        listed = {tool.name: tool for tool in (await client.list_tools()).tools}
    shared = [adapted for adapted in AGENT_TOOLS if adapted.__name__ in listed]
    assert len(shared) == len(listed)  # the chat agent also has the take-back tools
    for adapted in shared:
        chat_tool = function_tool(adapted)
        mcp_tool = listed[chat_tool.name]
        assert mcp_tool.description == DESCRIPTIONS.get(mcp_tool.name, chat_tool.description)
        chat_properties = chat_tool.params_json_schema["properties"]
        mcp_properties = mcp_tool.input_schema["properties"]
        assert list(mcp_properties) == list(chat_properties)
        for name, chat_property in chat_properties.items():
            mcp_property = mcp_properties[name]
            assert mcp_property["description"] == chat_property["description"]
            assert mcp_property.get("enum") == chat_property.get("enum")


async def test_add_list_complete_and_update(database: Database) -> None:
    async with connect(database) as client:
        added = envelope(await client.call_tool("add_task", {"title": "buy milk"}))
        envelope(await client.call_tool("add_task", {"title": "call mom", "description": "sunday"}))
        done = envelope(await client.call_tool("complete_task", {"task_identifier": "#1"}))
        renamed = envelope(
            await client.call_tool(
                "update_task", {"task_identifier": "mom", "new_title": "call mum"}
            )
        )
        pending = envelope(await client.call_tool("list_tasks", {"status": "pending"}))
        empty_title = envelope(await client.call_tool("add_task", {"title": "   "}))
        missing = envelope(await client.call_tool("complete_task", {"task_identifier": "9"}))

    assert added["message"] == "Added #1 “buy milk”."
    assert added["data"]["task"]["number"] == 1
    assert done["message"] == "Marked #1 “buy milk” as done."
    assert renamed["message"] == "Done: I renamed #2 from “call mom” to “call mum”."
    assert pending["data"]["count"] == 1
    assert pending["message"] == "You have 1 pending task:\n2. call mum — sunday"
    assert empty_title["ok"] is False and empty_title["error"] == "VALIDATION_ERROR"
    assert missing["ok"] is False and missing["message"] == "There is no task #9."
    assert await titles(database) == ["buy milk", "call mum"]
    assert await audit(database) == [
        "add_task", "add_task", "complete_task", "update_task", "list_tasks", "add_task",
        "complete_task",
    ]  # fmt: skip


async def test_two_people_never_see_each_others_tasks(database: Database) -> None:
    async with connect(database, ALICE) as alice, connect(database, BOB) as bob:
        await alice.call_tool("add_task", {"title": "alice's secret"})
        bobs_list = envelope(await bob.call_tool("list_tasks", {}))
        bobs_try = envelope(await bob.call_tool("complete_task", {"task_identifier": "1"}))
        bobs_delete = envelope(await bob.call_tool("delete_task", {"task_identifier": "secret"}))
        bobs_resource = open_tasks(await bob.read_resource(OPEN_TASKS_URI))
        alices_resource = open_tasks(await alice.read_resource(OPEN_TASKS_URI))

    assert bobs_list["data"]["count"] == 0
    assert bobs_try["ok"] is False
    assert bobs_delete["ok"] is False
    assert bobs_resource == []
    assert alices_resource == ["alice's secret"]
    assert await titles(database) == ["alice's secret"]


async def test_a_delete_the_person_accepts_deletes_exactly_that_task(database: Database) -> None:
    person = Person("accept")
    async with connect(database, elicitation_callback=person) as client:
        await client.call_tool("add_task", {"title": "buy milk"})
        await client.call_tool("add_task", {"title": "walk dog"})
        deleted = envelope(await client.call_tool("delete_task", {"task_identifier": "milk"}))

    assert person.questions == ["Delete #1 “buy milk”?"]
    assert deleted["message"] == "Deleted #1 “buy milk”."
    assert deleted["data"]["status"] == "deleted"
    assert await titles(database) == ["walk dog"]
    assert await confirmations(database) == ["confirmed"]
    assert (await audit(database))[-2:] == ["delete_task", "delete_task.confirmed"]


@pytest.mark.parametrize(
    ("action", "delete", "answer"),
    [("decline", True, "decline"), ("cancel", True, "cancel"), ("accept", False, None)],
)
async def test_a_declined_cancelled_or_unticked_delete_keeps_the_task(
    database: Database, action: str, delete: bool, answer: str | None
) -> None:
    person = Person(action, delete)
    async with connect(database, elicitation_callback=person) as client:
        await client.call_tool("add_task", {"title": "buy milk"})
        kept = envelope(await client.call_tool("delete_task", {"task_identifier": "1"}))

    assert person.questions == ["Delete #1 “buy milk”?"]
    assert kept["message"] == "Okay, I kept #1 “buy milk”. Nothing was deleted."
    assert kept["data"]["status"] == "kept"
    assert kept["data"].get("answer") == answer
    assert await titles(database) == ["buy milk"]
    assert await confirmations(database) == ["cancelled"]


async def test_without_elicitation_the_delete_is_refused_and_waits_in_the_console(
    database: Database,
) -> None:
    async with connect(database) as client:  # no elicitation callback: cannot ask
        await client.call_tool("add_task", {"title": "buy milk"})
        # extra arguments cannot stand in for the person's answer: the tool takes none
        forged = envelope(
            await client.call_tool(
                "delete_task",
                {"task_identifier": "1", "answer": {"action": "accept"}, "confirm": True},
            )
        )
        refused = envelope(await client.call_tool("delete_task", {"task_identifier": "1"}))

    assert forged["error"] == "VALIDATION_ERROR"
    assert forged["message"].startswith("delete_task has no argument “answer”, “confirm”")
    assert refused["ok"] is True and refused["data"]["status"] == "confirmation_required"
    assert refused["message"].startswith("Nothing was deleted: this app could not ask you")
    assert "`todobot chat`" in refused["message"]
    assert await titles(database) == ["buy milk"]
    assert await confirmations(database) == ["pending"]

    chat = build_chat(database, ScriptedAgent())
    shown = io.StringIO()
    await run_console(
        chat, queries_beside(chat), stdin=io.StringIO("1\n"), stdout=shown, user="alice"
    )
    assert shown.getvalue().splitlines() == [
        "Still waiting for your answer (asked from another app):",
        "• delete #1 “buy milk”?",
        "[1] Delete #1 “buy milk”   [2] Keep #1 “buy milk”   (type the number or the word)",
        "Deleted #1 “buy milk”.   [undo]",
    ]
    assert await titles(database) == []


async def test_a_delete_of_no_single_task_asks_nothing(database: Database) -> None:
    person = Person("accept")
    async with connect(database, elicitation_callback=person) as client:
        await client.call_tool("add_task", {"title": "buy milk"})
        await client.call_tool("add_task", {"title": "buy eggs"})
        ambiguous = envelope(await client.call_tool("delete_task", {"task_identifier": "buy"}))
        missing = envelope(await client.call_tool("delete_task", {"task_identifier": "#7"}))

    assert person.questions == []
    assert ambiguous["error"] == "AMBIGUOUS"
    assert len(ambiguous["data"]["candidates"]) == 2
    assert missing["message"] == "There is no task #7."
    assert await titles(database) == ["buy milk", "buy eggs"]


async def test_an_answer_sent_again_cannot_delete_a_second_time(database: Database) -> None:
    """An answered question is spent: replayed within the state's life, after the person
    restored the task, it deletes nothing."""
    agent = ScriptedAgent()
    chat = ChatDriver(build_chat(database, agent), database)
    async with connect(database, elicitation_callback=Person()) as client:
        await client.call_tool("add_task", {"title": "buy milk"})
        await client.call_tool("add_task", {"title": "buy milk again"})
        arguments = {"task_identifier": "1"}
        asked = await client.session.call_tool("delete_task", arguments, allow_input_required=True)
        assert isinstance(asked, InputRequiredResult)
        (key,) = asked.input_requests
        answer = {key: {"action": "accept", "content": {"delete": True}}}
        first = await client.session.call_tool(
            "delete_task", arguments, input_responses=answer, request_state=asked.request_state
        )
        again = await client.session.call_tool(
            "delete_task", arguments, input_responses=answer, request_state=asked.request_state
        )
        agent.queue(("restore_task", {"task_identifier": "#1"}))
        restored = await chat.say("bring it back")
        after_restore = await client.session.call_tool(
            "delete_task", arguments, input_responses=answer, request_state=asked.request_state
        )

    assert envelope(first)["message"] == "Deleted #1 “buy milk”."
    for replayed in (again, after_restore):
        assert envelope(replayed)["error"] == "ALREADY_DECIDED"
        assert envelope(replayed)["message"] == "That was already confirmed; nothing more to do."
    assert restored == "Restored #1 “buy milk” from the trash."
    assert await titles(database) == ["buy milk", "buy milk again"]
    assert await confirmations(database) == ["confirmed"]
    assert (await audit(database))[-1] == "delete_task.already_decided"


async def test_the_open_tasks_resource_follows_the_list(database: Database) -> None:
    async with connect(database) as client:
        resources = (await client.list_resources()).resources
        before = open_tasks(await client.read_resource(OPEN_TASKS_URI))
        await client.call_tool("add_task", {"title": "buy milk"})
        await client.call_tool("add_task", {"title": "walk dog"})
        await client.call_tool("complete_task", {"task_identifier": "1"})
        after = open_tasks(await client.read_resource(OPEN_TASKS_URI))

    assert [str(resource.uri) for resource in resources] == [OPEN_TASKS_URI]
    assert before == []
    assert after == ["walk dog"]


async def test_a_listening_client_hears_that_the_open_tasks_changed(database: Database) -> None:
    async with connect(database) as client:
        async with client.listen(resource_subscriptions=[OPEN_TASKS_URI]) as changes:
            await client.call_tool("list_tasks", {})  # reads change nothing
            await client.call_tool("add_task", {"title": "buy milk"})
            event = await asyncio.wait_for(anext(aiter(changes)), timeout=10)
        after = open_tasks(await client.read_resource(OPEN_TASKS_URI))

    assert event == ResourceUpdated(uri=OPEN_TASKS_URI)
    assert after == ["buy milk"]


async def test_the_task_fields_of_the_chat_tools_work_over_mcp(database: Database) -> None:
    async with connect(database) as client:
        added = envelope(
            await client.call_tool(
                "add_task",
                {"title": "pay rent", "due": "2099-01-31", "priority": "high", "tags": ["home"]},
            )
        )
        wrong = await client.call_tool("add_task", {"title": "x", "priority": "urgent"})
        resource = await client.read_resource(OPEN_TASKS_URI)

    task = added["data"]["task"]
    assert (task["due"], task["priority"], task["tags"]) == ("2099-01-31", "high", ["home"])
    assert wrong.is_error and "priority" in wrong.content[0].text  # type: ignore[union-attr]
    (listed,) = json.loads(resource.contents[0].text)["tasks"]  # type: ignore[union-attr]
    assert (listed["due"], listed["priority"], listed["tags"]) == ("2099-01-31", "high", ["home"])
    assert await titles(database) == ["pay rent"]


async def test_calls_are_rate_limited_per_person(database: Database) -> None:
    async with (
        connect(database, rate_limit=2) as alice,
        connect(database, BOB, rate_limit=2) as bob,
    ):
        await alice.call_tool("add_task", {"title": "one"})
        await alice.call_tool("add_task", {"title": "two"})
        refused = envelope(await alice.call_tool("add_task", {"title": "three"}))
        bobs = envelope(await bob.call_tool("add_task", {"title": "bob's"}))

    assert refused["error"] == "RATE_LIMITED"
    assert "nothing was changed" in refused["message"]
    assert bobs["ok"] is True
    assert sorted(await titles(database)) == ["bob's", "one", "two"]
