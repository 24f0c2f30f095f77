"""The daily list: asked for in plain words, sent every day at the person's hour in their zone
with what is overdue, due today and next, once a day; stopped on request."""

from __future__ import annotations

from datetime import UTC, datetime

from core.agent.builtin import BuiltinAgent
from core.chat import ChatService
from core.chat.policy import ChatPolicy
from core.clock import PinnedClock
from core.commands.digest_commands import install
from core.reminders.dispatch import ReminderDispatcher
from core.storage.db import Database
from tests.harness import ChatDriver
from tests.reminders_rig import RecordingSender, StepClock

# Monday 2 March 2026, 09:00 in Berlin (08:00 UTC).
START = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)


async def test_the_daily_list_every_morning_at_8(database: Database) -> None:
    clock = StepClock(START)
    service = ChatService(
        db=database,
        agent=BuiltinAgent(),
        policy=ChatPolicy(rate_limit_per_minute=0),
        clock=PinnedClock(START, frozen=True),
    )
    install(service)
    chat = ChatDriver(service, database)
    await chat.say("add pay rent", timezone="Europe/Berlin")
    await chat.say("add call the bank", timezone="Europe/Berlin")
    reply = await chat.say("send me my list every morning at 8", timezone="Europe/Berlin")
    assert "every day at 08:00" in reply and "starting tomorrow at 08:00" in reply

    sender = RecordingSender()
    dispatcher = ReminderDispatcher(database, [sender], clock=clock)
    clock.at = datetime(2026, 3, 3, 6, 59, tzinfo=UTC)  # 07:59 in Berlin
    assert await dispatcher.run_once() == 0
    clock.advance(minutes=1)
    assert await dispatcher.run_once() == 1
    assert sender.texts == [
        "☀️ Good morning! 2 open tasks.\nNext up:\n1. pay rent\n2. call the bank"
    ]
    assert await dispatcher.run_once() == 0  # once a day
    clock.advance(hours=23, minutes=59)
    assert await dispatcher.run_once() == 0
    clock.advance(minutes=1)
    assert await dispatcher.run_once() == 1
    assert len(sender.sent) == 2

    assert "no more daily list" in await chat.say("stop the daily list")
    clock.advance(days=1)
    assert await dispatcher.run_once() == 1  # the wake-up finds it stopped
    assert len(sender.sent) == 2
    assert "no daily list" in await chat.say("stop the daily list")
