"""Recurring tasks: read from plain words, and completing one adds the next occurrence with
its due (and its reminder); "stop repeating it" ends that."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from core.agent.builtin import BuiltinAgent
from core.chat import ChatService
from core.chat.policy import ChatPolicy
from core.clock import PinnedClock
from core.reminders import book
from core.storage.db import Database
from tests.harness import ChatDriver, ScriptedAgent

BERLIN = ZoneInfo("Europe/Berlin")
# Wednesday 4 March 2026, 10:00 in Berlin.
WEDNESDAY = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)


@pytest.fixture
def chat(database: Database) -> ChatDriver:
    service = ChatService(
        db=database,
        agent=BuiltinAgent(),
        policy=ChatPolicy(rate_limit_per_minute=0),
        clock=PinnedClock(WEDNESDAY, frozen=True),
    )
    return ChatDriver(service, database)


async def _say(chat: ChatDriver, text: str) -> str:
    return await chat.say(text, timezone="Europe/Berlin")


def _local(moment: datetime | None) -> str:
    assert moment is not None
    return moment.astimezone(BERLIN).strftime("%Y-%m-%dT%H:%M")


async def test_every_monday(chat: ChatDriver) -> None:
    reply = await _say(chat, "water the plants every monday")
    assert "It repeats" in reply
    [task] = await chat.tasks()
    assert (task.title, task.repeat) == ("water the plants", "FREQ=WEEKLY;BYDAY=MO")
    assert task.due_at is not None and task.due_at.date().isoformat() == "2026-03-09"
    reply = await _say(chat, "done 1")
    assert "Next one: #2" in reply
    first, second = await chat.tasks()
    assert first.completed and not second.completed
    assert second.repeat == first.repeat and second.due_at.date().isoformat() == "2026-03-16"


async def test_the_first_of_every_month(chat: ChatDriver) -> None:
    await _say(chat, "pay rent on the 1st of every month")
    [task] = await chat.tasks()
    assert (task.title, task.repeat) == ("pay rent", "FREQ=MONTHLY;BYMONTHDAY=1")
    assert task.due_at is not None and task.due_at.date().isoformat() == "2026-04-01"


async def test_every_weekday_at_9_with_its_reminder(chat: ChatDriver) -> None:
    await _say(chat, "every weekday at 9 stand-up")
    [task] = await chat.tasks()
    assert task.title == "stand-up" and _local(task.due_at) == "2026-03-05T09:00"
    reply = await _say(chat, "done 1")
    assert "with a reminder" in reply
    _, following = await chat.tasks()
    assert _local(following.due_at) == "2026-03-06T09:00"
    async with chat.database.session() as session:
        waiting = await book.waiting(session, user_id=await chat.user_id())
    assert [(task.title, _local(r.fire_at)) for r, task in waiting] == [
        ("stand-up", "2026-03-06T09:00")
    ]


async def test_stop_repeating_it(chat: ChatDriver) -> None:
    await _say(chat, "water the plants every monday")
    assert "stopped" in await _say(chat, "stop repeating it")
    await _say(chat, "done 1")
    assert len(await chat.tasks()) == 1


async def test_the_last_date_of_a_series_completes_and_adds_nothing(database: Database) -> None:
    """A rule that ends (UNTIL): completing its last occurrence completes it, whole."""
    model = ScriptedAgent()
    service = ChatService(
        db=database,
        agent=model,
        policy=ChatPolicy(rate_limit_per_minute=0),
        clock=PinnedClock(WEDNESDAY, frozen=True),
    )
    chat = ChatDriver(service, database)
    model.queue(("add_task", {"title": "stand-up", "repeat": "FREQ=DAILY;UNTIL=20260305T235959"}))
    await _say(chat, "stand-up daily until thursday")
    model.queue(("complete_task", {"task_identifier": "1"}))
    assert "Next one: #2" in await _say(chat, "done 1")
    model.queue(("complete_task", {"task_identifier": "2"}))
    assert await _say(chat, "done 2") == "Marked #2 “stand-up” as done. That was the last one."
    assert [(t.number, t.completed) for t in await chat.tasks()] == [(1, True), (2, True)]
    [*_, last] = await chat.audit()
    assert (last.action, last.ok) == ("complete_task", True)


async def test_adding_a_repeating_task_can_be_undone(chat: ChatDriver) -> None:
    await _say(chat, "water the plants every monday")
    reply = await _say(chat, "undo")
    assert "changed since" not in reply and "water the plants" in reply
    assert await chat.tasks() == []


async def test_stop_repeating_right_after_a_done_stops_the_series(chat: ChatDriver) -> None:
    await _say(chat, "water the plants every monday")
    await _say(chat, "done 1")
    reply = await _say(chat, "stop repeating it")
    assert "stopped #2 “water the plants” repeating" in reply
    first, second = await chat.tasks()
    assert (first.repeat, second.repeat) == (None, None)
    assert "Next one" not in await _say(chat, "done 2")
    assert len(await chat.tasks()) == 2


async def test_undoing_a_done_takes_back_the_next_occurrence_too(chat: ChatDriver) -> None:
    await _say(chat, "water the plants every monday")
    await _say(chat, "done 1")
    await _say(chat, "undo")
    [task] = await chat.tasks()
    assert task.number == 1 and not task.completed and task.repeat == "FREQ=WEEKLY;BYDAY=MO"
