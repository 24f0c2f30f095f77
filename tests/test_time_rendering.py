"""Due dates on every surface: Slack's date tokens (each reader's own zone), App Home's
order and marks, and the plain text the console and Telegram show in the person's zone."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from adapters.slack import home, render
from adapters.slack.translate import HomeState
from core.chat import ChatService, queries_for
from core.chat.policy import ChatPolicy
from core.clock import PinnedClock
from core.storage.db import Database
from core.types import DateMention, Reply
from tests.harness import ChatDriver, ScriptedAgent

NOW = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)  # Monday 09:00 in Berlin


@pytest.fixture
def chat(database: Database, agent: ScriptedAgent, clock: PinnedClock) -> ChatDriver:
    service = ChatService(db=database, agent=agent, policy=ChatPolicy(), clock=clock)
    return ChatDriver(service, database, platform="slack", user="U0ALICE")


@pytest.fixture
def clock() -> PinnedClock:
    return PinnedClock(NOW, frozen=True)


async def call(chat: ChatDriver, agent: ScriptedAgent, tool: str, **arguments: object) -> Reply:
    agent.queue((tool, arguments))
    reply = await chat.push("go", timezone="Europe/Berlin")
    assert reply is not None
    return reply


def test_date_tokens() -> None:
    timed = DateMention("tomorrow 15:00", datetime(2026, 3, 3, 14, 0, tzinfo=UTC), True)
    day = DateMention("Fri 6 Mar", datetime(2026, 3, 6, tzinfo=UTC), False)
    assert render.date_token(timed) == (
        "<!date^1772546400^{date_short_pretty} {time}|tomorrow 15:00>"
    )
    assert render.date_token(day) == "<!date^1772798400^{date_short_pretty}|Fri 6 Mar>"
    text = "1. call (due tomorrow 15:00)\n2. tomorrow 15:00 party (due Fri 6 Mar)"
    tokened = render.with_date_tokens(text, [timed, day])
    assert tokened.count("<!date^") == 2
    assert "2. tomorrow 15:00 party" in tokened  # a title is left alone


async def test_a_slack_reply_localises_its_dates(chat: ChatDriver, agent: ScriptedAgent) -> None:
    added = await call(chat, agent, "add_task", title="call mom", due="2026-03-03T15:00")
    assert added.text.startswith("Added #1 “call mom”, due tomorrow (Tue 3 Mar) at 15:00")
    shown = render.message(added)
    epoch = int(datetime(2026, 3, 3, 14, 0, tzinfo=UTC).timestamp())
    token = f"<!date^{epoch}^{{date_short_pretty}} {{time}}|tomorrow (Tue 3 Mar) at 15:00>"
    assert token in shown["blocks"][0]["text"]["text"]
    assert "<!date" not in shown["text"]  # the notification stays plain
    listed = await call(chat, agent, "list_tasks")
    assert "1. call mom (due tomorrow 15:00)" in listed.text
    assert f"<!date^{epoch}^" in render.message(listed)["blocks"][0]["text"]["text"]


async def test_app_home_shows_overdue_and_today_first(
    chat: ChatDriver, agent: ScriptedAgent, clock: PinnedClock
) -> None:
    await call(chat, agent, "add_task", title="no date")
    await call(chat, agent, "add_task", title="later", due="2026-03-20", priority="high")
    await call(chat, agent, "add_task", title="today", due="2026-03-02T18:00", tags=["home"])
    await call(chat, agent, "add_task", title="soon", due="2026-03-03")
    clock.advance(timedelta(days=1, hours=10))  # Tuesday 19:00 in Berlin
    board = await queries_for(chat.service).board(platform="slack", tenant="", user_ref="U0ALICE")
    assert [task.title for task in board.open] == ["today", "soon", "later", "no date"]
    assert [task.group for task in board.open] == ["overdue", "today", "later", "later"]
    assert board.open[0].details == "overdue by 1 day, #home"
    assert "overdue by 1 day" in json.dumps(home.home_view(board, HomeState()), ensure_ascii=False)


def test_the_openapi_document_describes_the_task_fields() -> None:
    from adapters.http.schemas import ChatResponse

    schema = ChatResponse.model_json_schema()
    described = schema["$defs"]["ToolCallOut"]["properties"]["result"]["description"]
    for field in ("due", "due_at", "due_has_time", "priority", "tags", "pending_count"):
        assert f"`{field}`" in described
