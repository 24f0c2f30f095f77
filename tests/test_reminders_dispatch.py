"""A due reminder is claimed and sent once, late ones say so, a long downtime becomes one
summary, refusals are retried with backoff and a blocked person is marked."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import select

from core.reminders.dispatch import DispatchPolicy, ReminderDispatcher
from core.storage.models import Identity
from tests.harness import ChatDriver
from tests.reminders_rig import RecordingSender, StepClock, remind, reminders_of, wakeups


async def _task(chat: ChatDriver, title: str):
    await chat.say(f"/add {title}")
    return (await chat.tasks())[-1]


async def test_a_reminder_is_sent_at_its_time_once(chat: ChatDriver) -> None:
    clock, sender = StepClock(), RecordingSender()
    dispatcher = ReminderDispatcher(chat.database, [sender], clock=clock)
    task = await _task(chat, "call mom")
    await remind(chat.database, task, clock.at + timedelta(minutes=30))

    clock.advance(minutes=29)
    assert await dispatcher.run_once() == 0
    clock.advance(minutes=1)
    assert await dispatcher.run_once() == 1
    assert sender.texts == ["⏰ Reminder: #1 “call mom”"]
    assert [b.label for b in sender.sent[0].reply.buttons] == [
        "Done",
        "Snooze 1 h",
        "Tomorrow 9:00",
    ]
    assert sender.sent[0].recipient.user_ref == "alice"
    clock.advance(hours=2)
    assert await dispatcher.run_once() == 0
    assert len(sender.sent) == 1
    [reminder] = await reminders_of(chat.database, await chat.user_id())
    assert reminder.status == "sent" and not reminder.late
    assert [item.status for item in await wakeups(chat.database)] == ["done"]


async def test_a_moved_reminder_fires_only_at_its_new_time(chat: ChatDriver) -> None:
    clock, sender = StepClock(), RecordingSender()
    dispatcher = ReminderDispatcher(chat.database, [sender], clock=clock)
    task = await _task(chat, "stretch")
    await remind(chat.database, task, clock.at + timedelta(minutes=10))
    await remind(chat.database, task, clock.at + timedelta(minutes=60))
    clock.advance(minutes=10)
    assert await dispatcher.run_once() == 1  # the old wake-up: finished without a word
    assert sender.sent == []
    clock.advance(minutes=50)
    assert await dispatcher.run_once() == 1
    assert sender.texts == ["⏰ Reminder: #1 “stretch”"]


async def test_after_downtime_late_reminders_say_when_they_were_due(chat: ChatDriver) -> None:
    clock, sender = StepClock(), RecordingSender()
    dispatcher = ReminderDispatcher(chat.database, [sender], clock=clock)
    first, second = await _task(chat, "water plants"), await _task(chat, "call bob")
    await remind(chat.database, second, clock.at + timedelta(hours=6))
    await remind(chat.database, first, clock.at + timedelta(hours=5))
    clock.advance(hours=8)  # the service was down from 10:00 to 17:00
    assert await dispatcher.run_once() == 2
    assert sender.texts == [
        "⏰ Reminder: #1 “water plants” (was due today at 14:00)",
        "⏰ Reminder: #2 “call bob” (was due today at 15:00)",
    ]
    assert all(r.late for r in await reminders_of(chat.database, await chat.user_id()))


async def test_more_than_a_day_late_is_one_summary(chat: ChatDriver) -> None:
    clock, sender = StepClock(), RecordingSender()
    dispatcher = ReminderDispatcher(
        chat.database, [sender], clock=clock, policy=DispatchPolicy(batch=1)
    )
    tasks = [await _task(chat, title) for title in ("pay rent", "book dentist", "call bob")]
    for hours, task in zip((3, 1, 2), tasks, strict=True):
        await remind(chat.database, task, clock.at + timedelta(hours=hours))
    clock.advance(days=3)
    assert await dispatcher.run_once() == 1  # one wake-up claims all three
    assert sender.texts == [
        "⏰ While I was away you missed 3 reminders:\n"
        "• #2 “book dentist”, due Mon 2 Mar at 10:00\n"
        "• #3 “call bob”, due Mon 2 Mar at 11:00\n"
        "• #1 “pay rent”, due Mon 2 Mar at 12:00\n"
        "Tell me if you want any of them again."
    ]
    assert await dispatcher.run_once() == 1  # the other wake-ups find them sent
    assert await dispatcher.run_once() == 1
    assert len(sender.sent) == 1
    assert {r.status for r in await reminders_of(chat.database, await chat.user_id())} == {"sent"}


async def test_a_refusal_is_retried_with_backoff(chat: ChatDriver) -> None:
    clock, sender = StepClock(), RecordingSender(refusing=2)
    dispatcher = ReminderDispatcher(
        chat.database, [sender], clock=clock, policy=DispatchPolicy(retry_base_seconds=10)
    )
    task = await _task(chat, "call mom")
    await remind(chat.database, task, clock.at)
    assert await dispatcher.run_once() == 1  # refused: retry in 10 s
    clock.advance(seconds=9)
    assert await dispatcher.run_once() == 0
    clock.advance(seconds=1)
    assert await dispatcher.run_once() == 1  # refused again: retry in 20 s
    clock.advance(seconds=19)
    assert await dispatcher.run_once() == 0
    clock.advance(seconds=1)
    assert await dispatcher.run_once() == 1
    assert sender.texts == ["⏰ Reminder: #1 “call mom”"]


async def test_the_platforms_retry_after_is_honoured(chat: ChatDriver) -> None:
    clock, sender = StepClock(), RecordingSender(refusing=1, retry_after=42)
    dispatcher = ReminderDispatcher(chat.database, [sender], clock=clock)
    await remind(chat.database, await _task(chat, "call mom"), clock.at)
    await dispatcher.run_once()
    clock.advance(seconds=41)
    assert await dispatcher.run_once() == 0
    clock.advance(seconds=1)
    assert await dispatcher.run_once() == 1
    assert len(sender.sent) == 1


async def test_a_blocked_person_is_marked_and_not_retried(chat: ChatDriver) -> None:
    clock, sender = StepClock(), RecordingSender(blocked=True)
    dispatcher = ReminderDispatcher(chat.database, [sender], clock=clock)
    first, second = await _task(chat, "call mom"), await _task(chat, "pay rent")
    await remind(chat.database, first, clock.at)
    await remind(chat.database, second, clock.at + timedelta(hours=1))
    assert await dispatcher.run_once() == 1
    sender.blocked = False  # even if the platform would take it now, nothing is tried
    clock.advance(hours=5)
    assert await dispatcher.run_once() == 1
    assert sender.sent == []
    assert [r.status for r in await reminders_of(chat.database, await chat.user_id())] == [
        "blocked",
        "blocked",
    ]
    async with chat.database.session() as session:
        identity = (await session.exec(select(Identity))).one()
    assert identity.unreachable_since is not None
    # writing again and asking for a new reminder reaches them again
    await remind(chat.database, first, clock.at + timedelta(minutes=5))
    clock.advance(minutes=5)
    assert await dispatcher.run_once() == 1
    assert sender.texts == ["⏰ Reminder: #1 “call mom”"]


async def test_giving_up_after_the_attempt_limit(chat: ChatDriver) -> None:
    clock, sender = StepClock(), RecordingSender(refusing=99)
    policy = DispatchPolicy(max_attempts=3, retry_base_seconds=1)
    dispatcher = ReminderDispatcher(chat.database, [sender], clock=clock, policy=policy)
    await remind(chat.database, await _task(chat, "call mom"), clock.at)
    for _ in range(5):
        await dispatcher.run_once()
        clock.advance(minutes=5)
    [reminder] = await reminders_of(chat.database, await chat.user_id())
    assert reminder.status == "failed"
    assert [item.status for item in await wakeups(chat.database)] == ["failed"]


async def test_the_console_prints_a_due_reminder_between_turns(chat: ChatDriver) -> None:
    import io

    from adapters.console.reminders import ConsoleReminderSender

    clock, out = StepClock(), io.StringIO()
    dispatcher = ReminderDispatcher(chat.database, [ConsoleReminderSender(out)], clock=clock)
    await remind(chat.database, await _task(chat, "check the oven"), clock.at)
    assert await dispatcher.run_once() == 1
    assert "⏰ Reminder: #1 “check the oven”" in out.getvalue()
    assert "(say “done 1”, or “remind me about #1 in an hour”)" in out.getvalue()
