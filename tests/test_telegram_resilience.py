"""A Bot API that refuses, throttles or drops calls: the bot carries on, or says clearly why not."""

from __future__ import annotations

import asyncio

import pytest
from pydantic import SecretStr
from typer.testing import CliRunner

from adapters.telegram import menus
from adapters.telegram.application import build_application, run_polling
from adapters.telegram.config import TelegramSetupError
from bot.cli import app as cli
from bot.platform_config import telegram_config
from core.agent.base import AgentTurn
from core.commands.extensions import CommandCall
from core.delivery.inbox import Inbox
from core.storage.db import Database
from core.types import Attachment, Reply
from tests.fakes.telegram_api import person, private_chat
from tests.fakes.telegram_rig import polling_bot, telegram_api, telegram_settings
from tests.harness import ScriptedAgent, build_chat, turns_and_reads

ALICE = person(111, "Alice", "alice")


async def test_a_refused_command_menu_is_not_fatal(
    database: Database, agent: ScriptedAgent
) -> None:
    async with telegram_api() as api:
        api.fail("setMyCommands", description="Bad Request: BOT_COMMANDS_TOO_MUCH")
        async with polling_bot(api, database, build_chat(database, agent)) as bot:
            [reply] = await bot.say(ALICE, "add buy milk")
            assert reply.text == "Added #1 “buy milk”."
    assert len(api.sent("setMyCommands")) == len(menus.menus())  # each tried once


async def test_a_refused_typing_indicator_is_not_fatal(database: Database) -> None:
    async with telegram_api() as api:

        class SlowAgent(ScriptedAgent):
            async def respond(self, turn: AgentTurn) -> str:
                await api.wait_for("sendChatAction")  # thinking long enough to show typing
                return await super().respond(turn)

        api.fail("sendChatAction", status=400, description="Bad Request: not enough rights")
        chat = build_chat(database, SlowAgent())
        async with polling_bot(api, database, chat, typing_after=0.0) as bot:
            [reply] = await bot.say(ALICE, "add buy milk")
            assert reply.text == "Added #1 “buy milk”."
            assert bot.api.sent("sendChatAction")[0].params["action"] == "typing"
            assert await bot.titles(ALICE) == ["buy milk"]


async def test_flood_control_waits_and_retries(database: Database, agent: ScriptedAgent) -> None:
    async with telegram_api() as api:
        api.fail(
            "sendMessage", status=429, description="Too Many Requests: retry after 1", retry_after=1
        )
        async with polling_bot(api, database, build_chat(database, agent)) as bot:
            await bot.api.push_message(ALICE, private_chat(ALICE), "add buy milk")
            refused, delivered = await bot.api.wait_for("sendMessage", 2)
            assert refused.text == delivered.text == "Added #1 “buy milk”."
            assert await bot.titles(ALICE) == ["buy milk"]


async def test_polling_recovers_from_network_errors(
    database: Database, agent: ScriptedAgent
) -> None:
    async with telegram_api() as api:
        api.fail("getUpdates", times=2, status=502, description="Bad Gateway")
        async with polling_bot(api, database, build_chat(database, agent)) as bot:
            [reply] = await bot.say(ALICE, "add buy milk")
            assert reply.text == "Added #1 “buy milk”."
            assert len(api.sent("getUpdates")) >= 3


async def test_an_unreachable_api_at_start_up_is_waited_out(
    database: Database, agent: ScriptedAgent
) -> None:
    async with telegram_api() as api:
        api.fail("getMe", status=502, description="Bad Gateway")
        async with polling_bot(api, database, build_chat(database, agent)) as bot:
            [reply] = await bot.say(ALICE, "list")
            assert "no pending tasks" in reply.text
            assert len(api.sent("getMe")) == 2


async def test_a_rejected_token_stops_start_up_clearly(
    database: Database, agent: ScriptedAgent
) -> None:
    async with telegram_api() as api:
        other = telegram_settings(api, telegram_bot_token=SecretStr("123:WRONGtoken"))
        application = build_application(
            telegram_config(other), *turns_and_reads(build_chat(database, agent))
        )
        with pytest.raises(TelegramSetupError, match="Telegram rejected TELEGRAM_BOT_TOKEN"):
            await run_polling(application, Inbox(database), asyncio.Event())


@pytest.mark.parametrize("token", ["", "not-a-token", "12345", "abc:def"])
def test_a_missing_or_malformed_token_names_the_setting(token: str) -> None:
    result = CliRunner().invoke(cli, ["telegram"], env={"TELEGRAM_BOT_TOKEN": token})
    assert result.exit_code == 2
    assert "TELEGRAM_BOT_TOKEN" in result.output


async def test_an_attachment_is_sent_as_a_document(database: Database) -> None:
    async def export(call: CommandCall) -> Reply:
        return Reply(
            text="Here is everything I keep about you.",
            attachment=Attachment("todobot-export.json", b'{"tasks": []}'),
        )

    chat = build_chat(database, ScriptedAgent())
    chat.commands["export"] = export
    async with telegram_api() as api, polling_bot(api, database, chat) as bot:
        await bot.say(ALICE, "/export")
        [document] = await bot.api.wait_for("sendDocument")
        assert document.params["chat_id"] == str(ALICE["id"])
        assert document.files["document"] == ("todobot-export.json", b'{"tasks": []}')


async def test_a_photo_in_a_private_chat_gets_a_hint(database: Database) -> None:
    async with (
        telegram_api() as api,
        polling_bot(api, database, build_chat(database, ScriptedAgent())) as bot,
    ):
        update = {
            "update_id": 77,
            "message": {
                "message_id": 5,
                "date": 0,
                "chat": private_chat(ALICE),
                "from": ALICE,
                "photo": [{"file_id": "p", "file_unique_id": "p", "width": 1, "height": 1}],
            },
        }
        await bot.api.push(update)
        [hint] = await bot.api.wait_for("sendMessage")
        assert hint.text.startswith("I can only read text messages.")
        assert await bot.stored() == (0, 0)


async def test_stopping_while_the_api_is_unreachable_ends_start_up(
    database: Database, agent: ScriptedAgent
) -> None:
    async with telegram_api() as api:
        api.fail("getMe", times=100, status=502, description="Bad Gateway")
        application = build_application(
            telegram_config(telegram_settings(api)), *turns_and_reads(build_chat(database, agent))
        )
        stop = asyncio.Event()
        polling = asyncio.create_task(run_polling(application, Inbox(database), stop))
        await api.wait_for("getMe")
        stop.set()  # Ctrl-C
        await asyncio.wait_for(polling, 5)
        assert api.sent("getUpdates") == []
