"""The openai backend knows the person's local date, time and zone, and its tool schemas
carry due dates, priorities and tags."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from core.agent.openai_backend import OpenAIAgent
from core.chat import ChatService
from core.chat.policy import ChatPolicy
from core.clock import PinnedClock
from core.storage.db import Database
from tests.fakes.openai_server import FakeOpenAI, text, tool_call
from tests.harness import ChatDriver


@pytest.fixture
async def chat(database: Database, fake: FakeOpenAI) -> AsyncIterator[ChatDriver]:
    agent = OpenAIAgent(api_key="test", model="fake", base_url=fake.base_url, max_retries=0)
    clock = PinnedClock(datetime(2026, 3, 2, 8, 0, tzinfo=UTC), frozen=True)
    service = ChatService(db=database, agent=agent, policy=ChatPolicy(), clock=clock)
    yield ChatDriver(service, database, platform="telegram")
    await agent.aclose()


async def test_the_prompt_has_the_local_time_and_the_model_sets_a_due(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    fake.push(
        tool_call("add_task", {"title": "call mom", "due": "2026-03-03T15:00", "priority": "high",
                               "tags": ["family"]}),
        text("Added."),
    )  # fmt: skip
    await chat.say("add call mom tomorrow at 3pm, urgent #family", timezone="Europe/Berlin")
    system = fake.messages()[0]
    assert system["role"] == "system"
    assert (
        "Monday 2 March 2026, 09:00" in system["content"] and "Europe/Berlin" in system["content"]
    )
    tools = {tool["function"]["name"]: tool["function"] for tool in fake.requests[-1]["tools"]}
    assert {"due", "priority", "tags"} <= set(tools["add_task"]["parameters"]["properties"])
    assert {"due", "sort_by", "tag", "priority"} <= set(
        tools["list_tasks"]["parameters"]["properties"]
    )
    assert {"clear_due", "add_tags", "remove_tags"} <= set(
        tools["update_task"]["parameters"]["properties"]
    )
    [task] = await chat.tasks()
    assert task.due_at == datetime(2026, 3, 3, 14, 0, tzinfo=UTC) and task.priority == "high"
    assert task.tags == ["family"]


async def test_an_assumed_zone_is_said_in_the_prompt(chat: ChatDriver, fake: FakeOpenAI) -> None:
    fake.push(text("Hi."))
    await chat.say("hello")
    system = fake.messages()[0]["content"]
    assert "in the person's time zone, UTC" in system and "assumed" in system
