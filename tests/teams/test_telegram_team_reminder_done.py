"""A team task's reminder in Telegram, through the real python-telegram-bot polling the fake
Bot API: Alice gives Carol a task in Flatmates and asks for a reminder; Carol's private
reminder names the group the task lives in; her Done completes it once and Alice is told in
the group, as when it is completed any other way; a second press does nothing more. Out of
the group, Carol's Done is refused and changes nothing."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import col, select

from adapters.telegram.reminders import TelegramReminderSender
from core.reminders.dispatch import ReminderDispatcher
from core.storage.db import Database
from core.storage.reminder_models import Reminder
from tests.fakes.telegram_api import Call, callback_update
from tests.fakes.telegram_rig import TelegramRig
from tests.reminders_rig import StepClock
from tests.teams.test_telegram_team import ALICE, CAROL, FLAT
from tests.teams.test_telegram_team_life import flat_tasks

TOLD = '<a href="tg://user?id=111">@</a> Carol completed #1 “water the plants”, which you assigned.'


async def statuses(database: Database) -> list[str]:
    async with database.session() as session:
        found = await session.exec(select(Reminder.status).order_by(col(Reminder.created_at)))
        return list(found.all())


async def carol_reminded(team: TelegramRig, database: Database) -> Call:
    """Alice gives Carol a task and asks for a reminder, which is sent when due."""
    await team.say(
        ALICE, "/team add water the plants Carol", chat=FLAT, replies=2, picked={"Carol": CAROL}
    )
    [asked] = await team.say(ALICE, "/team remind 1 tomorrow at 19:00", chat=FLAT)
    assert asked.text == "I'll remind Carol about #1 “water the plants” tomorrow at 19:00."
    async with database.session() as session:
        fire_at = (await session.exec(select(Reminder.fire_at))).one()
    clock = StepClock(fire_at + timedelta(seconds=1))
    sender = TelegramReminderSender(team.application.bot)
    before = len(team.api.sent())
    assert await ReminderDispatcher(database, [sender], clock=clock).run_once() == 1
    [private] = team.api.sent()[before:]
    assert private.params["chat_id"] == str(CAROL["id"])
    return private


def told_in_the_group(team: TelegramRig) -> list[str]:
    in_group = [c for c in team.api.sent() if c.params["chat_id"] == str(FLAT["id"])]
    return [call.text for call in in_group if "completed" in call.text]


async def test_done_on_a_team_reminder_completes_once_and_tells_the_assigner_in_the_group(
    team: TelegramRig, database: Database
) -> None:
    private = await carol_reminded(team, database)
    assert private.text == "⏰ Reminder: #1 “water the plants” (Flatmates team list)"
    assert private.buttons == ["Done", "Snooze 1 h", "Tomorrow 9:00"]

    await team.api.push(callback_update(CAROL, private, private.callback_data("Done")))
    edited = await team.answered("editMessageText")
    assert edited.text == "✓ Marked #1 “water the plants” as done."
    told = await team.answered("sendMessage")
    assert (told.params["chat_id"], told.text) == (str(FLAT["id"]), TOLD)
    assert [t.completed for t in await flat_tasks(database)] == [True]
    assert await statuses(database) == ["done"]

    await team.api.push(callback_update(CAROL, private, private.callback_data("Done")))
    again = await team.answered("answerCallbackQuery")
    assert "already taken care of" in again.params["text"]
    await team.caught_up(CAROL)
    assert told_in_the_group(team) == [TOLD]
    assert len(team.api.sent("editMessageText")) == 1


async def test_the_undo_under_a_team_reminder_done_reopens_the_task(
    team: TelegramRig, database: Database
) -> None:
    private = await carol_reminded(team, database)
    await team.api.push(callback_update(CAROL, private, private.callback_data("Done")))
    edited = await team.answered("editMessageText")
    assert edited.buttons == ["Undo"]
    await team.answered("sendMessage")  # the assigner told in the group

    await team.api.push(callback_update(CAROL, private, edited.callback_data("Undo")))
    undone = await team.answered("editMessageText")
    assert undone.text == "Undone: #1 “water the plants” is not done any more."
    assert [t.completed for t in await flat_tasks(database)] == [False]


async def test_out_of_the_group_done_on_a_team_reminder_changes_nothing(
    team: TelegramRig, database: Database
) -> None:
    private = await carol_reminded(team, database)
    team.api.chat_members[FLAT["id"]] = {111, 222}  # Carol left Flatmates

    await team.api.push(callback_update(CAROL, private, private.callback_data("Done")))
    refused = await team.answered("answerCallbackQuery")
    assert refused.params["text"] == (
        "Only members of its chat can use that team list, so I changed nothing."
    )
    await team.caught_up(CAROL)
    assert team.api.sent("editMessageText") == []
    assert told_in_the_group(team) == []
    assert [t.completed for t in await flat_tasks(database)] == [False]
    assert await statuses(database) == ["sent"]
