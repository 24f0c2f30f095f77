"""`todobot slack`: Socket Mode through a local WebSocket fake, end to end."""

from __future__ import annotations

import asyncio

from adapters.slack.config import slack_credentials
from adapters.slack.socket_mode import run_socket_mode
from bot.wiring import slack_config
from core.delivery.inbox import Inbox
from core.storage.db import Database
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.slack_rig import slack_settings
from tests.fakes.slack_socket import FakeSlackSocket
from tests.harness import ChatDriver, ScriptedAgent, build_chat


async def test_a_dm_over_socket_mode(database: Database, agent: ScriptedAgent) -> None:
    socket = await FakeSlackSocket().start()
    api = await FakeSlackApi(socket_url=socket.url).start()
    chat = build_chat(database, agent)
    stop = asyncio.Event()
    credentials = slack_credentials(slack_config(slack_settings(api)), "socket")
    inbox = Inbox(database)
    running = asyncio.create_task(run_socket_mode(credentials, chat, inbox, stop=stop))
    try:
        envelope_id = await socket.send(payloads.dm("add buy milk"))
        assert (await socket.wait_ack(envelope_id))["envelope_id"] == envelope_id
        [answer] = await api.wait_for("chat.postMessage")
        assert (answer["channel"], answer["text"]) == ("D0ALICE", "Added #1 “buy milk”.")
        [opened] = api.of("apps.connections.open")
        assert opened.token == payloads.APP_TOKEN
        assert answer.token == payloads.BOT_TOKEN
    finally:
        stop.set()
        await running
        await api.stop()
        await socket.stop()
    alice = ChatDriver(chat, database, user="U0ALICE", platform="slack")
    assert await alice.titles() == ["buy milk"]
