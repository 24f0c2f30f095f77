"""A reminder follows its task's due, goes off no earlier than asked, and lies within the
bounded range of dates like every due: through the builtin engine, as a person says it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from core.chat.policy import APOLOGY
from core.reminders import book
from core.storage.db import Database
from tests.harness import ChatDriver, builtin_chat

BERLIN = ZoneInfo("Europe/Berlin")
# Wednesday 4 March 2026, 10:00:30 in Berlin: half a minute past the minute.
WEDNESDAY = datetime(2026, 3, 4, 9, 0, 30, tzinfo=UTC)


@pytest.fixture
def chat(database: Database) -> ChatDriver:
    return builtin_chat(database, WEDNESDAY)


async def _say(chat: ChatDriver, text: str) -> str:
    return await chat.say(text, timezone="Europe/Berlin")


async def _pending(chat: ChatDriver) -> list[tuple[str, datetime]]:
    async with chat.database.session() as session:
        waiting = await book.waiting(session, user_id=await chat.user_id())
    return [(task.title if task else "", r.fire_at.astimezone(BERLIN)) for r, task in waiting]


def _at(day: int, hour: int, minute: int = 0, second: int = 0) -> datetime:
    return datetime(2026, 3, day, hour, minute, second, tzinfo=BERLIN)


async def test_a_reminder_at_the_due_moves_with_it_and_says_so(chat: ChatDriver) -> None:
    await _say(chat, "remind me to call the dentist tomorrow at 10am")
    assert await _pending(chat) == [("call the dentist", _at(5, 10))]
    reply = await _say(chat, "move the dentist to monday at 9am")
    assert "moved its reminder to Mon 9 Mar at 09:00" in reply
    assert await _pending(chat) == [("call the dentist", _at(9, 9))]
    [task] = await chat.tasks()
    assert task.due_at is not None and task.due_at.astimezone(BERLIN) == _at(9, 9)


async def test_a_reminder_before_the_due_keeps_its_distance(chat: ChatDriver) -> None:
    await _say(chat, "remind me to go to the dentist tomorrow at 14:00")
    await _say(chat, "remind me an hour before the dentist")
    reply = await _say(chat, "move the dentist to friday at 16:00")
    assert "moved its reminder to Fri 6 Mar at 15:00" in reply
    assert await _pending(chat) == [("go to the dentist", _at(6, 15))]


async def test_a_reminder_at_another_time_stays_put(chat: ChatDriver) -> None:
    await _say(chat, "add pay rent tomorrow at 18:00")
    await _say(chat, "remind me about #1 tomorrow at 8am")
    reply = await _say(chat, "move #1 to friday at 18:00")
    assert "reminder" not in reply
    assert await _pending(chat) == [("pay rent", _at(5, 8))]


async def test_in_a_minute_is_never_early(chat: ChatDriver) -> None:
    await _say(chat, "remind me to stretch in 1 minute")
    [(_, fire_at)] = await _pending(chat)
    assert fire_at >= WEDNESDAY + timedelta(minutes=1)
    assert fire_at == _at(4, 10, 1, 30)  # to the second: not 10:01, half a minute early


@pytest.mark.parametrize(
    "said",
    [
        "remind me in 99999 years to renew the passport",
        "add renew the passport in 99999999999999999999 days",
        "add renew the passport due 31 December 9999",
        "remind me to renew the passport on 31 December 9999 at 23:59",
    ],
)
@pytest.mark.parametrize("zone", ["Europe/Berlin", "America/New_York"])
async def test_absurd_dates_get_a_clear_refusal(chat: ChatDriver, said: str, zone: str) -> None:
    # West of UTC, the last minute of 9999 falls past the last instant a date can hold
    reply = await chat.say(said, timezone=zone)
    assert reply != APOLOGY
    assert "at most 100 years ahead (until 4 Mar 2126)" in reply
    assert await chat.tasks() == []
    assert await _pending(chat) == []
