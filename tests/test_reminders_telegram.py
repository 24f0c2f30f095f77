"""Reminders on Telegram through the real python-telegram-bot and the fake Bot API: in the
private chat, in the group when the bot cannot write privately, buttons for the owner only."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import select

from adapters.telegram.reminders import TelegramReminderSender
from core.delivery.send_pace import MemorySlots, SharedPace
from core.reminders import book
from core.reminders.dispatch import ReminderDispatcher
from core.storage.db import Database
from core.storage.models import Conversation, Task
from tests.fakes.telegram_api import callback_update, group_chat, person
from tests.fakes.telegram_rig import TelegramRig, polling_bot, telegram_api
from tests.harness import ChatDriver
from tests.reminders_rig import PaceTimer, StepClock, remind, reminders_of

ALICE = person(501, "Alice")
BOB = person(502, "Bob")


async def _setup(rig: TelegramRig, database: Database, title: str, **where: object):
    await rig.say(ALICE, f"/add {title}", **where)  # type: ignore[arg-type]
    async with database.session() as session:
        return (await session.exec(select(Task).where(Task.title == title))).one()


async def _dispatcher(rig: TelegramRig, database: Database, clock: StepClock) -> ReminderDispatcher:
    return ReminderDispatcher(database, [TelegramReminderSender(rig.application.bot)], clock=clock)


async def test_reminder_in_the_private_chat_and_done_by_its_owner(chat: ChatDriver) -> None:
    clock = StepClock()
    async with telegram_api() as api, polling_bot(api, chat.database, chat.service) as rig:
        task = await _setup(rig, chat.database, "call mom")
        await remind(chat.database, task, clock.at, platform="telegram")
        dispatcher = await _dispatcher(rig, chat.database, clock)
        before = len(api.sent())
        assert await dispatcher.run_once() == 1
        [sent] = api.sent()[before:]
        assert sent.params["chat_id"] == "501"
        assert sent.text == "⏰ Reminder: #1 “call mom”"
        assert sent.buttons == ["Done", "Snooze 1 h", "Tomorrow 9:00"]

        await api.push(callback_update(BOB, sent, sent.callback_data("Done")))
        refused = await rig.answered("answerCallbackQuery")
        assert "Only the person this reminder is for" in refused.params["text"]
        assert api.sent("editMessageText") == []

        await api.push(callback_update(ALICE, sent, sent.callback_data("Done")))
        edited = await rig.answered("editMessageText")
        assert edited.text == "✓ Marked #1 “call mom” as done."
        await api.push(callback_update(ALICE, sent, sent.callback_data("Snooze")))
        again = await rig.answered("answerCallbackQuery")
        assert "already taken care of" in again.params["text"]
        assert len(api.sent("editMessageText")) == 1
    async with chat.database.session() as session:
        assert (await session.exec(select(Task.completed).where(Task.id == task.id))).one()
    [reminder] = await reminders_of(chat.database, task.user_id)
    assert reminder.status == "done"


async def test_snooze_sends_it_again_an_hour_later(chat: ChatDriver) -> None:
    clock = StepClock()
    async with telegram_api() as api, polling_bot(api, chat.database, chat.service) as rig:
        task = await _setup(rig, chat.database, "stretch")
        await remind(chat.database, task, clock.at, platform="telegram")
        dispatcher = await _dispatcher(rig, chat.database, clock)
        await dispatcher.run_once()
        sent = api.sent()[-1]
        await api.push(callback_update(ALICE, sent, sent.callback_data("Snooze")))
        edited = await rig.answered("editMessageText")
        assert edited.text.startswith("⏰ #1 “stretch”: I'll remind you again at ")
        reminders = await reminders_of(chat.database, task.user_id)
        assert [r.status for r in reminders] == ["snoozed", "pending"]
        clock.at = reminders[1].fire_at
        before = len(api.sent())
        assert await dispatcher.run_once() == 1
        assert [c.text for c in api.sent()[before:]] == ["⏰ Reminder: #1 “stretch”"]


async def test_asked_in_a_group_it_goes_privately_or_else_to_the_group(chat: ChatDriver) -> None:
    clock = StepClock()
    group = group_chat()
    async with telegram_api() as api, polling_bot(api, chat.database, chat.service) as rig:
        task = await _setup(rig, chat.database, "bring cake", chat=group)
        async with chat.database.session() as session:
            conversation = (await session.exec(select(Conversation))).one()
        async with chat.database.session() as session, session.begin():
            await book.set_for_task(
                session,
                task=task,
                at=clock.at,
                where=book.Where("telegram", conversation.id),
            )
        dispatcher = await _dispatcher(rig, chat.database, clock)
        before = len(api.sent())
        await dispatcher.run_once()
        [private] = api.sent()[before:]
        assert private.params["chat_id"] == "501"

        async with chat.database.session() as session, session.begin():
            await book.set_for_task(
                session,
                task=task,
                at=clock.at + timedelta(minutes=5),
                where=book.Where("telegram", conversation.id),
            )
        api.fail(
            "sendMessage", status=403, description="Forbidden: bot can't initiate conversation"
        )
        clock.advance(minutes=5)
        await dispatcher.run_once()
        in_group = api.sent()[-1]
        assert in_group.params["chat_id"] == str(group["id"])
        assert in_group.text.startswith('<a href="tg://user?id=501">Alice</a>, ⏰ Reminder:')


async def test_a_person_who_blocked_the_bot_is_marked(chat: ChatDriver) -> None:
    clock = StepClock()
    async with telegram_api() as api, polling_bot(api, chat.database, chat.service) as rig:
        task = await _setup(rig, chat.database, "call mom")
        await remind(chat.database, task, clock.at, platform="telegram")
        api.fail("sendMessage", status=403, description="Forbidden: bot was blocked by the user")
        await (await _dispatcher(rig, chat.database, clock)).run_once()
    [reminder] = await reminders_of(chat.database, task.user_id)
    assert reminder.status == "blocked"
    assert "blocked" in (reminder.last_error or "")


async def test_flood_control_is_waited_out(chat: ChatDriver) -> None:
    clock = StepClock()
    timer = PaceTimer(clock)
    pace = SharedPace(MemorySlots(), "telegram:1", 30, timer=timer)
    async with (
        telegram_api() as api,
        polling_bot(api, chat.database, chat.service, pace=pace) as rig,
    ):
        task = await _setup(rig, chat.database, "call mom")
        await remind(chat.database, task, clock.at, platform="telegram")
        api.fail("sendMessage", status=429, description="Too Many Requests", retry_after=30)
        dispatcher = await _dispatcher(rig, chat.database, clock)
        refused_at = clock.at.timestamp()
        await dispatcher.run_once()
        clock.advance(seconds=29)
        assert await dispatcher.run_once() == 0
        clock.advance(seconds=1)
        assert await dispatcher.run_once() == 1
        assert api.sent()[-1].text == "⏰ Reminder: #1 “call mom”"
    assert timer.wakes[-1] >= refused_at + 30  # the bot sent nothing meanwhile
