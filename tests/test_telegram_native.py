"""Telegram's own affordances through the real python-telegram-bot against the fake Bot API:
Done buttons on private listings, forwarded messages offered as tasks, /add in reply, inline
mode, and the command menus per chat type and language."""

from __future__ import annotations

from sqlmodel import select

from core.storage import audit
from core.storage.models import Task
from tests.fakes.telegram_api import (
    BOT_USERNAME,
    callback_update,
    forwarded_update,
    group_chat,
    inline_update,
    person,
    private_chat,
)
from tests.fakes.telegram_rig import TelegramRig

ALICE = person(111, "Alice", "alice")
BOB = person(222, "Bob")
FLAT = group_chat()


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
    await bot.caught_up(ALICE)
    assert len(bot.api.sent("answerCallbackQuery")) == 1
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
        calls = [(entry.action, entry.ok) for entry in await audit.entries(session)]
    assert list(done) == ["call mom"]
    assert calls.count(("complete_task", True)) == 1
    assert calls.count(("complete_task", False)) == 1  # Bob's


async def test_a_long_listing_is_one_message_and_more_pages_it(bot: TelegramRig) -> None:
    for n in range(1, 23):
        await bot.say(ALICE, f"/add task {n}")
    [listing] = await bot.say(ALICE, "/list")
    rows = keyboard_rows(listing)
    assert rows[-1] == ["More ›"] and sum(len(r) for r in rows[:-1]) == 20
    assert all(len(row) <= 5 for row in rows)
    assert listing.text.endswith("Showing 1–20 of 22.")
    await bot.api.push(callback_update(ALICE, listing, listing.callback_data("More ›")))
    edited = await bot.answered("editMessageText")
    assert keyboard_rows(edited) == [["✓ 21", "✓ 22"], ["‹ First"]]
    assert edited.text.endswith("Showing 21–22 of 22.")


async def test_a_group_listing_has_no_buttons(bot: TelegramRig) -> None:
    await bot.say(ALICE, "/add buy milk")
    [listing] = await bot.say(ALICE, f"/list@{BOT_USERNAME}", chat=FLAT)
    assert listing.json("reply_markup") is None


async def test_a_forwarded_message_is_offered_and_added_once(bot: TelegramRig) -> None:
    await bot.api.push(forwarded_update(ALICE, "delete everything and call the bank\nby Friday"))
    [offer] = await bot.api.wait_for("sendMessage")
    assert offer.text == (
        "Add “delete everything and call the bank” as a task "
        "(with the whole message as its description)?"
    )
    assert offer.buttons == ["Add", "Cancel"]
    assert await bot.titles(ALICE) == []  # offered, not read as a request

    add = callback_update(ALICE, offer, offer.callback_data("Add"))
    await bot.api.push(callback_update(BOB, offer, offer.callback_data("Add")), add, add)
    await bot.api.wait_for("answerCallbackQuery", 2)  # Bob's alert; Alice's press, once
    await bot.caught_up(ALICE)
    assert len(bot.api.sent("answerCallbackQuery")) == 2
    [edited] = bot.api.sent("editMessageText")
    assert edited.text == (
        "Added #1 “delete everything and call the bank” "
        "(delete everything and call the bank\nby Friday)."
    )
    assert await bot.titles(ALICE) == ["delete everything and call the bank"]
    async with bot.database.session() as session:
        calls = [(entry.action, entry.ok) for entry in await audit.entries(session)]
    assert calls == [("add_task", True)]


async def test_a_forwarded_offer_can_be_declined(bot: TelegramRig) -> None:
    await bot.api.push(forwarded_update(ALICE, "", caption="Concert tickets on sale Monday"))
    [offer] = await bot.api.wait_for("sendMessage")
    assert offer.text == "Add “Concert tickets on sale Monday” as a task?"
    await bot.api.push(callback_update(ALICE, offer, offer.callback_data("Cancel")))
    assert (await bot.answered("editMessageText")).text == "Okay, I didn't add it."
    assert await bot.titles(ALICE) == []


async def test_add_in_reply_to_a_message_adds_that_message(bot: TelegramRig) -> None:
    carol_said = {
        "message_id": 77,
        "date": 0,
        "chat": FLAT,
        "from": person(999, "Carol"),
        "text": "Someone needs to buy bin bags",
    }
    [reply] = await bot.say(ALICE, "/add", chat=FLAT, reply_to=carol_said)
    assert reply.text == "Added #1 “Someone needs to buy bin bags”."
    [reply] = await bot.say(ALICE, "/add", reply_to={**carol_said, "chat": private_chat(ALICE)})
    assert reply.text == "Added #2 “Someone needs to buy bin bags”."
    [reply] = await bot.say(ALICE, "/add")  # no reply, no text: asked what to add
    assert reply.text.startswith("What should I add?")


async def test_inline_queries_list_only_the_askers_tasks(bot: TelegramRig) -> None:
    for title in ("buy milk", "buy bread", "call mom"):
        await bot.say(ALICE, f"/add {title}")
    await bot.say(BOB, "/add buy a secret present")
    await bot.api.push(inline_update(ALICE, "buy"))
    answer = await bot.answered("answerInlineQuery")
    results = answer.json("results")
    assert [r["title"] for r in results] == ["#1 buy milk", "#2 buy bread"]
    assert results[0]["input_message_content"]["message_text"] == "☐ <b>buy milk</b>"
    assert answer.params["is_personal"] == "true"

    await bot.api.push(inline_update(ALICE, ""))
    everything = await bot.answered("answerInlineQuery")
    assert len(everything.json("results")) == 3

    await bot.api.push(inline_update(person(333, "Dave"), "buy"))
    stranger = await bot.answered("answerInlineQuery")
    assert stranger.json("results") == []
    assert stranger.json("button")["start_parameter"] == "inline"


async def test_menus_are_registered_per_chat_type_and_language(bot: TelegramRig) -> None:
    private = bot.api.menu("all_private_chats")
    groups = bot.api.menu("all_group_chats")
    assert "link" in private and "export" in private
    assert groups == ["add", "list", "done", "delete", "help"]
    assert bot.api.menu("all_group_chats", "de") == groups
    german = next(
        call
        for call in bot.api.sent("setMyCommands")
        if call.params.get("language_code") == "de"
        and call.json("scope")["type"] == "all_private_chats"
    )
    assert german.json("commands")[2]["description"] == "Aufgabe hinzufügen: /add Milch kaufen"
    languages = {c.params.get("language_code", "") for c in bot.api.sent("setMyDescription")}
    assert {"", "de", "es", "fr", "ru"} <= languages


async def test_a_title_s_direction_overrides_never_reach_an_inline_result(
    bot: TelegramRig,
) -> None:
    """A reversed file name cannot be stored, nor shared from a title kept from before."""
    [added] = await bot.say(ALICE, "/add invoice\u202efdp.exe")
    await bot.say(ALICE, "/add report")
    async with bot.database.session() as session, session.begin():
        older = (await session.exec(select(Task).where(Task.title == "report"))).one()
        older.title = "report\u202ecod.scr"  # as stored before format characters were dropped
    await bot.api.push(inline_update(ALICE, ""))
    results = (await bot.answered("answerInlineQuery")).json("results")

    assert added.text == "Added #1 “invoicefdp.exe”."
    assert [r["title"] for r in results] == ["#1 invoicefdp.exe", "#2 reportcod.scr"]
    assert all("\u202e" not in r["input_message_content"]["message_text"] for r in results)
