"""Giving out, taking back and deleting team tasks over MCP, driven by the SDK's `Client`, with
Slack's own answers (the Slack adapter's checker and voice against the fake Web API): the
assignee must be in the channel and is told by DM; a delete is the person's to confirm through
the client's question; outsiders are refused and nothing changes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any
from uuid import UUID

import pytest
from mcp import Client
from slack_sdk.web.async_client import AsyncWebClient
from sqlmodel import col, select

from adapters.mcp.server import build_server
from adapters.slack.clients import OneWorkspace
from adapters.slack.team_translate import SlackMembers
from core.people.membership import Memberships
from core.people.team_access import NOT_VISIBLE, TeamAccess
from core.remote import RemoteTools
from core.storage.db import Database
from core.storage.models import Confirmation, Task
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi
from tests.mcp_rig import Person, envelope
from tests.test_mcp_teams import ALICE, ALICE_API, CAROL, ENG, OPS, seeded

BOB, DAVE = "U0BOB", "U0DAVE"


@pytest.fixture
async def teams(database: Database, slack_api: FakeSlackApi) -> AsyncIterator[TeamAccess]:
    slack_api.channel_members = {ENG: [ALICE, BOB, CAROL], OPS: [CAROL]}
    memberships = Memberships()
    client = AsyncWebClient(token=payloads.BOT_TOKEN, base_url=slack_api.api_url)
    members = SlackMembers(OneWorkspace(client))
    memberships.register("slack", members, members)
    yield TeamAccess(database, memberships)


def connect(database: Database, teams: TeamAccess, **options: Any) -> Client:
    remote = RemoteTools(database, rate_limit_per_minute=0)
    return Client(build_server(remote, lambda: ALICE_API, teams=teams), **options)


async def on_list(database: Database, list_id: UUID) -> list[tuple[str, bool, bool]]:
    """Each task: its title, whether someone holds it, whether it is in the trash."""
    async with database.session() as session:
        found = await session.exec(
            select(Task).where(Task.list_id == list_id).order_by(col(Task.number))
        )
        return [(t.title, t.assignee_id is not None, t.deleted_at is not None) for t in found.all()]


async def test_assign_and_unassign_by_list_id_tell_the_assignee(
    database: Database, teams: TeamAccess, slack_api: FakeSlackApi
) -> None:
    eng, _ = await seeded(database)
    async with connect(database, teams) as alice:
        given = envelope(
            await alice.call_tool("team_assign", {"list_id": str(eng), "number": 1, "to": BOB})
        )
        outsider = envelope(
            await alice.call_tool("team_assign", {"list_id": str(eng), "number": 1, "to": DAVE})
        )
        assert await on_list(database, eng) == [("fix the build", True, False)]
        dropped = envelope(
            await alice.call_tool("team_unassign", {"list_id": str(eng), "number": 1})
        )

    assert given["message"] == f"#1 “fix the build” is assigned to {BOB}."
    assert given["data"]["task"]["created_by"] == ALICE
    [told, taken] = slack_api.of("chat.postMessage", channel=BOB)
    assert told["text"] == f"{ALICE} assigned you #1 “fix the build”. (in <#{ENG}>)"
    assert taken["text"].startswith(f"{ALICE} took #1 “fix the build” off you")
    assert (outsider["ok"], outsider["error"]) == (False, "REFUSED")
    assert outsider["message"].startswith("“U0DAVE” is not a member of that list's chat")
    assert dropped["message"] == "#1 “fix the build” is no longer assigned."
    assert await on_list(database, eng) == [("fix the build", False, False)]
    assert slack_api.of("chat.postMessage", channel=DAVE) == []


async def test_a_delete_is_confirmed_by_the_person_and_refused_to_outsiders(
    database: Database, teams: TeamAccess
) -> None:
    eng, ops = await seeded(database)
    person = Person("accept")
    async with connect(database, teams, elicitation_callback=person) as alice:
        outside = envelope(await alice.call_tool("team_delete", {"list_id": str(ops), "number": 1}))
        deleted = envelope(await alice.call_tool("team_delete", {"list_id": str(eng), "number": 1}))

    assert (outside["ok"], outside["error"], outside["message"]) == (
        False,
        "NOT_VISIBLE",
        NOT_VISIBLE,
    )
    assert person.questions == ["Delete #1 “fix the build”?"]
    assert deleted["message"] == (
        "Deleted #1 “fix the build” from the team list "
        "(members can bring it back with team restore)."
    )
    assert deleted["data"]["status"] == "deleted"
    assert await on_list(database, eng) == [("fix the build", False, True)]
    assert await on_list(database, ops) == [("rotate keys", False, False)]


async def test_a_declined_or_unaskable_delete_changes_nothing(
    database: Database, teams: TeamAccess
) -> None:
    eng, _ = await seeded(database)
    async with connect(database, teams, elicitation_callback=Person("decline")) as alice:
        kept = envelope(await alice.call_tool("team_delete", {"list_id": str(eng), "number": 1}))
    async with connect(database, teams) as alice:
        unasked = envelope(await alice.call_tool("team_delete", {"list_id": str(eng), "number": 1}))

    assert kept["data"]["status"] == "kept"
    assert (unasked["ok"], unasked["error"]) == (False, "CANNOT_ASK")
    assert unasked["message"].startswith("Nothing was deleted: this app could not ask you")
    assert await on_list(database, eng) == [("fix the build", False, False)]
    async with database.session() as session:
        statuses = (await session.exec(select(Confirmation.status))).all()
    assert sorted(statuses) == ["cancelled", "cancelled"]
