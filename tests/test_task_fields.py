"""Due dates, priorities and tags through the tools, with the clock pinned and a zone set."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

from core.chat import ChatService
from core.chat.policy import ChatPolicy
from core.clock import PinnedClock
from core.storage.db import Database
from core.storage.models import User
from tests.harness import ChatDriver, ScriptedAgent

# Monday 2 March 2026, 09:00 in Berlin (08:00 UTC).
NOW = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> PinnedClock:
    return PinnedClock(NOW, frozen=True)


@pytest.fixture
def chat(database: Database, agent: ScriptedAgent, clock: PinnedClock) -> ChatDriver:
    service = ChatService(db=database, agent=agent, policy=ChatPolicy(), clock=clock)
    return ChatDriver(service, database)


async def call(chat: ChatDriver, agent: ScriptedAgent, tool: str, **arguments: object) -> dict:
    agent.queue((tool, arguments))
    reply = await chat.push("go", timezone="Europe/Berlin")
    assert reply is not None
    return reply.tool_calls[-1]["result"]


async def test_add_with_due_priority_and_tags(chat: ChatDriver, agent: ScriptedAgent) -> None:
    result = await call(
        chat, agent, "add_task", title="call mom", due="2026-03-03T15:00", priority="high",
        tags=["#Family", "phone"],
    )  # fmt: skip
    assert result["ok"], result
    task = result["data"]["task"]
    assert task["due"] == "2026-03-03T15:00+01:00" and task["due_has_time"] is True
    assert task["due_at"] == "2026-03-03T14:00:00Z"
    assert (task["priority"], task["tags"]) == ("high", ["family", "phone"])
    assert "tomorrow (Tue 3 Mar) at 15:00" in result["message"]
    assert "high priority" in result["message"] and "#family" in result["message"]
    [stored] = await chat.tasks()
    assert stored.due_at == datetime(2026, 3, 3, 14, 0, tzinfo=UTC) and stored.due_has_time


async def test_a_day_only_due_is_a_date(chat: ChatDriver, agent: ScriptedAgent) -> None:
    result = await call(chat, agent, "add_task", title="pay rent", due="2026-03-06")
    assert result["data"]["task"]["due"] == "2026-03-06"
    assert result["data"]["task"]["due_has_time"] is False
    assert result["data"]["task"]["priority"] == "low"  # the default priority


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"due": "2026-03-01"}, "past"),
        ({"due": "2026-03-02T08:30"}, "past"),  # earlier today
        ({"due": "tomorrow"}, "YYYY-MM-DD"),
        ({"due": "2026-02-30"}, "not a real date"),
        ({"priority": "urgent"}, "low, medium or high"),
        ({"tags": ["a", "b", "c", "d", "e", "f"]}, "at most 5"),
        ({"tags": ["x" * 31]}, "limit is 30"),
        ({"tags": ["two words"]}, "without spaces"),
    ],
)
async def test_refusals_change_nothing(
    chat: ChatDriver, agent: ScriptedAgent, arguments: dict, words: str
) -> None:
    result = await call(chat, agent, "add_task", title="x", **arguments)
    assert not result["ok"] and result["error"] == "VALIDATION_ERROR"
    assert words in result["message"]
    assert await chat.tasks() == []


async def test_past_due_suggests_a_way_out(chat: ChatDriver, agent: ScriptedAgent) -> None:
    result = await call(chat, agent, "add_task", title="x", due="2026-03-01")
    assert "2026-03-02" in result["suggestion"]
    today = await call(chat, agent, "add_task", title="y", due="2026-03-02")
    assert today["ok"]  # today is allowed, all day


async def test_update_moves_clears_and_retags(chat: ChatDriver, agent: ScriptedAgent) -> None:
    await call(chat, agent, "add_task", title="dentist", due="2026-03-04T10:00", tags=["health"])
    moved = await call(chat, agent, "update_task", task_identifier="1", due="2026-03-06")
    assert moved["data"]["task"]["due"] == "2026-03-06"
    assert "moved #1 to Fri 6 Mar" in moved["message"]
    tagged = await call(
        chat, agent, "update_task", task_identifier="1", add_tags=["errands"], priority="medium"
    )
    assert tagged["data"]["task"]["tags"] == ["health", "errands"]
    assert tagged["data"]["task"]["priority"] == "medium"
    cleared = await call(
        chat, agent, "update_task", task_identifier="1", clear_due=True, remove_tags=["health"]
    )
    assert cleared["data"]["task"]["due"] is None
    assert cleared["data"]["task"]["tags"] == ["errands"]
    assert "removed the due date of #1" in cleared["message"]
    replaced = await call(chat, agent, "update_task", task_identifier="1", tags=[])
    assert replaced["data"]["task"]["tags"] == []
    sixth = await call(
        chat, agent, "update_task", task_identifier="1", add_tags=["a", "b", "c", "d", "e", "f"]
    )
    assert not sixth["ok"] and "at most 5" in sixth["message"]


async def test_list_filters_sorts_and_counts(
    chat: ChatDriver, agent: ScriptedAgent, clock: PinnedClock
) -> None:
    await call(chat, agent, "add_task", title="water plants", due="2026-03-02")
    await call(chat, agent, "add_task", title="file taxes", due="2026-03-20", priority="high")
    await call(chat, agent, "add_task", title="library books", due="2026-03-03T18:00")
    await call(chat, agent, "add_task", title="someday", tags=["ideas"])
    clock.advance(timedelta(days=1, hours=12))  # Tuesday 20:00 in Berlin
    overdue = await call(chat, agent, "list_tasks", due="overdue")
    assert [t["title"] for t in overdue["data"]["tasks"]] == ["water plants", "library books"]
    assert overdue["data"]["pending_count"] == 4
    assert "overdue by 1 day" in overdue["message"]
    by_due = await call(chat, agent, "list_tasks", status="pending", sort_by="due")
    titles = [t["title"] for t in by_due["data"]["tasks"]]
    assert titles == ["water plants", "library books", "file taxes", "someday"]
    by_priority = await call(chat, agent, "list_tasks", sort_by="priority")
    assert by_priority["data"]["tasks"][0]["title"] == "file taxes"
    tagged = await call(chat, agent, "list_tasks", tag="#IDEAS")
    assert [t["title"] for t in tagged["data"]["tasks"]] == ["someday"]
    week = await call(chat, agent, "list_tasks", due_from="2026-03-16", due_to="2026-03-22")
    assert [t["title"] for t in week["data"]["tasks"]] == ["file taxes"]
    nothing = await call(chat, agent, "list_tasks", due="tomorrow")
    assert nothing["data"]["count"] == 0 and "no tasks due tomorrow" in nothing["message"]
    wrong = await call(chat, agent, "list_tasks", due="soon")
    assert not wrong["ok"]


async def test_the_zone_is_kept_and_an_assumed_one_is_said(
    chat: ChatDriver, agent: ScriptedAgent, database: Database
) -> None:
    agent.queue(("add_task", {"title": "call", "due": "2026-03-03T15:00"}))
    reply = await chat.push("go")  # nobody told us a zone yet
    assert reply is not None and "Times are in UTC" in reply.text
    assert reply.tool_calls[0]["result"]["data"]["task"]["due_at"] == "2026-03-03T15:00:00Z"
    await call(chat, agent, "list_tasks")
    async with database.session() as session:
        [user] = (await session.exec(select(User))).all()
    assert user.timezone == "Europe/Berlin"
    agent.queue(("add_task", {"title": "call", "due": "2026-03-03T15:00"}))
    reply = await chat.push("go")  # the kept zone, no note
    assert reply is not None and "Times are in" not in reply.text
    assert reply.tool_calls[0]["result"]["data"]["task"]["due_at"] == "2026-03-03T14:00:00Z"
    unknown = await chat.push("list", timezone="Mars/Olympus")
    assert unknown is not None
    async with database.session() as session:
        [user] = (await session.exec(select(User))).all()
    assert user.timezone == "Europe/Berlin"


async def test_the_export_carries_the_zone_and_the_fields(
    chat: ChatDriver, agent: ScriptedAgent, database: Database
) -> None:
    from core.commands.export import export_user

    await call(chat, agent, "add_task", title="call", due="2026-03-03T15:00", tags=["home"])
    async with database.session() as session:
        document = await export_user(session, user_id=await chat.user_id())
    assert document["user"]["tz"] == "Europe/Berlin"
    [task] = document["tasks"]
    assert (task["due"], task["due_has_time"], task["priority"], task["tags"]) == (
        "2026-03-03T15:00+01:00", True, "low", ["home"],
    )  # fmt: skip
