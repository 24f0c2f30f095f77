"""Two people completing the same team task at once, on PostgreSQL: one completion, and a clear
answer to the other. Both have read the task as open before either writes; the second write
waits for the first's row lock and then finds it done."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from slack_sdk.web.async_client import AsyncWebClient
from sqlmodel import select

from adapters.slack.clients import OneWorkspace
from adapters.slack.team_translate import SlackMembers
from core.commands.team_remote import TeamRemote
from core.domain import lists
from core.people.membership import Memberships
from core.people.team_access import Caller, TeamAccess
from core.storage.db import Database
from core.storage.list_models import TaskList
from core.storage.models import Task, utcnow
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi
from tests.team_seed import used_in_slack

ON_POSTGRES = pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
ENG = "C0ENG"
ALICE, CAROL = "U0ALICE", "U0CAROL"


@pytest.fixture
async def teams(database: Database, slack_api: FakeSlackApi) -> AsyncIterator[TeamAccess]:
    slack_api.channel_members = {ENG: [ALICE, CAROL]}
    memberships = Memberships()
    client = AsyncWebClient(token=payloads.BOT_TOKEN, base_url=slack_api.api_url)
    memberships.register("slack", SlackMembers(OneWorkspace(client)))
    yield TeamAccess(database, memberships)


async def completions(database: Database) -> list[tuple[bool, object]]:
    async with database.session() as session:
        return [(t.completed, t.completed_at) for t in (await session.exec(select(Task))).all()]


@ON_POSTGRES
async def test_the_second_of_two_open_reads_finds_it_done(database: Database) -> None:
    eng = await used_in_slack(
        database, slack_user=ALICE, channel=ENG, title="fix the build", linked=("api", "alice")
    )
    async with database.session() as first, database.session() as second:
        await first.begin()
        await second.begin()
        shared = await first.get(TaskList, eng)
        assert shared is not None
        mine = await lists.task_numbered(first, shared=shared, number=1)
        theirs = await lists.task_numbered(second, shared=shared, number=1)
        assert not mine.completed and not theirs.completed  # both saw it open
        assert await lists.complete(first, task=mine, now=utcnow())
        # the second's write waits for the first's row lock, then finds it done
        waiting = asyncio.create_task(lists.complete(second, task=theirs, now=utcnow()))
        await first.commit()
        assert await waiting is False
        await second.commit()
    [(completed, at)] = await completions(database)
    assert completed and at is not None


@ON_POSTGRES
async def test_two_members_at_once_through_the_api_door(
    database: Database, teams: TeamAccess
) -> None:
    eng = await used_in_slack(
        database, slack_user=ALICE, channel=ENG, title="fix the build", linked=("api", "alice")
    )
    carol = await used_in_slack(
        database, slack_user=CAROL, channel=ENG, title="write notes", linked=("api", "carol")
    )
    assert carol == eng

    answers = await asyncio.gather(
        *(TeamRemote(teams).complete(Caller("api", who), eng, 1) for who in ("alice", "carol") * 3)
    )

    changed = [done for _, done in answers]
    assert changed.count(True) == 1 and changed.count(False) == 5
    async with database.session() as session:
        task = (await session.exec(select(Task).where(Task.number == 1))).one()
    assert task.completed and task.title == "fix the build"
