"""Inline Confirm/Cancel buttons over Telegram, and deliveries that arrive twice."""

from __future__ import annotations

import pytest

from tests.fakes.telegram_api import (
    BOT_USERNAME,
    callback_update,
    group_chat,
    message_update,
    person,
)
from tests.fakes.telegram_rig import TelegramRig

ALICE = person(111, "Alice", "alice")
BOB = person(222, "Bob")
FLAT = group_chat()


async def test_confirm_deletes_and_edits_the_question(bot: TelegramRig) -> None:
    await bot.say(ALICE, "add buy milk")
    [asking] = await bot.say(ALICE, "delete 1")
    assert asking.text.startswith("Delete #1 “buy milk”?")
    assert asking.buttons == ["Delete “buy milk”", "Cancel"]
    assert await bot.titles(ALICE) == ["buy milk"]

    await bot.api.push(callback_update(ALICE, asking, asking.callback_data("Delete")))
    edited = await bot.answered("editMessageText")
    assert edited.text == "Deleted #1 “buy milk”."
    assert edited.params["message_id"] == str(asking.result["message_id"])
    # Confirm and Cancel are gone; the outcome has its own Undo
    assert [[b["text"] for b in row] for row in edited.json("reply_markup")["inline_keyboard"]] == [
        ["Undo"]
    ]
    assert "show_alert" not in bot.api.sent("answerCallbackQuery")[-1].params
    assert await bot.titles(ALICE) == []


async def test_cancel_keeps_the_task(bot: TelegramRig) -> None:
    await bot.say(ALICE, "add buy milk")
    [asking] = await bot.say(ALICE, "delete 1")
    await bot.api.push(callback_update(ALICE, asking, asking.callback_data("Cancel")))
    edited = await bot.answered("editMessageText")
    assert edited.text == "Okay, I kept #1 “buy milk”. Nothing was deleted."
    assert edited.json("reply_markup") is None
    assert await bot.titles(ALICE) == ["buy milk"]


async def test_a_strangers_press_in_a_group_changes_nothing(bot: TelegramRig) -> None:
    await bot.say(ALICE, f"@{BOT_USERNAME} add buy milk", chat=FLAT)
    [asking] = await bot.say(ALICE, f"@{BOT_USERNAME} delete 1", chat=FLAT)
    confirm = asking.callback_data("Delete")

    await bot.api.push(callback_update(BOB, asking, confirm))
    alert = await bot.answered("answerCallbackQuery")
    assert alert.text == "Only the person who asked can confirm or cancel this."
    assert alert.params["show_alert"] == "true"
    assert bot.api.sent("editMessageText") == []
    assert await bot.titles(ALICE) == ["buy milk"]

    await bot.api.push(callback_update(ALICE, asking, confirm))  # the owner still can
    assert (await bot.answered("editMessageText")).text == "Deleted #1 “buy milk”."
    assert await bot.titles(ALICE) == []


async def test_a_double_press_deletes_once(bot: TelegramRig) -> None:
    await bot.say(ALICE, "add buy milk")
    await bot.say(ALICE, "add buy bread")
    [asking] = await bot.say(ALICE, "delete 1")
    confirm = asking.callback_data("Delete")
    await bot.api.push(
        callback_update(ALICE, asking, confirm), callback_update(ALICE, asking, confirm)
    )
    answers = await bot.api.wait_for("answerCallbackQuery", 2)
    assert answers[1].text == "That was already confirmed; nothing more to do."
    assert answers[1].params["show_alert"] == "true"
    assert [call.text for call in bot.api.sent("editMessageText")] == ["Deleted #1 “buy milk”."]
    assert await bot.titles(ALICE) == ["buy bread"]


async def test_a_redelivered_press_is_applied_once(bot: TelegramRig) -> None:
    await bot.say(ALICE, "add buy milk")
    [asking] = await bot.say(ALICE, "delete 1")
    press = callback_update(ALICE, asking, asking.callback_data("Delete"))
    await bot.api.push(press, press)
    await bot.caught_up(ALICE)
    [answer] = bot.api.sent("answerCallbackQuery")  # the redelivery was recorded once
    assert "text" not in answer.params  # no spinner, no alert
    assert len(bot.api.sent("editMessageText")) == 1
    assert await bot.titles(ALICE) == []


async def test_a_redelivered_message_is_applied_once(bot: TelegramRig) -> None:
    chat = {"id": ALICE["id"], "type": "private"}
    update = message_update(ALICE, chat, "add buy milk")
    await bot.api.push(update, update, message_update(ALICE, chat, "list"))
    replies = await bot.api.wait_for("sendMessage", 2)  # one chat's updates run in order
    assert [reply.text for reply in replies] == [
        "Added #1 “buy milk”.",
        "You have 1 pending task:\n1. buy milk",
    ]
    assert await bot.titles(ALICE) == ["buy milk"]


async def test_a_button_that_is_not_ours_gets_an_answer(bot: TelegramRig) -> None:
    [added] = await bot.say(ALICE, "add buy milk")
    await bot.api.push(callback_update(ALICE, added, "something-else"))
    alert = await bot.answered("answerCallbackQuery")
    assert alert.text == "That button no longer works. Ask me again."
    assert await bot.titles(ALICE) == ["buy milk"]


@pytest.mark.parametrize(
    ("said", "outcome", "left"),
    [
        ("yes", "Deleted #1 “buy milk”.", []),
        ("no", "Okay, I kept #1 “buy milk”. Nothing was deleted.", ["buy milk"]),
    ],
)
async def test_a_typed_answer_edits_the_question_to_the_outcome(
    bot: TelegramRig, said: str, outcome: str, left: list[str]
) -> None:
    await bot.say(ALICE, "add buy milk")
    [asking] = await bot.say(ALICE, "delete 1")
    [answer] = await bot.say(ALICE, said)
    assert answer.text == outcome
    [edited] = await bot.api.wait_for("editMessageText")
    assert edited.params["chat_id"] == str(ALICE["id"])
    assert edited.params["message_id"] == str(asking.result["message_id"])
    assert edited.text == outcome
    assert edited.json("reply_markup") is None  # Confirm and Cancel are gone
    assert await bot.titles(ALICE) == left


async def test_a_refused_edit_after_a_typed_answer_still_answers(
    bot: TelegramRig, caplog: pytest.LogCaptureFixture
) -> None:
    await bot.say(ALICE, "add buy milk")
    await bot.say(ALICE, "delete 1")
    bot.api.fail("editMessageText", description="Bad Request: message to edit not found")
    [answer] = await bot.say(ALICE, "yes")
    assert answer.text == "Deleted #1 “buy milk”."
    await bot.api.wait_for("editMessageText")
    await bot.say(ALICE, "list")  # the turn after it runs: nothing was left broken
    assert "could not edit message" in caplog.text
    assert await bot.titles(ALICE) == []
