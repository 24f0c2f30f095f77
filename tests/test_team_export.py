"""A person's export holds the team tasks they created or hold (and no one else's); forgetting
the creator leaves the task on the team's list, still held by its assignee."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.wiring import build_chat
from core.chat import ChatPolicy
from core.clock import PinnedClock
from core.storage.db import Database
from core.types import Incoming
from tests.harness import ScriptedAgent
from tests.test_team_lists import ENG, NOW, OPS, ChannelMembers, Team, bob, tasks_on


@pytest.fixture
def team(database: Database) -> Team:
    service = build_chat(
        database,
        agent=ScriptedAgent(),
        policy=ChatPolicy(rate_limit_per_minute=0),
        clock=PinnedClock(NOW, frozen=True),
    )
    members = ChannelMembers({ENG: {"alice", "bob", "carol"}, OPS: {"carol"}})
    service.memberships.register("slack", members)
    return Team(service, members)


async def exported(team: Team, who: str) -> dict[str, Any]:
    team.sent += 1
    reply = await team.service.handle(
        Incoming(
            platform="slack",
            tenant="T1",
            user_ref=who,
            chat_ref=f"D-{who}",
            text="",
            command="export",
            event_id=f"x{team.sent}",
            display_name=who.capitalize(),
        )
    )
    assert reply is not None and reply.attachment is not None, reply
    return json.loads(reply.attachment.content)


async def test_the_export_holds_the_team_tasks_created_or_held(team: Team) -> None:
    await team.say("alice", "team add fix the build @bob", mentions=bob())
    await team.say("carol", "team add order pizza")
    await team.say("alice", "add buy milk", chat="D-alice")

    bobs = await exported(team, "bob")
    alices = await exported(team, "alice")

    assert [
        (t["chat"], t["number"], t["title"], t["you_created"], t["assigned_to_you"])
        for t in bobs["team_tasks"]
    ] == [(ENG, 1, "fix the build", False, True)]
    assert [(t["title"], t["you_created"]) for t in alices["team_tasks"]] == [
        ("fix the build", True)
    ]
    assert [t["title"] for t in alices["tasks"]] == ["buy milk"]
    assert bobs["team_tasks"][0]["platform"] == "Slack"


async def test_forgetting_the_creator_leaves_the_task_with_its_assignee(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add fix the build @bob", mentions=bob())
    asked = await team.say("alice", "forget me", chat="D-alice")
    await team.press("alice", asked)

    [task] = await tasks_on(database, ENG)
    assert (task.title, task.creator_id, task.completed) == ("fix the build", None, False)
    assert task.assignee_id is not None
    assert [t["you_created"] for t in (await exported(team, "bob"))["team_tasks"]] == [False]
    assert (await team.say("carol", "team")).text.splitlines()[1].startswith("#1 fix the build")
