"""Repeating team tasks in Slack, through the real slack-bolt and the fake Web API: alice adds
a task for bob every friday with `/todo team add …` and a reminder the day before its due; bob
gets it by DM on Thursday, completes the task, and the next Friday's is his, reminded the same
way; bad repeat words and dave, outside the channel, change nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import col, select

from adapters.pacing import Pacer
from adapters.slack.clients import OneWorkspace
from adapters.slack.reminders import SlackReminderSender
from core.reminders.dispatch import ReminderDispatcher
from core.storage.db import Database
from core.storage.models import Identity
from core.storage.reminder_models import Reminder
from tests.fakes.slack_rig import SlackRig, slack_rig
from tests.harness import ScriptedAgent
from tests.reminders_rig import StepClock
from tests.teams.pinned import pinned_chat
from tests.teams.test_slack_team import ALICE, BOB, CAROL, DAVE, ENG, OPS, team_tasks, todo

MONDAY = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
THURSDAY_NINE = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)


@pytest.fixture
async def slack(database: Database, agent: ScriptedAgent) -> AsyncIterator[SlackRig]:
    async with slack_rig(pinned_chat(database, agent, MONDAY)) as rig:
        rig.api.channel_members = {ENG: [ALICE, BOB, CAROL], OPS: [CAROL, ALICE]}
        yield rig


async def reminders(database: Database) -> list[tuple[str | None, datetime, str]]:
    """Each reminder's person (their Slack id), time and status."""
    async with database.session() as session:
        found = await session.exec(
            select(Identity.external_id, Reminder.fire_at, Reminder.status)
            .join(Identity, col(Identity.user_id) == col(Reminder.user_id))
            .order_by(col(Reminder.created_at))
        )
        return [(ref, at.replace(tzinfo=UTC), status) for ref, at, status in found.all()]


async def test_bob_is_reminded_the_day_before_and_his_next_one_follows_when_done(
    slack: SlackRig, database: Database
) -> None:
    added = await todo(slack, "team add water the plants <@U0BOB|bob> every friday", user=ALICE)
    assert added == (
        "Added #1 “water the plants” to this chat's team list for bob, due Fri 27 Nov. "
        "It repeats: when it's done, I'll put the next one on this list."
    )
    asked = await todo(slack, "team remind 1 1 day before", user=ALICE)
    assert asked == (
        "I'll remind bob about #1 “water the plants” Thu 26 Nov at 09:00, 1 day before it's due."
    )
    assert await todo(slack, "team repeat 1 off", user=DAVE) == (
        "Only members of this chat can use its team list, so I changed nothing."
    )
    refused = await todo(slack, "team repeat 1 every hour", user=CAROL)
    assert refused.startswith("I couldn't read “every hour” as a repeat, so I changed nothing.")
    [task] = await team_tasks(database, ENG)
    assert task.repeat == "FREQ=WEEKLY;BYDAY=FR"

    sender = SlackReminderSender(OneWorkspace(slack.worker.client), Pacer(interval=0))
    later = StepClock(THURSDAY_NINE + timedelta(seconds=1))
    assert await ReminderDispatcher(database, [sender], clock=later).run_once() == 1
    [dm] = slack.api.of("chat.postMessage", channel=BOB)[-1:]
    assert dm["text"] == "⏰ Reminder: #1 “water the plants” (a shared chat's team list)"

    done = await todo(slack, "team done 1", user=BOB)
    assert done == "Done: #1 “water the plants”. Next one: #2, due Fri 4 Dec, with its reminder."
    first, following = await team_tasks(database, ENG)
    assert (first.completed, following.completed, following.title) == (
        True,
        False,
        "water the plants",
    )
    assert (following.assignee_id, following.assigner_id) == (task.assignee_id, task.assigner_id)
    assert await reminders(database) == [
        (BOB, THURSDAY_NINE, "sent"),
        (BOB, THURSDAY_NINE + timedelta(days=7), "pending"),
    ]
