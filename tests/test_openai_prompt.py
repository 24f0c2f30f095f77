"""What the system prompt the model receives tells it (read from the request the fake OpenAI
server got): every tool family, several requests done with several calls, deletes waiting for
the button, and asking back only when a message is genuinely ambiguous."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from core.agent.openai_backend import OpenAIAgent
from core.agent.prompt import IN_PRIVATE, SYSTEM_PROMPT
from core.chat import ChatService
from core.chat.policy import ChatPolicy
from core.clock import PinnedClock
from core.storage.db import Database
from tests.fakes.openai_server import FakeOpenAI, text, tool_call, tool_calls
from tests.harness import ChatDriver

MONDAY = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> PinnedClock:
    return PinnedClock(MONDAY, frozen=True)


@pytest.fixture
async def chat(
    database: Database, fake: FakeOpenAI, clock: PinnedClock
) -> AsyncIterator[ChatDriver]:
    agent = OpenAIAgent(api_key="test", model="fake", base_url=fake.base_url, max_retries=0)
    service = ChatService(db=database, agent=agent, policy=ChatPolicy(), clock=clock)
    yield ChatDriver(service, database)
    await agent.aclose()


def system_sent(fake: FakeOpenAI, index: int = -1) -> str:
    system = fake.messages(index)[0]
    assert system["role"] == "system"
    return system["content"]


@pytest.fixture
async def prompt(chat: ChatDriver, fake: FakeOpenAI) -> str:
    """The system prompt of a turn's request, as the model received it."""
    fake.push(text("Hi."))
    await chat.say("hello")
    return system_sent(fake)


async def test_the_prompt_names_every_tool_and_family(prompt: str, fake: FakeOpenAI) -> None:
    for tool in fake.requests[-1]["tools"]:
        assert tool["function"]["name"] in prompt
    static = prompt[: prompt.index("\nNOW\n")].lower()  # not the NOW line's "time zone"
    for family in ("reminder", "repeat", "time zone", "trash", "undo", "priority", "tags"):
        assert family in static, family
    assert "Monday 2 March 2026, 08:00 in the person's time zone, UTC" in prompt


# Words in a parameter's name that say how it changes a field, not which field it is.
_HOW = {"new", "add", "remove", "clear", "cancel", "stop", "at", "before", "minutes", "has"}
_AS_SAID = {"repeating": "repeat", "tags": "tag"}


def fields_of(tool: dict) -> set[str]:
    """The fields a tool sets or filters by, from its parameters' names ("remind_at" ->
    "remind", "stop_repeating" -> "repeat", "add_tags" -> "tag")."""
    fields = set()
    for name in tool["function"]["parameters"].get("properties", {}):
        words = [_AS_SAID.get(word, word) for word in name.split("_") if word not in _HOW]
        fields.update(words)
    return fields - {"task", "identifier", "id", "limit", "cursor", "sort", "by", "from", "to"}


async def test_the_prompt_names_every_field_the_tools_take(prompt: str, fake: FakeOpenAI) -> None:
    """Derived from the tools as the model receives them: a field a tool gains (a reminder's
    offset, a repeat rule) must be described to the model too."""
    static = prompt[: prompt.index("\nNOW\n")].lower()
    fields = set().union(*(fields_of(tool) for tool in fake.requests[-1]["tools"]))
    assert {"due", "priority", "tag", "remind", "repeat", "status"} <= fields
    for field in sorted(fields):
        assert field in static, field


async def test_the_prompt_lets_one_message_hold_several_requests(prompt: str) -> None:
    assert "one operation per request" not in prompt and "One task per tool call" not in prompt
    assert "finished 1 and 3" in prompt and "one tool call for each" in prompt
    assert "one failing does not undo the others" in prompt and "report every result" in prompt


async def test_the_prompt_keeps_deletes_behind_the_button_and_asks_only_when_ambiguous(
    prompt: str,
) -> None:
    assert "Confirm button deletes" in prompt and "never say something was deleted" in prompt
    asking = prompt[prompt.index("WHEN TO ASK") :]
    for case in ("several tasks match", "no task matches", "a needed detail is missing"):
        assert case in asking, case
    assert "Act on what is clear" in asking


async def test_an_ambiguous_reference_reaches_the_model_with_its_candidates(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    """Two tasks match: the tool changes nothing and hands the model both, so it can ask."""
    fake.push(
        tool_calls(("add_task", {"title": "buy milk"}), ("add_task", {"title": "buy oat milk"})),
        text("Added both."),
    )
    await chat.say("add buy milk and buy oat milk")
    fake.push(
        tool_call("complete_task", {"task_identifier": "milk"}),
        text("Which one: #1 buy milk or #2 buy oat milk?"),
    )
    assert await chat.say("done milk") == "Which one: #1 buy milk or #2 buy oat milk?"
    assert [t.completed for t in await chat.tasks()] == [False, False]
    [result] = [json.loads(m["content"]) for m in fake.messages() if m["role"] == "tool"][-1:]
    assert result["error"] == "AMBIGUOUS"
    assert [c["number"] for c in result["data"]["candidates"]] == [1, 2]


async def test_only_the_end_of_the_prompt_changes_between_turns(
    chat: ChatDriver, fake: FakeOpenAI, clock: PinnedClock
) -> None:
    """The static part comes first, so a server caching a prompt's prefix reuses it."""
    fake.push(text("Hi."))
    await chat.say("hello")
    clock.advance(timedelta(hours=5))
    fake.push(text("Hi again."))
    await chat.as_user("bob").say("hello", timezone="Asia/Tokyo")
    first, second = system_sent(fake, 0), system_sent(fake, 1)
    assert first != second
    assert first.startswith(SYSTEM_PROMPT) and second.startswith(SYSTEM_PROMPT)
    assert first.index("\nNOW\n") == len(SYSTEM_PROMPT)


async def test_the_prompt_says_whether_the_person_writes_privately_or_in_a_team_place(
    chat: ChatDriver, fake: FakeOpenAI
) -> None:
    fake.push(text("Hi."))
    await chat.say("hello")
    fake.push(text("Hi."))
    in_channel = chat.as_user("bob", platform="slack", chat_ref="C0ENG")
    await in_channel.say("put the release notes on the list", is_group=True)
    fake.push(text("Hi."))
    in_group = chat.as_user("carol", platform="telegram", chat_ref="-100555")
    await in_group.say("hello", is_group=True)
    private, channel, group = (system_sent(fake, index) for index in range(3))
    assert private.endswith(IN_PRIVATE + "\n")
    assert "\nWHERE\nThe person is writing in a shared Slack channel" in channel
    assert "never put it on their own list" in channel and "/todo team" in channel
    assert "shared Telegram group" in group and "use /team," in group
    assert all(p.startswith(SYSTEM_PROMPT) for p in (private, channel, group))


def test_the_manual_gives_the_prompts_size() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "agent.md").read_text()
    claimed = re.search(
        r"The prompt is <!-- count:prompt-characters -->([\d,]+)<!-- /count -->", page
    )
    assert claimed is not None and int(claimed.group(1).replace(",", "")) == len(SYSTEM_PROMPT)
