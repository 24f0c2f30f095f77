"""The trash is a page like every listing: it says how many it holds, More shows the next
page in chat (with no Done button on a deleted task), and the tools follow a cursor."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID, uuid4

import pytest
from sqlalchemy import insert, update
from sqlmodel import col, select

from core.agent.builtin import BuiltinAgent
from core.storage.db import Database
from core.storage.models import Task, User
from tests.harness import ChatDriver, build_chat
from tests.mcp_rig import envelope
from tests.test_listing_pages import connect
from tests.test_task_buttons import pressing

DELETED = 45
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def chat(database: Database) -> ChatDriver:
    return ChatDriver(build_chat(database, BuiltinAgent(), rate_limit_per_minute=0), database)


async def fill_trash(database: Database, user_id: UUID) -> None:
    """`DELETED` deleted errands, #1 deleted first, and one open task after them."""
    rows: list[dict[str, Any]] = []
    for number in range(1, DELETED + 2):
        gone = number <= DELETED
        rows.append(
            {"id": uuid4(), "user_id": user_id, "list_id": user_id, "number": number,
             "title": f"{'gone ' if gone else ''}errand {number}", "description": "",
             "due_at": None, "due_has_time": False, "priority": "low", "tags": [],
             "completed": False, "completed_at": None, "created_at": NOW, "updated_at": NOW,
             "deleted_at": NOW + timedelta(minutes=number) if gone else None}
        )  # fmt: skip
    async with database.session() as session, session.begin():
        connection = await session.connection()
        await connection.execute(insert(Task), rows)
        await connection.execute(
            update(User).where(col(User.id) == user_id).values(next_task_number=DELETED + 2)
        )


async def test_the_trash_is_a_page_and_more_shows_the_next(chat: ChatDriver) -> None:
    await chat.say("hi")
    await fill_trash(chat.database, await chat.user_id())
    reply = await chat.push("show my deleted tasks", list_controls=True)
    assert reply is not None
    lines = reply.text.splitlines()
    assert lines[0].startswith(f"In your trash ({DELETED} tasks;")
    assert lines[1] == "1. gone errand 1" and lines[20] == "20. gone errand 20"
    assert lines[-1] == f"Showing 1–20 of {DELETED}." and len(lines) == 22
    assert [b.label for b in reply.buttons] == ["More ›"]  # no Done on a deleted task
    assert all(len(b.payload.encode()) <= 64 for b in reply.buttons)
    more = await chat.service.press(pressing(chat, reply, "More ›"))
    assert more is not None and [b.label for b in more.buttons] == ["More ›"]
    assert more.text.splitlines()[1:3] == ["21. gone errand 21", "22. gone errand 22"]
    assert more.text.endswith(f"Showing 21–40 of {DELETED}.")
    last = await chat.service.press(pressing(chat, more, "More ›"))
    assert last is not None and [b.label for b in last.buttons] == ["‹ First"]
    assert last.text.endswith(f"Showing 41–45 of {DELETED}.")
    first = await chat.service.press(pressing(chat, last, "‹ First"))
    assert first is not None and first.text == reply.text
    # a lookup still reads the whole trash: the last one deleted is #45, on no page shown
    assert "Restored #45 “gone errand 45”" in await chat.say("restore the last one I deleted")
    assert len(await chat.tasks(in_trash=True)) == DELETED - 1


async def test_mcp_lists_the_trash_a_page_at_a_time(database: Database) -> None:
    async with connect(database) as client:
        envelope(await client.call_tool("list_tasks", {}))
        async with database.session() as session:
            [user_id] = (await session.exec(select(User.id))).all()
        await fill_trash(database, user_id)
        page = envelope(await client.call_tool("list_tasks", {"status": "deleted"}))
        following = envelope(
            await client.call_tool(
                "list_tasks", {"status": "deleted", "cursor": page["data"]["next_cursor"]}
            )
        )
        small = envelope(await client.call_tool("list_tasks", {"status": "deleted", "limit": 5}))
    data = page["data"]
    assert (data["count"], data["total"], data["start"]) == (20, DELETED, 0)
    assert [t["number"] for t in data["tasks"]] == list(range(1, 21))
    assert data["tasks"][0]["deleted_at"]
    assert page["message"].endswith(f"Showing 1–20 of {DELETED}.")
    assert [t["number"] for t in following["data"]["tasks"]] == list(range(21, 41))
    assert following["data"]["start"] == 20 and following["data"]["next_cursor"]
    assert following["message"].endswith(f"Showing 21–40 of {DELETED}.")
    assert [t["number"] for t in small["data"]["tasks"]] == [1, 2, 3, 4, 5]
