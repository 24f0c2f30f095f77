"""Repeating team tasks in a Telegram group, through the real python-telegram-bot polling the
fake Bot API: Alice gives Bob, who never started the bot, the bins every thursday and a
reminder an hour before; he is reminded in the group on Thursday at 08:00 and presses Done
there, and next Thursday's is his; Carol stops the repeat; bad words and Dave change nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from adapters.telegram.reminders import TelegramReminderSender
from core.reminders.dispatch import ReminderDispatcher
from core.storage.db import Database
from tests.fakes.telegram_api import FakeTelegramAPI, callback_update
from tests.fakes.telegram_rig import TelegramRig, polling_bot
from tests.harness import ScriptedAgent
from tests.reminders_rig import StepClock
from tests.teams.pinned import pinned_chat
from tests.teams.test_telegram_team import ALICE, BAND, BOB, CAROL, DAVE, FLAT
from tests.teams.test_telegram_team_life import flat_tasks

MONDAY = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
THURSDAY_EIGHT = datetime(2026, 11, 26, 8, 0, tzinfo=UTC)


@pytest.fixture
async def team(
    bot_api: FakeTelegramAPI, database: Database, agent: ScriptedAgent
) -> AsyncIterator[TelegramRig]:
    chat = pinned_chat(database, agent, MONDAY)
    bot_api.chat_members = {FLAT["id"]: {111, 222, 333}, BAND["id"]: {333, 111}}
    bot_api.never_started = {222}
    async with polling_bot(bot_api, database, chat) as rig:
        yield rig


async def test_bob_is_reminded_in_the_group_and_his_next_one_follows_his_done(
    team: TelegramRig, database: Database
) -> None:
    added, *_ = await team.say(
        ALICE,
        "/team add take out the bins Bob every thursday",
        chat=FLAT,
        replies=3,
        picked={"Bob": BOB},
    )
    assert added.text == (
        "Added #1 “take out the bins” to this chat's team list for Bob, due Thu 26 Nov. "
        "It repeats: when it's done, I'll put the next one on this list."
    )
    [asked] = await team.say(ALICE, "/team remind 1 an hour before", chat=FLAT)
    assert asked.text == (
        "I'll remind Bob about #1 “take out the bins” Thu 26 Nov at 08:00, 1 hour before it's due."
    )
    [refused] = await team.say(DAVE, "/team repeat 1 off", chat=FLAT)
    assert refused.text == "Only members of this chat can use its team list, so I changed nothing."
    [unread] = await team.say(CAROL, "/team repeat 1 now and then", chat=FLAT)
    assert unread.text.startswith("I couldn't read “now and then” as a repeat, so I changed")

    sender = TelegramReminderSender(team.application.bot)
    clock = StepClock(THURSDAY_EIGHT + timedelta(seconds=1))
    before = len(team.api.sent())
    assert await ReminderDispatcher(database, [sender], clock=clock).run_once() == 1
    _, in_group = team.api.sent()[before:]
    assert in_group.text.endswith("⏰ Reminder: #1 “take out the bins” (Flatmates team list)")
    await team.api.push(callback_update(BOB, in_group, in_group.callback_data("Done")))
    edited = await team.answered("editMessageText")
    assert edited.text == "✓ Marked #1 “take out the bins” as done."
    told = await team.answered("sendMessage")
    assert told.text.endswith("Bob completed #1 “take out the bins”, which you assigned.")

    first, following = await flat_tasks(database)
    assert (first.completed, following.completed, following.repeat) == (
        True,
        False,
        "FREQ=WEEKLY;BYDAY=TH",
    )
    assert (following.assignee_id, following.assigner_id) == (first.assignee_id, first.assigner_id)
    assert following.due_at == datetime(2026, 12, 3, tzinfo=UTC)
    [listed] = await team.say(CAROL, "/team", chat=FLAT)
    assert listed.text.splitlines()[1:] == ["#2 take out the bins → Bob (due Thu 3 Dec)"]

    [stopped] = await team.say(CAROL, "/team repeat 2 off", chat=FLAT)
    assert stopped.text == "#2 “take out the bins” won't repeat any more."
    [done] = await team.say(CAROL, "/team done 2", chat=FLAT, replies=1)
    assert done.text.startswith("Done: #2 “take out the bins”.")
    assert len(await flat_tasks(database)) == 2
