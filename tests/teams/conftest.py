"""The team-list rigs every file here shares: three people in two Slack channels (`slack`) or
two Telegram groups (`team`) plus an outsider, the team commands installed, driven through
the real slack-bolt and python-telegram-bot against the fakes. A file that needs another
shape (a pinned clock, other members) defines its own fixture of the same name."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.team_wiring import read_team_due
from bot.wiring import install_team_commands
from core.storage.db import Database
from tests.fakes.slack_rig import SlackRig, slack_rig
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.fakes.telegram_rig import TelegramRig, polling_bot
from tests.harness import ScriptedAgent, build_chat
from tests.teams import slack_people as on_slack
from tests.teams import telegram_people as on_telegram


@pytest.fixture
async def slack(database: Database, agent: ScriptedAgent) -> AsyncIterator[SlackRig]:
    chat = build_chat(database, agent, rate_limit_per_minute=0)
    install_team_commands(chat, read_date=read_team_due)
    async with slack_rig(chat) as rig:
        rig.api.channel_members = {
            on_slack.ENG: [on_slack.ALICE, on_slack.BOB, on_slack.CAROL],
            on_slack.OPS: [on_slack.CAROL, on_slack.ALICE],
        }
        rig.api.channel_names = {on_slack.ENG: "eng", on_slack.OPS: "ops"}
        yield rig


@pytest.fixture
async def team(
    bot_api: FakeTelegramAPI, database: Database, agent: ScriptedAgent
) -> AsyncIterator[TelegramRig]:
    chat = build_chat(database, agent, rate_limit_per_minute=0)
    install_team_commands(chat, read_date=read_team_due)
    bot_api.chat_members = {
        on_telegram.FLAT["id"]: {111, 222, 333},
        on_telegram.BAND["id"]: {333, 111},
    }
    async with polling_bot(bot_api, database, chat) as rig:
        yield rig
