"""A repeating team task completed over the chat API: the next occurrence is put on the same
list, as when it is completed in the channel, and is the caller's change."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from sqlmodel import col, select

from core.storage.models import Change, Task
from tests.api_rig import ApiRig, api_rig, both_platforms
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.team_seed import used_in_slack

ENG, ALICE, BOB = "C0ENG", "U0ALICE", "U0BOB"


@pytest.fixture
async def api(
    database_url: str, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI
) -> AsyncIterator[ApiRig]:
    slack_api.channel_members = {ENG: [ALICE, BOB]}
    async with api_rig(
        database_url, rate_limit_per_minute=0, **both_platforms(slack_api, bot_api)
    ) as rig:
        yield rig


async def test_completing_a_repeating_team_task_over_the_api_adds_the_next_one(
    api: ApiRig,
) -> None:
    eng = await used_in_slack(
        api.database, slack_user=ALICE, channel=ENG, title="water the plants", linked=("api", "a")
    )
    monday = datetime(2026, 11, 23, tzinfo=UTC)
    async with api.database.session() as session, session.begin():  # made repeating in Slack
        task = (await session.exec(select(Task).where(Task.list_id == eng))).one()
        task.repeat, task.due_at = "FREQ=WEEKLY;BYDAY=MO", monday
        session.add(task)

    done = await api.client.post(f"/api/a/teams/{eng}/tasks/1/done", headers=api.auth("a"))
    assert done.status_code == 200
    async with api.database.session() as session:
        found = await session.exec(
            select(Task).where(Task.list_id == eng).order_by(col(Task.number))
        )
        first, following = found.all()
        kinds = [
            c.kind for c in (await session.exec(select(Change).order_by(col(Change.id)))).all()
        ]
    assert (first.completed, following.completed, following.title) == (
        True,
        False,
        "water the plants",
    )
    assert following.repeat == "FREQ=WEEKLY;BYDAY=MO"
    assert following.due_at is not None and following.due_at.replace(tzinfo=UTC) > monday
    assert following.creator_id == first.creator_id
    assert kinds[-2:] == ["completed", "added"]
