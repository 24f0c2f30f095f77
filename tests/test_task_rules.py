"""Validation limits, resolution, ambiguity and literal storage, through the tools."""

from __future__ import annotations

import pytest

from core.domain import tasks as task_service
from core.storage.db import Database
from core.storage.list_models import personal_list
from core.storage.models import User
from tests.harness import ChatDriver, ScriptedAgent


@pytest.mark.parametrize(
    ("title", "stored"),
    [("", False), ("   ", False), ("x", True), ("x" * 200, True), ("x" * 201, False)],
    ids=["empty", "blank", "1", "200", "201"],
)
async def test_title_limits(
    chat: ChatDriver, agent: ScriptedAgent, title: str, stored: bool
) -> None:
    agent.queue(("add_task", {"title": title}))
    reply = await chat.push("add it")
    assert reply is not None
    if stored:
        assert await chat.titles() == [title]
    else:
        assert await chat.titles() == []
        assert reply.tool_calls[0]["result"]["error"] == "VALIDATION_ERROR"
        assert "title" in reply.text.lower()


async def test_title_is_trimmed(chat: ChatDriver, agent: ScriptedAgent) -> None:
    agent.queue(("add_task", {"title": "  " + "y" * 200 + "  "}))
    await chat.push("add it")
    assert await chat.titles() == ["y" * 200]


@pytest.mark.parametrize(("length", "stored"), [(1000, True), (1001, False)])
async def test_description_limits(
    chat: ChatDriver, agent: ScriptedAgent, length: int, stored: bool
) -> None:
    agent.queue(("add_task", {"title": "report", "description": "d" * length}))
    reply = await chat.push("add it")
    assert reply is not None
    tasks = await chat.tasks()
    if stored:
        assert tasks[0].description == "d" * length
    else:
        assert tasks == []
        assert "1000" in reply.text


async def test_update_rejects_long_title_and_keeps_old_one(
    chat: ChatDriver, agent: ScriptedAgent
) -> None:
    await chat.say("add buy milk")
    agent.queue(("update_task", {"task_identifier": "1", "new_title": "z" * 201}))
    reply = await chat.push("rename it")
    assert reply is not None and "200" in reply.text
    assert await chat.titles() == ["buy milk"]


async def test_update_with_nothing_to_change(chat: ChatDriver, agent: ScriptedAgent) -> None:
    await chat.say("add buy milk")
    agent.queue(("update_task", {"task_identifier": "1"}))
    reply = await chat.push("update it")
    assert reply is not None and reply.tool_calls[0]["result"]["error"] == "VALIDATION_ERROR"


@pytest.mark.parametrize("ref", ["2", "#2", "task 2", "Task #2", "CALL MOM", "mom", "call"])
async def test_resolution_forms(chat: ChatDriver, ref: str) -> None:
    await chat.say("add buy milk")
    await chat.say("add call mom")
    assert await chat.say(f"done {ref}") == "Marked #2 “call mom” as done."


async def test_resolution_by_uuid(chat: ChatDriver, agent: ScriptedAgent) -> None:
    await chat.say("add buy milk")
    task = (await chat.tasks())[0]
    agent.queue(("complete_task", {"task_identifier": str(task.id)}))
    await chat.push("done")
    assert (await chat.tasks())[0].completed


async def test_ambiguous_title_changes_nothing_and_names_candidates(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    await chat.say("add buy bread")
    reply = await chat.push("done buy")
    assert reply is not None
    assert "buy milk" in reply.text and "buy bread" in reply.text and "?" in reply.text
    assert [t.completed for t in await chat.tasks()] == [False, False]
    candidates = reply.tool_calls[0]["result"]["data"]["candidates"]
    assert [c["number"] for c in candidates] == [1, 2]


async def test_exact_title_beats_partial(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    await chat.say("add buy milk and bread")
    assert await chat.say("done buy milk") == "Marked #1 “buy milk” as done."


async def test_unknown_task_and_number(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    assert await chat.say("done 999") == "There is no task #999."
    assert await chat.say("done xyz") == "No task found matching 'xyz'."


async def test_completing_twice_is_a_success_that_says_so(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    await chat.say("done 1")
    reply = await chat.push("done 1")
    assert reply is not None and reply.text == "#1 “buy milk” is already done."
    assert reply.tool_calls[0]["ok"] is True


@pytest.mark.parametrize(
    "title",
    [
        "Robert'); DROP TABLE task;--",
        "100% done_ok \\ %_",
        "<script>alert('x')</script>",
        "' OR '1'='1",
        "<!channel> & <@U123>",
        "emoji 🥛 and ünïcödé",
    ],
)
async def test_injection_strings_are_stored_literally(
    chat: ChatDriver, agent: ScriptedAgent, title: str
) -> None:
    agent.queue(("add_task", {"title": title}))
    await chat.push("add it")
    assert await chat.titles() == [title]
    assert title in await chat.say("list")


async def test_like_wildcards_in_a_reference_are_literal(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    assert await chat.say("done %") == "No task found matching '%'."
    assert await chat.say("done _") == "No task found matching '_'."


async def test_list_filters(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    await chat.say("add call mom")
    await chat.say("done 2")
    assert await chat.say("/list") == "You have 1 pending task:\n1. buy milk"
    assert await chat.say("/list completed") == "You have completed 1 task:\n2. call mom"
    assert await chat.say("/list all") == "You have 2 tasks:\n1. buy milk\n2. ✓ call mom"
    assert await chat.say("/list sideways") == "Use /list, /list completed or /list all."


async def test_deleted_numbers_are_not_reused(chat: ChatDriver) -> None:
    await chat.say("add one")
    await chat.say("add two")
    await chat.push("delete 2")
    await chat.press("confirm")
    assert await chat.say("add three") == "Added #3 “three”."


async def test_numbers_taken_in_one_transaction_keep_the_loaded_person_in_step(
    database: Database,
) -> None:
    """Taking a number updates the person's row in the database and, when the turn has the
    person loaded, that object too: a link merge later in the turn numbers from it."""
    async with database.session() as session, session.begin():
        person = User()
        session.add(person)
        await session.flush()
        session.add(personal_list(person.id))
        first = await task_service.create_task(session, user_id=person.id, title="one")
        second = await task_service.create_task(session, user_id=person.id, title="two")
        assert (first.number, second.number) == (1, 2)
        assert person.next_task_number == 3
    async with database.session() as session:
        stored = await session.get(User, person.id)
        assert stored is not None and stored.next_task_number == 3
