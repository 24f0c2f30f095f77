"""A long list is a page on every surface, says how many there are in all, and stores a
capped page: the console and the builtin engine, the chat API and MCP."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid4

import pytest
from mcp import Client
from sqlalchemy import insert, update
from sqlmodel import col, select

from adapters.mcp.server import OPEN_TASKS_URI, build_server
from core.agent.builtin import BuiltinAgent
from core.clock import PinnedClock
from core.domain.cursors import encode_cursor
from core.domain.task_pages import LIST_PAGE
from core.remote import Account, RemoteTools
from core.storage.db import Database
from core.storage.models import Message, Task, ToolCall, User
from core.types import Action, Press
from tests.api_rig import ApiRig, api_rig
from tests.harness import ChatDriver, build_chat
from tests.mcp_rig import envelope
from tests.test_task_buttons import listed, pressing

OPEN, DONE = 3_000, 2_000
STORED_MAX = 6_000  # bytes: "a few kilobytes", whatever the list holds
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def chat(database: Database) -> ChatDriver:
    return ChatDriver(build_chat(database, BuiltinAgent(), rate_limit_per_minute=0), database)


async def fill(database: Database, user_id: UUID, *, first: int = 1) -> None:
    """`OPEN` open errands from #`first`, then `DONE` completed ones, written in one go."""
    rows: list[dict[str, Any]] = []
    for index in range(OPEN + DONE):
        done = index >= OPEN
        rows.append(
            {"id": uuid4(), "user_id": user_id, "list_id": user_id, "number": first + index,
             "title": f"{'old ' if done else ''}errand {first + index}", "description": "",
             "due_at": None, "due_has_time": False, "priority": "low", "tags": [],
             "completed": done, "completed_at": NOW if done else None,
             "created_at": NOW, "updated_at": NOW}
        )  # fmt: skip
    async with database.session() as session, session.begin():
        connection = await session.connection()
        await connection.execute(insert(Task), rows)
        await connection.execute(
            update(User).where(col(User.id) == user_id).values(next_task_number=len(rows) + first)
        )


async def stored(database: Database, user_id: UUID) -> tuple[list[int], list[tuple[str, int]]]:
    """The size of each stored message (content and tool calls) and of each audit row."""
    async with database.session() as session:
        messages = await session.exec(
            select(Message).where(col(Message.user_id) == user_id).order_by(col(Message.created_at))
        )
        calls = await session.exec(select(ToolCall).where(col(ToolCall.user_id) == user_id))
        return (
            [len(m.content.encode()) + len(json.dumps(m.tool_calls)) for m in messages.all()],
            [(c.tool, len(json.dumps(c.input)) + len(json.dumps(c.result))) for c in calls.all()],
        )


async def test_what_is_left_with_thousands_is_one_page_and_stores_a_capped_page(
    chat: ChatDriver, database: Database
) -> None:
    await chat.say("hi")
    user_id = await chat.user_id()
    await fill(database, user_id)
    reply = await chat.say("what's left?")
    lines = reply.splitlines()
    assert lines[0] == f"You have {OPEN:,} pending tasks:"
    assert lines[1].startswith("1. errand 1") and lines[20].startswith("20. errand 20")
    assert lines[-1] == f"Showing 1–20 of {OPEN:,}." and len(lines) == 22
    messages, audit = await stored(database, user_id)
    assert max(messages) < STORED_MAX and [size for _, size in audit if size >= STORED_MAX] == []
    assert ("list_tasks", audit[-1][1]) == audit[-1]
    # the page's tasks are still there for the next turn: "the second one" is #2
    assert (await chat.say("complete the second one")).startswith("Marked #2 “errand 2” as done")


async def test_the_list_command_is_one_message_a_page_long(chat: ChatDriver) -> None:
    await chat.say("hi")
    await fill(chat.database, await chat.user_id())
    reply = await chat.push("/list")
    assert reply is not None and reply.buttons == []  # a place without buttons (a group)
    assert len(reply.text.splitlines()) == 22
    assert reply.text.endswith(f"Showing 1–20 of {OPEN:,}.")


async def test_completing_by_a_mistyped_name_reads_no_audited_listing(
    chat: ChatDriver, database: Database
) -> None:
    await chat.say("hi")
    user_id = await chat.user_id()
    await fill(database, user_id, first=2)
    await chat.say("add pay the plumber")  # #5002
    number = OPEN + DONE + 2
    asked = await chat.say("complete pay the plumbr")  # a typo: asked, never acted on
    assert asked.startswith(f"Did you mean #{number} “pay the plumber”?")
    assert chat.last is not None
    [choice] = [b for b in chat.last.buttons if b.action is not Action.CANCEL]
    pressed = await chat.service.press(
        Press(platform=chat.platform, user_ref=chat.user, token=choice.token, action=choice.action)
    )
    assert pressed is not None
    assert pressed.text.startswith(f"Marked #{number} “pay the plumber” as done")
    _, audit = await stored(database, user_id)
    assert "list_tasks" not in [tool for tool, _ in audit]
    assert max(size for _, size in audit) < STORED_MAX


@pytest.fixture
async def api(database_url: str) -> AsyncIterator[ApiRig]:
    async with api_rig(database_url, agent=BuiltinAgent(), rate_limit_per_minute=0) as rig:
        yield rig


