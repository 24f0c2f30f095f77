"""A team task's life in Slack, through the real slack-bolt and the fake Web API: alice asks
for a reminder on bob's task and bob gets it by DM and presses Done; due, priority and tags are
set by `/todo team …`; `/todo team undo` takes back the member's own change; dave, outside
the channel, is refused every one of them and nothing changes."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import col, select

from adapters.pacing import Pacer
from adapters.slack.clients import OneWorkspace
from adapters.slack.reminders import SlackReminderSender
from core.reminders.dispatch import ReminderDispatcher
from core.storage.db import Database
from core.storage.models import Identity
from core.storage.reminder_models import Reminder
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_rig import SlackRig
from tests.reminders_rig import StepClock
from tests.teams.test_slack_team import ALICE, BOB, CAROL, DAVE, ENG, OPS, team_tasks, todo

REFUSED = "Only members of this chat can use its team list, so I changed nothing."


async def reminders(database: Database) -> list[tuple[str | None, str]]:
    """Each reminder's person (their Slack id) and status."""
    async with database.session() as session:
        found = await session.exec(
            select(Identity.external_id, Reminder.status)
            .join(Identity, col(Identity.user_id) == col(Reminder.user_id))
            .order_by(col(Reminder.created_at))
        )
        return [(ref, status) for ref, status in found.all()]


async def test_bob_is_reminded_of_his_team_task_by_dm_and_completes_it_there(
    slack: SlackRig, database: Database
) -> None:
    await todo(slack, "team add fix the build <@U0BOB|bob>", user=ALICE)
    asked = await todo(slack, "team remind 1 tomorrow 9am", user=ALICE)
    assert asked == "I'll remind bob about #1 “fix the build” tomorrow at 09:00."
    assert await reminders(database) == [(BOB, "pending")]
    assert await todo(slack, "team remind 1 tomorrow 9am", user=DAVE) == REFUSED

    async with database.session() as session:
        fire_at = (await session.exec(select(Reminder.fire_at))).one()
    later = StepClock(fire_at + timedelta(seconds=1))
    sender = SlackReminderSender(OneWorkspace(slack.worker.client), Pacer(interval=0))
    assert await ReminderDispatcher(database, [sender], clock=later).run_once() == 1
    [dm] = slack.api.of("chat.postMessage", channel=BOB)[-1:]
    assert dm["text"] == "⏰ Reminder: #1 “fix the build” (#eng team list)"
    buttons = [e for b in dm["blocks"] if b["type"] == "actions" for e in b["elements"]]
    assert [b["text"]["text"] for b in buttons] == ["Done", "Snooze 1 h", "Tomorrow 9:00"]

    await slack.click(
        payloads.block_actions(
            buttons[0]["value"],
            action="rdone",
            user=BOB,
            channel="D0BOB",
            message_ts="1700000000.000019",
            response_url=slack.api.response_url("press"),
        )
    )
    await slack.settled()
    [edited] = slack.api.of("chat.update")
    assert edited["text"] == "✓ Marked #1 “fix the build” as done."
    assert [t.completed for t in await team_tasks(database, ENG)] == [True]
    assert await reminders(database) == [(BOB, "done")]
    # the press is bob's change to the list: his to take back, not alice's
    assert await todo(slack, "team undo", user=ALICE) == (
        "I can't undo that: the reminder for #1 “fix the build” has changed since, "
        "so I changed nothing."
    )
    undone = await todo(slack, "team undo", user=BOB)
    assert undone == "Undone: #1 “fix the build” is not done any more."
    assert [t.completed for t in await team_tasks(database, ENG)] == [False]


async def test_due_priority_tags_and_undo_from_slack(slack: SlackRig, database: Database) -> None:
    await todo(slack, "team add write the notes", user=ALICE)
    assert await todo(slack, "team due 1 15 jan 2030", user=BOB) == (
        "#1 “write the notes” is due Tue 15 Jan 2030."
    )
    assert await todo(slack, "team priority 1 high", user=CAROL) == (
        "#1 “write the notes” is high priority now."
    )
    assert await todo(slack, "team tag 1 docs", user=CAROL) == "#1 “write the notes” tags: #docs."
    for outsider in ("team due 1 none", "team priority 1 low", "team tag 1 x", "team undo"):
        assert await todo(slack, outsider, user=DAVE) == REFUSED
    [task] = await team_tasks(database, ENG)
    assert (task.priority, task.tags, task.due_at is not None) == ("high", ["docs"], True)

    undone = await todo(slack, "team undo", user=CAROL)
    assert undone == "Undone: #1 has no tags again."
    [task] = await team_tasks(database, ENG)
    assert (task.priority, task.tags) == ("high", [])
    # carol's other channel has its own undo: nothing of hers there
    nothing = await todo(slack, "team undo", user=CAROL, channel=OPS)
    assert nothing.startswith("Nothing to undo: you have made no change to this chat's team list")
    assert (await team_tasks(database, ENG))[0].priority == "high"
