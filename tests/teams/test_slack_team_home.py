"""Everyone's own work in one place, through the real slack-bolt and the fake Web API: the Home
tab's **Assigned to you** groups the team tasks a person holds by channel, beside their own
list; their personal listing says how many team tasks they hold."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from core.storage.db import Database
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_rig import SlackRig, slack_rig
from tests.harness import ScriptedAgent, build_chat

ENG, OPS = "C0ENG", "C0OPS"
ALICE, BOB, CAROL = "U0ALICE", "U0BOB", "U0CAROL"


@pytest.fixture
async def slack(database: Database, agent: ScriptedAgent) -> AsyncIterator[SlackRig]:
    from bot.wiring import install_team_commands
    from core.agent.builtin.team_dates import due_in_title

    chat = build_chat(database, agent, rate_limit_per_minute=0)
    install_team_commands(chat, read_date=due_in_title)
    async with slack_rig(chat) as rig:
        rig.api.channel_members = {ENG: [ALICE, BOB, CAROL], OPS: [CAROL, BOB]}
        yield rig


async def todo(slack: SlackRig, text: str, *, user: str, channel: str) -> str:
    before = len(slack.api.of("response_url"))
    assert (await slack.command(text, user=user, channel=channel)).status_code == 200
    await slack.settled()
    answers = slack.api.of("response_url")[before:]
    assert len(answers) == 1
    return str(answers[0]["text"])


async def home_of(slack: SlackRig, user: str) -> dict[str, Any]:
    assert (await slack.event(payloads.home_opened(user=user, view=None))).status_code == 200
    await slack.settled()
    view = slack.api.of("views.publish", user_id=user)[-1]["view"]
    return json.loads(view) if isinstance(view, str) else view


def texts(view: dict[str, Any]) -> list[str]:
    return [
        block["text"]["text"]
        for block in view["blocks"]
        if block["type"] in ("header", "section") and "text" in block
    ]


async def test_the_home_tab_shows_what_is_assigned_by_channel(slack: SlackRig) -> None:
    await todo(slack, "team add fix the build <@U0BOB|bob>", user=ALICE, channel=ENG)
    await todo(slack, "team add write the notes", user=ALICE, channel=ENG)
    await todo(slack, "team add rotate keys <@U0BOB|bob>", user=CAROL, channel=OPS)
    await todo(slack, "team add order pizza <@U0CAROL|carol>", user=ALICE, channel=ENG)
    await todo(slack, "add buy milk", user=BOB, channel="DU0BOB")

    bobs = texts(await home_of(slack, BOB))
    carols = texts(await home_of(slack, CAROL))
    alices = texts(await home_of(slack, ALICE))

    assert bobs[-3:] == [
        "Assigned to you",
        f"*<#{ENG}>*\n• #1 fix the build",
        f"*<#{OPS}>*\n• #1 rotate keys",
    ]
    assert carols[-2:] == ["Assigned to you", f"*<#{ENG}>*\n• #3 order pizza"]
    assert "Assigned to you" not in alices  # she gave tasks out and holds none
    assert not any("write the notes" in text for text in bobs + carols + alices)


async def test_completing_a_team_task_takes_it_off_the_home_tab(slack: SlackRig) -> None:
    await todo(slack, "team add fix the build <@U0BOB|bob>", user=ALICE, channel=ENG)
    await todo(slack, "team done 1", user=CAROL, channel=ENG)

    assert "Assigned to you" not in texts(await home_of(slack, BOB))


async def test_a_personal_listing_mentions_the_team_tasks_held(slack: SlackRig) -> None:
    await todo(slack, "add buy milk", user=BOB, channel="DU0BOB")
    alone = await todo(slack, "list", user=BOB, channel="DU0BOB")
    await todo(slack, "team add fix the build <@U0BOB|bob>", user=ALICE, channel=ENG)
    await todo(slack, "team add rotate keys <@U0BOB|bob>", user=CAROL, channel=OPS)

    listed = await todo(slack, "list", user=BOB, channel="DU0BOB")

    assert "team task" not in alone
    assert listed.endswith(
        "You also have 2 team tasks assigned to you — say “what's assigned to me?”"
    )
    assert "buy milk" in listed and "fix the build" not in listed
