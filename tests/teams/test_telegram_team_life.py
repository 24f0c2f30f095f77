"""A team task's life in a Telegram group, through the real python-telegram-bot polling the
fake Bot API: Bob, who never started the bot, is reminded of his task by a mention in the
group and presses Done there; a confirmed delete puts the task in the group's trash, Carol
restores it and undoes her restore; Dave, outside the group, is refused and nothing changes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import col, select

from adapters.telegram.reminders import TelegramReminderSender
from core.reminders.dispatch import ReminderDispatcher
from core.storage.db import Database
from core.storage.list_models import TaskList
from core.storage.models import Task
from core.storage.reminder_models import Reminder
from tests.fakes.telegram_api import FakeTelegramAPI, callback_update
from tests.fakes.telegram_rig import TelegramRig
from tests.reminders_rig import StepClock
from tests.teams.test_telegram_team import ALICE, BAND, BOB, CAROL, DAVE, FLAT

REFUSED = "Only members of this chat can use its team list, so I changed nothing."


@pytest.fixture(autouse=True)
def bob_never_started(bot_api: FakeTelegramAPI) -> None:
    """Bob has never opened a private chat with the bot: he is told in the group."""
    bot_api.never_started = {222}


async def flat_tasks(database: Database) -> list[Task]:
    async with database.session() as session:
        found = await session.exec(
            select(Task)
            .join(TaskList, col(TaskList.id) == col(Task.list_id))
            .where(TaskList.chat_id == str(FLAT["id"]))
            .order_by(col(Task.number))
        )
        return list(found.all())


async def statuses(database: Database) -> list[str]:
    async with database.session() as session:
        return list((await session.exec(select(Reminder.status))).all())


async def test_bob_is_reminded_in_the_group_and_presses_done_there(
    team: TelegramRig, database: Database
) -> None:
    await team.say(
        ALICE, "/team add take out the bins Bob", chat=FLAT, replies=3, picked={"Bob": BOB}
    )
    [asked] = await team.say(ALICE, "/team remind 1 tomorrow at 19:00", chat=FLAT)
    assert asked.text == "I'll remind Bob about #1 “take out the bins” tomorrow at 19:00."
    [refused] = await team.say(DAVE, "/team remind 1 tomorrow at 19:00", chat=FLAT)
    assert refused.text == REFUSED
    assert await statuses(database) == ["pending"]

    async with database.session() as session:
        fire_at = (await session.exec(select(Reminder.fire_at))).one()
    sender = TelegramReminderSender(team.application.bot)
    clock = StepClock(fire_at + timedelta(seconds=1))
    before = len(team.api.sent())
    assert await ReminderDispatcher(database, [sender], clock=clock).run_once() == 1
    private, in_group = team.api.sent()[before:]
    assert private.params["chat_id"] == "222"  # refused: Bob never started the bot
    assert in_group.params["chat_id"] == str(FLAT["id"])
    assert in_group.text.endswith("⏰ Reminder: #1 “take out the bins” (Flatmates team list)")
    assert 'href="tg://user?id=222"' in in_group.text

    await team.api.push(callback_update(CAROL, in_group, in_group.callback_data("Done")))
    stranger = await team.answered("answerCallbackQuery")
    assert "Only the person this reminder is for" in stranger.params["text"]
    assert [t.completed for t in await flat_tasks(database)] == [False]
    await team.api.push(callback_update(BOB, in_group, in_group.callback_data("Done")))
    edited = await team.answered("editMessageText")
    assert edited.text == "✓ Marked #1 “take out the bins” as done."
    assert [t.completed for t in await flat_tasks(database)] == [True]
    assert await statuses(database) == ["done"]


async def test_the_group_trash_restore_and_undo(team: TelegramRig, database: Database) -> None:
    await team.say(ALICE, "/team add buy a new kettle", chat=FLAT)
    [question] = await team.say(ALICE, "/team delete 1", chat=FLAT)
    assert question.buttons == ["Delete it", "Cancel"]
    await team.api.push(callback_update(ALICE, question, question.callback_data("Delete it")))
    deleted = await team.answered("editMessageText")
    assert deleted.text.startswith("Deleted #1 “buy a new kettle” from the team list")
    [trash] = await team.say(CAROL, "/team trash", chat=FLAT)
    assert trash.text.splitlines()[1:] == ["#1 buy a new kettle"]

    [refused] = await team.say(DAVE, "/team restore 1", chat=FLAT)
    assert refused.text == REFUSED
    assert [t.deleted_at is not None for t in await flat_tasks(database)] == [True]
    [restored] = await team.say(CAROL, "/team restore 1", chat=FLAT)
    assert restored.text == "Restored #1 “buy a new kettle” to this chat's team list."
    [listed] = await team.say(ALICE, "/team", chat=FLAT)
    assert listed.text.splitlines() == ["This chat's team list:", "#1 buy a new kettle"]

    # alice's undo is of her own changes (the delete), not carol's restore
    [not_hers] = await team.say(ALICE, "/team undo", chat=FLAT)
    assert not_hers.text == (
        "I can't undo that: #1 “buy a new kettle” has changed since, so I changed nothing."
    )
    [undone] = await team.say(CAROL, "/team undo", chat=FLAT)
    assert undone.text == "Undone: #1 “buy a new kettle” is back in the trash."
    assert [t.deleted_at is not None for t in await flat_tasks(database)] == [True]
    [nothing] = await team.say(CAROL, "/team undo", chat=BAND)
    assert nothing.text.startswith("Nothing to undo")
