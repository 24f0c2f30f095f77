"""Team lists over MCP, driven by the SDK's `Client`, with Slack's own membership answer (the
Slack adapter's checker against the fake Web API): a list is named by its id, and only a
person Slack says is in its channel reads or changes it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from uuid import UUID, uuid4

import pytest
from mcp import Client
from slack_sdk.web.async_client import AsyncWebClient
from sqlmodel import col, select

from adapters.mcp.server import build_server
from adapters.slack.clients import OneWorkspace
from adapters.slack.team_translate import SlackMembers
from core import tools
from core.people.membership import Memberships
from core.people.team_access import NOT_VISIBLE, TeamAccess
from core.remote import Account, RemoteTools
from core.storage.db import Database
from core.storage.models import Task
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi
from tests.mcp_rig import envelope
from tests.team_seed import used_in_slack

ENG, OPS = "C0ENG", "C0OPS"
ALICE, CAROL = "U0ALICE", "U0CAROL"
ALICE_API = Account(platform="api", external_id="alice")


@pytest.fixture
async def teams(database: Database, slack_api: FakeSlackApi) -> AsyncIterator[TeamAccess]:
    slack_api.channel_members = {ENG: [ALICE, CAROL], OPS: [CAROL]}
    memberships = Memberships()
    client = AsyncWebClient(token=payloads.BOT_TOKEN, base_url=slack_api.api_url)
    memberships.register("slack", SlackMembers(OneWorkspace(client)))
    yield TeamAccess(database, memberships)


def connect(database: Database, teams: TeamAccess | None, account: Account = ALICE_API) -> Client:
    remote = RemoteTools(database, rate_limit_per_minute=0)
    return Client(build_server(remote, lambda: account, teams=teams))


async def seeded(database: Database) -> tuple[UUID, UUID]:
    eng = await used_in_slack(
        database, slack_user=ALICE, channel=ENG, title="fix the build", linked=("api", "alice")
    )
    ops = await used_in_slack(
        database, slack_user=CAROL, channel=OPS, title="rotate keys", linked=("api", "carol")
    )
    return eng, ops


async def on_list(database: Database, list_id: UUID) -> list[tuple[str, bool]]:
    async with database.session() as session:
        found = await session.exec(
            select(Task).where(Task.list_id == list_id).order_by(col(Task.number))
        )
        return [(task.title, task.completed) for task in found.all()]


async def test_a_member_reads_adds_and_completes_by_list_id(
    database: Database, teams: TeamAccess
) -> None:
    eng, _ = await seeded(database)
    async with connect(database, teams) as alice:
        listed = envelope(await alice.call_tool("team_lists", {}))
        added = envelope(
            await alice.call_tool("team_add", {"list_id": str(eng), "title": "write notes"})
        )
        done = envelope(await alice.call_tool("team_complete", {"list_id": str(eng), "number": 1}))
        again = envelope(await alice.call_tool("team_complete", {"list_id": str(eng), "number": 1}))
        shown = envelope(await alice.call_tool("team_tasks", {"list_id": str(eng)}))

    assert listed["data"]["lists"] == [
        {"id": str(eng), "platform": "slack", "chat_id": ENG, "open": 1}
    ]
    assert added["message"] == "Added #2 “write notes”."
    assert done["message"] == "Done: #1 “fix the build”."
    assert (again["ok"], again["error"]) == (False, "ALREADY_DONE")
    assert [task["title"] for task in shown["data"]["tasks"]] == ["write notes"]
    assert await on_list(database, eng) == [("fix the build", True), ("write notes", False)]


async def test_an_outsider_is_refused_and_nothing_changes(
    database: Database, teams: TeamAccess
) -> None:
    _, ops = await seeded(database)
    async with connect(database, teams) as alice:
        refusals = [
            envelope(await alice.call_tool("team_tasks", {"list_id": str(ops)})),
            envelope(await alice.call_tool("team_add", {"list_id": str(ops), "title": "sneak"})),
            envelope(await alice.call_tool("team_complete", {"list_id": str(ops), "number": 1})),
            envelope(await alice.call_tool("team_tasks", {"list_id": str(uuid4())})),
            envelope(await alice.call_tool("team_tasks", {"list_id": "not-an-id"})),
        ]

    for refused in refusals:
        assert (refused["ok"], refused["error"], refused["message"]) == (
            False,
            "NOT_VISIBLE",
            NOT_VISIBLE,
        )
    assert await on_list(database, ops) == [("rotate keys", False)]


async def test_without_a_platform_to_ask_there_are_no_team_tools(database: Database) -> None:
    async with connect(database, None) as alice:
        names = {tool.name for tool in (await alice.list_tools()).tools}
    assert names == {tool.__name__ for tool in tools.TOOLS}
