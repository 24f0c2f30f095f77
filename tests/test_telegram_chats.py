"""Telegram by long polling against the fake Bot API: private chats, commands and groups."""

from __future__ import annotations

from core.commands.account_commands import install as install_account_commands
from core.storage.db import Database
from tests.fakes.telegram_api import BOT_USERNAME, bot_message, group_chat, person
from tests.fakes.telegram_rig import TelegramRig, polling_bot, telegram_api
from tests.harness import ScriptedAgent, build_chat

ALICE = person(111, "Alice", "alice")
BOB = person(222, "Bob")
FLAT = group_chat()


async def test_start_up_introduces_the_bot_and_its_menu(bot: TelegramRig) -> None:
    methods = [call.method for call in bot.api.calls]
    assert methods.index("getMe") < methods.index("setMyCommands") < methods.index("getUpdates")
    assert bot.api.menu("all_private_chats")[:7] == [
        "start",
        "help",
        "add",
        "list",
        "done",
        "delete",
        "new",
    ]


async def test_a_private_message_is_a_turn(bot: TelegramRig) -> None:
    [reply] = await bot.say(ALICE, "add buy milk")
    assert reply.text == "Added #1 “buy milk”."
    assert reply.params["parse_mode"] == "HTML"
    assert reply.params["chat_id"] == str(ALICE["id"])
    assert await bot.titles(ALICE) == ["buy milk"]
    [listing] = await bot.say(ALICE, "list")
    assert "1. buy milk" in listing.text


async def test_each_command(bot: TelegramRig) -> None:
    [hello] = await bot.say(ALICE, "/start")
    assert hello.text.startswith("Hi! I'm todobot.")
    [helping] = await bot.say(ALICE, "/help")
    assert "/add &lt;title&gt;" in helping.text  # the core's text, escaped for HTML
    assert (await bot.say(ALICE, "/add call mom"))[0].text == "Added #1 “call mom”."
    assert (await bot.say(ALICE, "/add buy bread"))[0].text == "Added #2 “buy bread”."
    assert "2. buy bread" in (await bot.say(ALICE, "/list"))[0].text
    assert (await bot.say(ALICE, "/done 1"))[0].text.startswith("Marked #1")
    [asking] = await bot.say(ALICE, "/delete 2")
    assert asking.buttons == ["Delete “buy bread”", "Cancel"]
    assert (await bot.say(ALICE, "/new"))[0].text.startswith("Started a fresh conversation")
    [unknown] = await bot.say(ALICE, "/frobnicate")
    assert "I don't know /frobnicate" in unknown.text
    assert await bot.titles(ALICE) == ["call mom", "buy bread"]


async def test_commands_addressed_to_the_bot_by_name(bot: TelegramRig) -> None:
    [reply] = await bot.say(ALICE, f"/add@{BOT_USERNAME} water plants", chat=FLAT)
    assert reply.text == "Added #1 “water plants”."
    assert await bot.titles(ALICE) == ["water plants"]


async def test_a_group_message_needs_a_mention(bot: TelegramRig) -> None:
    await bot.api.push_message(ALICE, FLAT, "add gossip")  # chatter: not for the bot
    [reply] = await bot.say(ALICE, f"@{BOT_USERNAME} add buy milk", chat=FLAT)
    assert reply.text == "Added #1 “buy milk”."
    assert len(bot.api.sent()) == 1
    assert await bot.titles(ALICE) == ["buy milk"]


async def test_group_tasks_belong_to_whoever_wrote(bot: TelegramRig) -> None:
    await bot.say(ALICE, f"@{BOT_USERNAME} add buy milk", chat=FLAT)
    [reply] = await bot.say(BOB, f"@{BOT_USERNAME} add fix the sink", chat=FLAT)
    assert reply.text == "Added #1 “fix the sink”."
    assert reply.json("reply_parameters")["message_id"] > 0  # answers Bob's message
    assert await bot.titles(ALICE) == ["buy milk"]
    assert await bot.titles(BOB) == ["fix the sink"]


async def test_a_reply_to_the_bot_in_a_group_is_answered(bot: TelegramRig) -> None:
    [added] = await bot.say(ALICE, f"@{BOT_USERNAME} add buy milk", chat=FLAT)
    [listing] = await bot.say(ALICE, "list", chat=FLAT, reply_to=bot_message(added))
    assert "1. buy milk" in listing.text


async def test_html_hostile_titles_arrive_intact(bot: TelegramRig) -> None:
    title = "<b>bold</b> & *stars* _under_ [link](x)"
    [reply] = await bot.say(ALICE, f"add {title}")
    assert reply.text == ("Added #1 “&lt;b&gt;bold&lt;/b&gt; &amp; *stars* _under_ [link](x)”.")
    assert await bot.titles(ALICE) == [title]


async def test_a_long_reply_is_split(bot: TelegramRig, database: Database) -> None:
    for number in range(1, 21):  # a page of the longest titles there are
        await bot.say(ALICE, f"/add {number:02d} " + "x" * 197)
    [first, second] = await bot.say(ALICE, "/list", replies=2)
    assert len(first.text) <= 4096 and len(second.text) <= 4096
    assert first.text.startswith("You have 20 pending tasks:")
    assert second.text.rstrip().endswith("x")
    assert "20. 20 " in second.text


async def test_an_export_asked_for_in_a_group_is_refused_there(
    database: Database, agent: ScriptedAgent
) -> None:
    chat = build_chat(database, agent)
    install_account_commands(chat)
    async with telegram_api() as api, polling_bot(api, database, chat) as bot:
        [reply] = await bot.say(ALICE, f"/export@{BOT_USERNAME}", chat=FLAT)
        assert "only send it in a private chat" in reply.text
        assert bot.api.sent("sendDocument") == []
        await bot.say(ALICE, "/export")
        [document] = await bot.api.wait_for("sendDocument")
        assert document.params["chat_id"] == str(ALICE["id"])
