"""Assignment and a team task's life together in Slack, through the real slack-bolt and the
fake Web API: alice gives bob a task in words and sets him a reminder; bob's Done in the
assignment's DM completes it as bob's change (his reminder stops, his `team undo` takes it
back), and each step is audited as the person who made it."""

from __future__ import annotations

from sqlmodel import col, select

from core.storage import audit
from core.storage.db import Database
from core.storage.models import Change, Identity
from tests.fakes.slack_rig import SlackRig
from tests.teams.test_slack_team import ALICE, BOB, CAROL, ENG, team_tasks, todo
from tests.teams.test_slack_team_assign import mention, press
from tests.teams.test_slack_team_life import reminders


async def by_whom(database: Database) -> tuple[list[tuple[str, str]], list[tuple[str, str, bool]]]:
    """The list's change log (kind, who) and its team audit (action, who, ok), oldest first."""
    async with database.session() as session:
        people = dict((await session.exec(select(Identity.user_id, Identity.external_id))).all())
        logged = (await session.exec(select(Change).order_by(col(Change.id)))).all()
        audited = [
            (entry.action, people[entry.user_id], entry.ok)
            for entry in await audit.entries(session)
            if entry.action.startswith("team_") and entry.user_id is not None
        ]
    return [(c.kind, people[c.user_id]) for c in logged], audited


async def test_the_assignees_done_is_theirs_to_undo_and_stops_their_reminder(
    slack: SlackRig, database: Database
) -> None:
    await todo(slack, "team add fix the build", user=ALICE)
    said = await mention(slack, "assign 1 to <@U0BOB>", user=ALICE)
    assert said == "#1 “fix the build” is now assigned to u0bob."
    asked = await todo(slack, "team remind 1 tomorrow 9am", user=ALICE)
    assert asked == "I'll remind u0bob about #1 “fix the build” tomorrow at 09:00."
    assert await reminders(database) == [(BOB, "pending")]

    [dm] = slack.api.of("chat.postMessage", channel=BOB)
    await press(slack, dm, "Done", user=CAROL)
    await press(slack, dm, "Done", user=BOB)
    assert slack.api.of("chat.update")[-1]["text"] == "Done: #1 “fix the build” in #eng."
    assert await reminders(database) == [(BOB, "cancelled")]
    logged, audited = await by_whom(database)
    assert logged == [
        ("added", ALICE),
        ("assigned", ALICE),
        ("reminder_set", ALICE),
        ("completed", BOB),
        ("reminder_cancelled", BOB),
    ]
    assert audited == [
        ("team_add", ALICE, True),
        ("team_assign", ALICE, True),
        ("team_remind", ALICE, True),
        ("team_done.pressed", CAROL, False),
        ("team_done.pressed", BOB, True),
    ]

    assert await todo(slack, "team undo", user=BOB) == (
        "Undone: the reminder for #1 “fix the build” is set again; "
        "#1 “fix the build” is not done any more."
    )
    assert [t.completed for t in await team_tasks(database, ENG)] == [False]
    assert await reminders(database) == [(BOB, "pending")]
