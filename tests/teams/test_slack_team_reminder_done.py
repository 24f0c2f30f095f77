"""A team task's reminder in Slack, through the real slack-bolt and the fake Web API: alice
gives bob a task in #eng and asks for a reminder; bob's DM names the channel the task lives in;
his Done completes it once and alice is told in #eng, as when he completes it any other way;
a second press does nothing more. Out of the channel, his Done is refused and changes nothing;
alice completing from her own reminder is not told of it."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import col, select

from adapters.pacing import Pacer
from adapters.slack.clients import OneWorkspace
from adapters.slack.reminders import SlackReminderSender
from core.reminders.dispatch import ReminderDispatcher
from core.storage.db import Database
from core.storage.reminder_models import Reminder
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import SlackCall
from tests.fakes.slack_rig import SlackRig
from tests.reminders_rig import StepClock
from tests.teams.test_slack_team import ALICE, BOB, CAROL, ENG, team_tasks, todo

TOLD = f"<@{ALICE}> u0bob completed #1 “fix the build”, which you assigned."


async def statuses(database: Database) -> list[str]:
    async with database.session() as session:
        found = await session.exec(select(Reminder.status).order_by(col(Reminder.created_at)))
        return list(found.all())


async def reminded(slack: SlackRig, database: Database, person: str) -> SlackCall:
    """The reminders due are sent; the DM `person` got."""
    async with database.session() as session:
        fire_at = max((await session.exec(select(Reminder.fire_at))).all())
    later = StepClock(fire_at + timedelta(seconds=1))
    sender = SlackReminderSender(OneWorkspace(slack.worker.client), Pacer(interval=0))
    assert await ReminderDispatcher(database, [sender], clock=later).run_once() == 1
    return slack.api.of("chat.postMessage", channel=person)[-1]


async def press_done(slack: SlackRig, dm: SlackCall, *, user: str) -> None:
    [done] = [e for b in dm["blocks"] if b["type"] == "actions" for e in b["elements"]][:1]
    assert done["text"]["text"] == "Done"
    await slack.click(
        payloads.block_actions(
            done["value"],
            action="rdone",
            user=user,
            channel=f"D{user}",
            message_ts="1700000000.000042",
            response_url=slack.api.response_url("press"),
        )
    )
    await slack.settled()


def told_in(slack: SlackRig, channel: str) -> list[str]:
    posted = slack.api.of("chat.postMessage", channel=channel)
    return [call["text"] for call in posted if "completed" in call["text"]]


async def test_done_on_a_team_reminder_completes_once_and_tells_the_assigner_in_the_channel(
    slack: SlackRig, database: Database
) -> None:
    await todo(slack, "team add fix the build <@U0BOB|bob>", user=ALICE)
    await todo(slack, "team remind 1 tomorrow 9am", user=ALICE)
    dm = await reminded(slack, database, BOB)
    assert dm["text"] == "⏰ Reminder: #1 “fix the build” (#eng team list)"

    await press_done(slack, dm, user=BOB)
    [edited] = slack.api.of("chat.update")
    assert edited["text"] == "✓ Marked #1 “fix the build” as done."
    assert told_in(slack, ENG) == [TOLD]
    assert [t.completed for t in await team_tasks(database, ENG)] == [True]
    assert await statuses(database) == ["done"]

    await press_done(slack, dm, user=BOB)
    again = [call["text"] for call in slack.api.of("chat.postEphemeral")]
    assert again == ["That reminder was already taken care of."]
    assert len(slack.api.of("chat.update")) == 1
    assert told_in(slack, ENG) == [TOLD]


async def test_out_of_the_channel_done_changes_nothing_and_the_assigner_tells_herself_nothing(
    slack: SlackRig, database: Database
) -> None:
    await todo(slack, "team add fix the build <@U0BOB|bob>", user=ALICE)
    await todo(slack, "team remind 1 tomorrow 9am", user=ALICE)
    dm = await reminded(slack, database, BOB)
    slack.api.channel_members[ENG] = [ALICE, CAROL]  # bob left #eng

    await press_done(slack, dm, user=BOB)
    refused = [call["text"] for call in slack.api.of("chat.postEphemeral")]
    assert refused == ["Only members of its chat can use that team list, so I changed nothing."]
    assert slack.api.of("chat.update") == []
    assert [t.completed for t in await team_tasks(database, ENG)] == [False]
    assert await statuses(database) == ["sent"]

    await todo(slack, "team remind me about 1 tomorrow 10am", user=ALICE)
    mine = await reminded(slack, database, ALICE)
    assert mine["text"] == "⏰ Reminder: #1 “fix the build” (#eng team list)"
    await press_done(slack, mine, user=ALICE)
    assert slack.api.of("chat.update")[-1]["text"] == "✓ Marked #1 “fix the build” as done."
    assert [t.completed for t in await team_tasks(database, ENG)] == [True]
    assert told_in(slack, ENG) == []
