"""A Slack person's time zone comes from users.info, once, and dates are read in it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from sqlmodel import select

from core.agent.builtin import BuiltinAgent
from core.chat import ChatService
from core.chat.policy import ChatPolicy
from core.clock import PinnedClock
from core.storage.db import Database
from core.storage.models import User
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_rig import SlackRig, slack_rig

NOW = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)


@pytest.fixture
async def slack(database: Database) -> AsyncIterator[SlackRig]:
    service = ChatService(
        db=database, agent=BuiltinAgent(), policy=ChatPolicy(), clock=PinnedClock(NOW, True)
    )
    async with slack_rig(service) as rig:
        yield rig


async def test_the_zone_comes_from_users_info_once(slack: SlackRig, database: Database) -> None:
    slack.api.user_zones["U0ALICE"] = "America/New_York"
    for text in ("add call the vet tomorrow at 9am", "show my tasks"):
        assert (await slack.event(payloads.dm(text))).status_code == 200
        await slack.settled()
    lookups = slack.api.of("users.info")
    assert [call["user"] for call in lookups] == ["U0ALICE"]  # kept after the first
    async with database.session() as session:
        [user] = (await session.exec(select(User))).all()
    assert user.timezone == "America/New_York"
    said = [call["text"] for call in slack.api.of("chat.postMessage")]
    assert "tomorrow (Tue 3 Mar) at 09:00" in said[0] and "Times are in" not in said[0]
    async with database.session() as session:
        from core.storage.models import Task

        [task] = (await session.exec(select(Task))).all()
    assert task.due_at == datetime(2026, 3, 3, 14, 0, tzinfo=UTC)  # 09:00 EST


async def test_no_zone_from_slack_is_said_as_assumed(slack: SlackRig) -> None:
    assert (await slack.event(payloads.dm("add call the vet tomorrow at 9am"))).status_code == 200
    await slack.settled()
    [said] = [call["text"] for call in slack.api.of("chat.postMessage")]
    assert "Times are in UTC" in said
