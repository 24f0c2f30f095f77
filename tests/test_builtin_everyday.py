"""The builtin engine's honest answers, through the real ChatService: one help text, other
languages, duplicate adds, questions about when things were added, misspelt words."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import col, select

from core.agent.builtin import BuiltinAgent
from core.agent.builtin.language import not_english
from core.agent.builtin.typos import corrected
from core.conversation.help import HELP_TEXT
from core.storage.db import Database
from core.storage.models import Task, utcnow
from core.types import COMMAND_WORDS
from tests.harness import ChatDriver, build_chat


@pytest.fixture
def chat(database: Database) -> ChatDriver:
    return ChatDriver(build_chat(database, BuiltinAgent(), rate_limit_per_minute=0), database)


async def test_help_is_one_text_listing_every_command(chat: ChatDriver) -> None:
    answers = {await chat.say(text) for text in ("help", "/help", "what can you do?", "?")}
    assert answers == {HELP_TEXT}
    for word in COMMAND_WORDS - {"start", "complete"}:
        assert f"/{word}" in HELP_TEXT, word
    assert "/forget me" in HELP_TEXT


@pytest.mark.parametrize(
    "text", ["买牛奶", "اشتري الحليب", "купить молоко", "añadir leche", "zeig mir meine Aufgaben"]
)
async def test_another_language_is_answered_in_english(chat: ChatDriver, text: str) -> None:
    reply = await chat.say(text)
    assert "only understand English" in reply and "OpenAI-compatible model" in reply
    assert await chat.titles() == []
    assert "买牛奶" in await chat.say("add 买牛奶")  # an English request with any title
    assert await chat.titles() == ["买牛奶"]


def test_what_reads_as_another_language() -> None:
    assert not_english("我想买牛奶") and not_english("ajoute du pain") and not_english("merci")
    for english in ("add café au lait", "buy crème brûlée", "call José", "pan", "lista"):
        assert not not_english(english), english


async def test_a_duplicate_add_asks_first_without_an_extra_tool_call(chat: ChatDriver) -> None:
    await chat.say("add buy eggs")
    assert await chat.say("add Buy  eggs") == "You already have #1 “buy eggs” — add another?"
    assert await chat.titles() == ["buy eggs"]
    assert [call.action for call in await chat.audit()] == ["add_task"]
    assert "Added #2 “buy eggs”" in await chat.say("yes")
    await chat.say("add buy eggs")
    await chat.say("no")
    assert await chat.titles() == ["buy eggs", "buy eggs"]


async def test_what_was_added_when_is_answered_from_creation_times(chat: ChatDriver) -> None:
    for title in ("old thing", "pay rent", "call mom", "buy milk"):
        await chat.say(f"add {title}")
    moved = {"old thing": timedelta(days=9), "pay rent": timedelta(days=1),
             "call mom": timedelta(days=1)}  # fmt: skip
    async with chat.database.session() as session, session.begin():
        for task in (await session.exec(select(Task).order_by(col(Task.number)))).all():
            task.created_at = utcnow() - moved.get(task.title, timedelta())
            session.add(task)
    assert await chat.say("what did I add yesterday?") == (
        "Yesterday you added 2 tasks:\n2. pay rent\n3. call mom"
    )
    assert await chat.say("what was the last thing I added?") == (
        "The last task you added is #4 “buy milk”, today."
    )
    today = await chat.say("what did I add today?")
    assert "buy milk" in today and "pay rent" not in today
    assert "old thing" not in await chat.say("what have I added this week?")
    await chat.say("mark it done")  # "it": the task the answer named
    assert [task.completed for task in await chat.tasks()] == [False, False, False, True]


def test_misspelt_words_are_corrected_but_titles_are_not() -> None:
    assert corrected("shwo my tsaks") == "show my tasks"
    assert corrected("whats lfet") == "whats left"
    assert corrected("mrak 2 done") == "mark 2 done"
    assert corrected("the lost keys") is None
    assert corrected("call mom") is None


async def test_a_misspelt_verb_with_a_title_is_not_guessed(chat: ChatDriver) -> None:
    await chat.say("add remote batteries")
    reply = await chat.push("remote control batteries")
    assert reply is not None and reply.buttons == [] and "Delete" not in reply.text
