"""The builtin engine reads reminder requests in the person's own time zone, on a pinned clock,
and sets, moves, lists and cancels reminders through the tools."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.agent.builtin import BuiltinAgent
from core.chat import ChatService
from core.chat.policy import ChatPolicy
from core.clock import PinnedClock
from core.reminders import book
from core.storage.db import Database
from tests.harness import ChatDriver

BERLIN = "Europe/Berlin"


def _driver(database: Database, start: datetime) -> ChatDriver:
    service = ChatService(
        db=database,
        agent=BuiltinAgent(),
        policy=ChatPolicy(rate_limit_per_minute=0),
        clock=PinnedClock(start, frozen=True),
    )
    return ChatDriver(service, database)


async def _say(chat: ChatDriver, text: str) -> str:
    return await chat.say(text, timezone=BERLIN)


async def _pending(chat: ChatDriver) -> list[tuple[str, str]]:
    """(title, local minute) of every pending reminder, soonest first."""
    from zoneinfo import ZoneInfo

    user_id = await chat.user_id()
    async with chat.database.session() as session:
        waiting = await book.waiting(session, user_id=user_id)
    zone = ZoneInfo(BERLIN)
    return [
        (task.title if task else "", r.fire_at.astimezone(zone).strftime("%Y-%m-%dT%H:%M"))
        for r, task in waiting
    ]


# Monday 2 March 2026, 09:00 in Berlin (08:00 UTC).
MONDAY_9 = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)


@pytest.fixture
def chat(database: Database) -> ChatDriver:
    return _driver(database, MONDAY_9)


async def test_remind_me_to_do_something_tomorrow_at_3pm(chat: ChatDriver) -> None:
    reply = await _say(chat, "remind me to call mom tomorrow at 3pm")
    assert "call mom" in reply and "I'll remind you tomorrow at 15:00" in reply
    assert await _pending(chat) == [("call mom", "2026-03-03T15:00")]
    [task] = await chat.tasks()
    assert task.due_has_time and task.due_at == datetime(2026, 3, 3, 14, 0, tzinfo=UTC)


async def test_remind_me_about_a_numbered_task(chat: ChatDriver) -> None:
    for title in ("pay rent", "book dentist", "call bob"):
        await _say(chat, f"add {title}")
    reply = await _say(chat, "remind me about #3 at 5pm")
    assert "#3 “call bob” today at 17:00" in reply
    assert await _pending(chat) == [("call bob", "2026-03-02T17:00")]


async def test_in_twenty_minutes(chat: ChatDriver) -> None:
    await _say(chat, "remind me in 20 minutes to check the oven")
    assert await _pending(chat) == [("check the oven", "2026-03-02T09:20")]


async def test_an_hour_before_the_dentist(chat: ChatDriver) -> None:
    await _say(chat, "remind me to go to the dentist tomorrow at 14:00")
    reply = await _say(chat, "remind me an hour before the dentist")
    assert "tomorrow at 13:00" in reply
    assert await _pending(chat) == [("go to the dentist", "2026-03-03T13:00")]


async def test_friday_morning_is_nine(chat: ChatDriver) -> None:
    await _say(chat, "remind me to send the report on friday morning")
    assert await _pending(chat) == [("send the report", "2026-03-06T09:00")]


async def test_a_bare_day_is_nine_too(chat: ChatDriver) -> None:
    await _say(chat, "add water the plants")
    await _say(chat, "remind me about water the plants on friday")
    assert await _pending(chat) == [("water the plants", "2026-03-06T09:00")]


async def test_at_8am_when_it_has_passed_means_tomorrow(chat: ChatDriver) -> None:
    reply = await _say(chat, "remind me to stretch at 8am")
    assert "tomorrow at 08:00" in reply
    assert await _pending(chat) == [("stretch", "2026-03-03T08:00")]


async def test_change_that_reminder(chat: ChatDriver) -> None:
    await _say(chat, "remind me to call bob at 10:30")
    reply = await _say(chat, "change that reminder to 5pm")
    assert "today at 17:00" in reply
    assert await _pending(chat) == [("call bob", "2026-03-02T17:00")]


async def test_dont_remind_me_about_it(chat: ChatDriver) -> None:
    await _say(chat, "remind me to call bob at 10:30")
    reply = await _say(chat, "don't remind me about it")
    assert "cancelled the reminder" in reply
    assert await _pending(chat) == []
    assert await chat.titles() == ["call bob"]


async def test_what_reminders_do_i_have(chat: ChatDriver) -> None:
    assert "no reminders" in await _say(chat, "what reminders do I have?")
    await _say(chat, "remind me to call bob at 10:30")
    await _say(chat, "remind me to stretch tomorrow at 7am")
    reply = await _say(chat, "what reminders do I have?")
    assert reply == (
        "You have 2 reminders:\n⏰ today at 10:30: #1 call bob\n⏰ tomorrow at 07:00: #2 stretch"
    )
    listing = await _say(chat, "show my list")
    assert "⏰ today at 10:30" in listing


async def test_completing_cancels_and_says_so(chat: ChatDriver) -> None:
    await _say(chat, "remind me to call bob at 10:30")
    reply = await _say(chat, "done 1")
    assert "Its reminder is cancelled." in reply
    assert await _pending(chat) == []


async def test_deleting_cancels_and_says_so(chat: ChatDriver) -> None:
    await _say(chat, "remind me to call bob at 10:30")
    reply = await _say(chat, "delete 1")
    assert "Its reminder will be cancelled too." in reply
    pressed = await chat.press("confirm")
    assert pressed is not None and "Its reminder is cancelled." in pressed.text
    assert await _pending(chat) == []


async def test_a_time_in_the_past_is_refused(chat: ChatDriver) -> None:
    await _say(chat, "add call bob")
    reply = await _say(chat, "remind me about call bob yesterday at 10am")
    assert "already passed" in reply
    assert await _pending(chat) == []


async def test_across_the_spring_dst_change(database: Database) -> None:
    # Friday 27 March 2026, 10:00 in Berlin (CET); Sunday 29 March is in CEST.
    chat = _driver(database, datetime(2026, 3, 27, 9, 0, tzinfo=UTC))
    await _say(chat, "remind me to call grandma on sunday at 9am")
    assert await _pending(chat) == [("call grandma", "2026-03-29T09:00")]
    user_id = await chat.user_id()
    async with chat.database.session() as session:
        [(reminder, _)] = await book.waiting(session, user_id=user_id)
    assert reminder.fire_at == datetime(2026, 3, 29, 7, 0, tzinfo=UTC)  # +02:00 by then
