"""The Undo button on Slack and Telegram: its owner's, once, and the message edited."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from core.storage.db import Database
from core.types import Action
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_rig import SlackRig, slack_rig
from tests.fakes.telegram_api import BOT_USERNAME, callback_update, group_chat, person
from tests.fakes.telegram_rig import TelegramRig
from tests.harness import ChatDriver, ScriptedAgent, build_chat
from tests.test_slack_delete import buttons, click, deliver

ALICE = person(111, "Alice", "alice")
BOB = person(222, "Bob")
FLAT = group_chat()


async def test_telegram_undo_by_its_owner_once(bot: TelegramRig) -> None:
    await bot.say(ALICE, f"@{BOT_USERNAME} add buy milk", chat=FLAT)
    [done] = await bot.say(ALICE, f"@{BOT_USERNAME} done 1", chat=FLAT)
    assert done.buttons == ["Undo"]
    undo = done.callback_data("Undo")

    await bot.api.push(callback_update(BOB, done, undo))
    alert = await bot.answered("answerCallbackQuery")
    assert alert.text == "Only the person who made this change can undo it."
    assert alert.params["show_alert"] == "true"
    assert bot.api.sent("editMessageText") == []

    await bot.api.push(callback_update(ALICE, done, undo))
    edited = await bot.answered("editMessageText")
    assert edited.text == "Undone: #1 “buy milk” is not done any more."
    assert edited.params["message_id"] == str(done.result["message_id"])
    assert edited.json("reply_markup") is None

    await bot.api.push(callback_update(ALICE, done, undo))
    answers = await bot.api.wait_for("answerCallbackQuery", 3)
    assert answers[-1].text == "That was already undone; nothing more to do."
    assert len(bot.api.sent("editMessageText")) == 1
    assert await bot.say(ALICE, "list all") != []
    assert "✓" not in (await bot.say(ALICE, "list all"))[0].text


async def test_telegram_delete_outcome_carries_undo(bot: TelegramRig) -> None:
    await bot.say(ALICE, "add buy milk")
    [asking] = await bot.say(ALICE, "delete 1")
    await bot.api.push(callback_update(ALICE, asking, asking.callback_data("Delete")))
    edited = await bot.answered("editMessageText")
    assert edited.text == "Deleted #1 “buy milk”."
    [[undo]] = edited.json("reply_markup")["inline_keyboard"]
    assert undo["text"] == "Undo"
    assert await bot.titles(ALICE) == []

    await bot.api.push(callback_update(ALICE, asking, undo["callback_data"]))
    restored = await bot.api.wait_for("editMessageText", 2)
    assert restored[-1].text == "Undone: #1 “buy milk” is back from the trash."
    assert await bot.titles(ALICE) == ["buy milk"]


@pytest.fixture
async def slack(database: Database, agent: ScriptedAgent) -> AsyncIterator[SlackRig]:
    async with slack_rig(build_chat(database, agent)) as rig:
        yield rig


async def test_slack_undo_by_its_owner_once(slack: SlackRig, database: Database) -> None:
    alice = ChatDriver(slack.worker.chat, database, user="U0ALICE", platform="slack")
    await deliver(slack, payloads.mention("add buy milk"))
    added = slack.api.of("chat.postMessage")[-1]
    assert set(buttons(added)) == {Action.UNDO}

    await click(slack, added, Action.UNDO, user="U0BOB")
    [refusal] = slack.api.of("chat.postEphemeral")
    assert refusal["user"] == "U0BOB"
    assert refusal["text"] == "Only the person who made this change can undo it."
    assert slack.api.of("chat.update") == []
    assert await alice.titles() == ["buy milk"]

    await click(slack, added, Action.UNDO)
    [update] = slack.api.of("chat.update")
    assert update["text"] == "Undone: removed #1 “buy milk”, which you had just added."
    assert [block["type"] for block in update["blocks"]] == ["section"]
    assert await alice.titles() == []

    await click(slack, added, Action.UNDO)
    late = slack.api.of("chat.postEphemeral")[-1]
    assert late["text"] == "That was already undone; nothing more to do."
    assert len(slack.api.of("chat.update")) == 1


async def test_slack_delete_outcome_carries_undo(slack: SlackRig, database: Database) -> None:
    alice = ChatDriver(slack.worker.chat, database, user="U0ALICE", platform="slack")
    await deliver(slack, payloads.dm("add buy milk"))
    await deliver(slack, payloads.dm("delete buy milk"))
    question = slack.api.of("chat.postMessage")[-1]
    await click(slack, question, Action.CONFIRM)
    [update] = slack.api.of("chat.update")
    assert update["text"] == "Deleted #1 “buy milk”."
    assert set(buttons(update)) == {Action.UNDO}
    await click(slack, update, Action.UNDO)
    assert slack.api.of("chat.update")[-1]["text"] == (
        "Undone: #1 “buy milk” is back from the trash."
    )
    assert await alice.titles() == ["buy milk"]
