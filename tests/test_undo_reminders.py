"""Undo takes back reminder changes: a reminder set is cancelled, a moved one goes back to
its time and fires there (not at the moved time), a cancelled one is pending again."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.agent.builtin import BuiltinAgent
from core.chat import ChatService
from core.chat.policy import ChatPolicy
from core.clock import PinnedClock
from core.reminders import book
from core.reminders.dispatch import ReminderDispatcher
from core.storage.db import Database
from tests.harness import ChatDriver
from tests.reminders_rig import RecordingSender, StepClock

# Monday 2 March 2026, 09:00 UTC (the person's zone).
MONDAY_9 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def chat(database: Database) -> ChatDriver:
    service = ChatService(
        db=database,
        agent=BuiltinAgent(),
        policy=ChatPolicy(rate_limit_per_minute=0),
        clock=PinnedClock(MONDAY_9, frozen=True),
    )
    return ChatDriver(service, database)


async def pending(chat: ChatDriver) -> list[tuple[str, str]]:
    """(title, time) of every pending reminder, soonest first."""
    user_id = await chat.user_id()
    async with chat.database.session() as session:
        waiting = await book.waiting(session, user_id=user_id)
    return [
        (task.title if task else "", reminder.fire_at.astimezone(UTC).strftime("%H:%M"))
        for reminder, task in waiting
    ]


async def test_undoing_remind_me_cancels_the_reminder_and_the_add(chat: ChatDriver) -> None:
    said = await chat.say("remind me to call bob at 4pm")
    assert "I'll remind you" in said, said
    assert await pending(chat) == [("call bob", "16:00")]

    undone = await chat.say("undo")

    assert undone.startswith("Undone:") and "reminder" in undone, undone
    assert await pending(chat) == []
    assert await chat.titles() == []


async def test_undoing_a_move_fires_at_the_old_time(chat: ChatDriver) -> None:
    await chat.say("add call bob")
    assert "I'll remind you" in await chat.say("remind me about call bob at 10:30")
    moved = await chat.say("change that reminder to 11")
    assert await pending(chat) == [("call bob", "11:00")], moved

    undone = await chat.say("undo")

    assert "earlier time" in undone, undone
    assert await pending(chat) == [("call bob", "10:30")]
    clock, sender = StepClock(at=MONDAY_9), RecordingSender()
    dispatcher = ReminderDispatcher(chat.database, [sender], clock=clock)
    clock.advance(minutes=89)
    assert await dispatcher.run_once() == 0
    clock.advance(minutes=1)  # 10:30
    await dispatcher.run_once()
    assert len(sender.sent) == 1 and "call bob" in sender.texts[0]
    clock.advance(minutes=30)  # 11:00, the undone time: nothing more
    await dispatcher.run_once()
    assert len(sender.sent) == 1


async def test_undoing_dont_remind_me_sets_it_again(chat: ChatDriver) -> None:
    await chat.say("remind me to call bob at 4pm")
    cancelled = await chat.say("don't remind me about it")
    assert await pending(chat) == [], cancelled

    undone = await chat.say("undo")

    assert "set again" in undone, undone
    assert await pending(chat) == [("call bob", "16:00")]
    clock, sender = StepClock(at=MONDAY_9), RecordingSender()
    dispatcher = ReminderDispatcher(chat.database, [sender], clock=clock)
    clock.advance(hours=7)
    await dispatcher.run_once()
    assert len(sender.sent) == 1 and "call bob" in sender.texts[0]


async def test_undoing_done_brings_the_reminder_back(chat: ChatDriver) -> None:
    await chat.say("remind me to call bob at 4pm")
    await chat.say("done 1")
    assert await pending(chat) == []

    await chat.say("undo")

    assert await pending(chat) == [("call bob", "16:00")]