async def test_the_api_answers_a_page_with_a_cursor_and_the_total(api: ApiRig) -> None:
    await api.content("user-789", "hi")
    async with api.database.session() as session:
        [user_id] = (await session.exec(select(User.id))).all()
    await fill(api.database, user_id)
    response = await api.say("user-789", "what's left?")
    assert response.status_code == 200 and len(response.content) < 20_000
    body = response.json()
    assert body["content"].endswith(f"Showing 1–20 of {OPEN:,}.")
    [call] = body["tool_calls"]
    data = call["result"]["data"]
    assert (data["count"], data["total"], data["pending_count"]) == (20, OPEN, OPEN)
    assert data["completed_count"] == DONE and data["next_cursor"]


def connect(database: Database) -> Client:
    remote = RemoteTools(database, rate_limit_per_minute=0, clock=PinnedClock(NOW, frozen=True))
    return Client(build_server(remote, lambda: Account("mcp", "mcp-user")))


async def test_mcp_list_tasks_is_a_page_with_a_next_cursor(database: Database) -> None:
    async with connect(database) as client:
        envelope(await client.call_tool("add_task", {"title": "first"}))
        async with database.session() as session:
            [user_id] = (await session.exec(select(User.id))).all()
        await fill(database, user_id, first=2)
        first = await client.call_tool("list_tasks", {"status": "pending"})
        page = envelope(first)
        following = envelope(
            await client.call_tool(
                "list_tasks", {"status": "pending", "cursor": page["data"]["next_cursor"]}
            )
        )
        past = envelope(await client.call_tool("list_tasks", {"cursor": encode_cursor(OPEN * 3)}))
        resource = await client.read_resource(OPEN_TASKS_URI)
    assert past["message"] == f"That is past the end of the listing: it holds {OPEN + DONE + 1:,}."
    assert past["data"]["tasks"] == [] and past["data"]["next_cursor"] is None
    listed = json.loads(resource.contents[0].text)  # type: ignore[union-attr]
    assert (listed["count"], listed["total"]) == (100, OPEN + 1)
    assert [t["number"] for t in listed["tasks"]] == list(range(1, 101))
    assert len(json.dumps(page)) < 20_000
    assert [t["number"] for t in page["data"]["tasks"]] == list(range(1, 21))
    assert (page["data"]["total"], page["data"]["start"]) == (OPEN + 1, 0)
    assert page["message"].endswith(f"Showing 1–20 of {OPEN + 1:,}.")
    assert [t["number"] for t in following["data"]["tasks"]] == list(range(21, 41))
    assert following["message"].endswith(f"Showing 21–40 of {OPEN + 1:,}.")
    _, audit = await stored(database, user_id)
    assert max(size for _, size in audit) < STORED_MAX


async def test_a_narrowed_listing_pages_with_more_too(chat: ChatDriver) -> None:
    for n in range(1, LIST_PAGE + 4):
        await chat.say(f"add report {n} #work !high")
    await chat.say("add walk the dog #home")
    reply = await listed(chat, "show my #work tasks")
    assert reply.text.endswith(f"Showing 1–{LIST_PAGE} of {LIST_PAGE + 3}.")
    assert [b.label for b in reply.buttons][-1] == "More ›"
    assert all(len(b.payload.encode()) <= 64 for b in reply.buttons)
    more = await chat.service.press(pressing(chat, reply, "More ›"))
    assert more is not None
    assert more.text.startswith(f"You have {LIST_PAGE + 3} #work pending tasks:\n21. report 21")
    assert more.text.endswith(f"Showing 21–23 of {LIST_PAGE + 3}.")
    assert [b.label for b in more.buttons] == ["✓ 21", "✓ 22", "✓ 23", "‹ First"]
    first = await chat.service.press(pressing(chat, more, "‹ First"))
    assert first is not None and first.text == reply.text
    # a listing no button can name keeps its Done buttons and the count, without More
    tag = "задача" * 5  # 30 letters in 60 bytes: with the listing's name, past Telegram's 64
    for n in range(1, LIST_PAGE + 2):
        await chat.say(f"add errand {n} #{tag}")
    long = await listed(chat, f"show my #{tag} tasks")
    assert long.text.endswith(f"Showing 1–{LIST_PAGE} of {LIST_PAGE + 1}.")
    assert Action.MORE not in [b.action for b in long.buttons] and len(long.buttons) == LIST_PAGE


async def test_the_reminders_listing_pages_with_more_soonest_first(chat: ChatDriver) -> None:
    for n in range(1, LIST_PAGE + 4):
        await chat.say(f"remind me to call client {n} in {n} hours")
    reply = await listed(chat, "what reminders do I have?")
    shown = [line.split("call client ")[1] for line in reply.text.splitlines() if "client" in line]
    assert shown == [str(n) for n in range(1, LIST_PAGE + 1)]
    assert reply.text.endswith(f"Showing 1–{LIST_PAGE} of {LIST_PAGE + 3}.")
    assert [b.label for b in reply.buttons][-1] == "More ›"
    more = await chat.service.press(pressing(chat, reply, "More ›"))
    assert more is not None
    shown = [line for line in more.text.splitlines() if "call client" in line]
    assert [line.split("call client ")[1] for line in shown] == ["21", "22", "23"]
    assert more.text.endswith(f"Showing 21–23 of {LIST_PAGE + 3}.")
    assert [b.label for b in more.buttons][-1] == "‹ First"
