"""Telegram's own affordances through the real python-telegram-bot against the fake Bot API:
Done buttons on private listings."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlmodel import select

from core.db import Database
from core.models import Task, ToolCall
from tests.fakes.telegram_api import BOT_USERNAME, callback_update, group_chat, person
from tests.fakes.telegram_rig import TelegramRig, polling_bot, telegram_api
from tests.harness import ScriptedAgent, build_chat

ALICE = person(111, "Alice", "alice")
BOB = person(222, "Bob")
FLAT = group_chat()


@pytest.fixture
async def bot(database: Database, agent: ScriptedAgent) -> AsyncIterator[TelegramRig]:
    async with (
        telegram_api() as api,
        polling_bot(api, database, build_chat(database, agent)) as rig,
    ):
        yield rig


def keyboard_rows(call) -> list[list[str]]:  # type: ignore[no-untyped-def]
    markup = call.json("reply_markup") or {}
    return [[b["text"] for b in row] for row in markup.get("inline_keyboard", [])]


async def test_a_private_listing_has_done_buttons_that_edit_it_in_place(bot: TelegramRig) -> None:
    for title in ("buy milk", "call mom", "pay rent"):
        await bot.say(ALICE, f"/add {title}")
    [listing] = await bot.say(ALICE, "/list")
    assert keyboard_rows(listing) == [["✓ 1", "✓ 2", "✓ 3"]]
    data = listing.callback_data("✓ 2")
    assert len(data.encode()) <= 64

    pressed = callback_update(ALICE, listing, data)
    await bot.api.push(pressed, pressed)  # the second is the same update delivered again
    await bot.api.wait_for("answerCallbackQuery", 2)
    [edited] = bot.api.sent("editMessageText")
    assert edited.params["message_id"] == str(listing.result["message_id"])
    assert edited.text == (
        "Marked #2 “call mom” as done.\nYou have 2 pending tasks:\n1. buy milk\n3. pay rent"
    )
    assert keyboard_rows(edited) == [["✓ 1", "✓ 3"]]

    await bot.api.push(callback_update(BOB, listing, listing.callback_data("✓ 1")))
    alert = await bot.answered("answerCallbackQuery")
    assert alert.text.startswith("That task isn't on your list")
    assert len(bot.api.sent("editMessageText")) == 1
    assert await bot.titles(ALICE) == ["buy milk", "call mom", "pay rent"]
    async with bot.database.session() as session:
        done = (await session.exec(select(Task.title).where(Task.completed))).all()
        audit = (await session.exec(select(ToolCall.tool, ToolCall.ok))).all()
    assert list(done) == ["call mom"]
    assert [tuple(row) for row in audit].count(("complete_task", True)) == 1
    assert [tuple(row) for row in audit].count(("complete_task", False)) == 1  # Bob's


async def test_a_long_listing_pages_its_buttons(bot: TelegramRig) -> None:
    for n in range(1, 13):
        await bot.say(ALICE, f"/add task {n}")
    [listing] = await bot.say(ALICE, "/list")
    rows = keyboard_rows(listing)
    assert rows[-1] == ["More ›"] and sum(len(r) for r in rows[:-1]) == 10
    assert all(len(row) <= 5 for row in rows)
    await bot.api.push(callback_update(ALICE, listing, listing.callback_data("More ›")))
    edited = await bot.answered("editMessageText")
    assert keyboard_rows(edited) == [["✓ 11", "✓ 12"], ["‹ First"]]


async def test_a_group_listing_has_no_buttons(bot: TelegramRig) -> None:
    await bot.say(ALICE, "/add buy milk")
    [listing] = await bot.say(ALICE, f"/list@{BOT_USERNAME}", chat=FLAT)
    assert listing.json("reply_markup") is None
