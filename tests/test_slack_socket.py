"""`todobot slack`: Socket Mode through a local WebSocket fake, end to end."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from adapters.slack.config import slack_credentials
from adapters.slack.socket_mode import run_socket_mode
from bot.platform_config import slack_config
from core.delivery.inbox import Inbox
from core.storage.db import Database
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.slack_rig import slack_settings
from tests.fakes.slack_socket import FakeSlackSocket
from tests.harness import ChatDriver, ScriptedAgent, build_chat, queries_beside


async def test_a_dm_over_socket_mode(database: Database, agent: ScriptedAgent) -> None:
    socket = await FakeSlackSocket().start()
    api = await FakeSlackApi(socket_url=socket.url).start()
    chat = build_chat(database, agent)
    stop = asyncio.Event()
    credentials = slack_credentials(slack_config(slack_settings(api)), "socket")
    inbox = Inbox(database)
    running = asyncio.create_task(
        run_socket_mode(credentials, chat, queries_beside(chat), inbox, stop=stop)
    )
    try:
        envelope_id = await socket.send(payloads.dm("add buy milk"))
        assert (await socket.wait_ack(envelope_id))["envelope_id"] == envelope_id
        [answer] = await api.wait_for("chat.postMessage")
        assert (answer["channel"], answer["text"]) == ("D0ALICE", "Added #1 “buy milk”.")
        checked, opened = api.of("apps.connections.open")  # the token checked, then used
        assert checked.token == opened.token == payloads.APP_TOKEN
        assert answer.token == payloads.BOT_TOKEN
    finally:
        stop.set()
        await running
        await api.stop()
        await socket.stop()
    alice = ChatDriver(chat, database, user="U0ALICE", platform="slack")
    assert await alice.titles() == ["buy milk"]


@pytest.mark.parametrize(
    ("method", "variable"),
    [("apps.connections.open", "SLACK_APP_TOKEN"), ("auth.test", "SLACK_BOT_TOKEN")],
)
@pytest.mark.slow
async def test_todobot_slack_stops_at_once_on_a_token_slack_rejects(
    tmp_path: Path, method: str, variable: str
) -> None:
    api = await FakeSlackApi(socket_url="ws://127.0.0.1:9/never").start()
    api.refuse(method, times=1000, error="invalid_auth")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'todobot.db'}",
        "SLACK_BOT_TOKEN": payloads.BOT_TOKEN,
        "SLACK_APP_TOKEN": payloads.APP_TOKEN,
        "SLACK_API_URL": api.api_url,
    }
    try:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "slack", cwd=tmp_path, env=env,
            stdin=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        _, said = await asyncio.wait_for(process.communicate(), timeout=60)
    finally:
        await api.stop()

    assert process.returncode == 2
    assert len(api.of(method)) == 1  # asked once, never retried
    last = said.decode().strip().splitlines()[-1]
    assert last.startswith(f"Slack rejected {variable} (invalid_auth).")
    assert "Traceback" not in said.decode() and "Failed to connect" not in said.decode()
