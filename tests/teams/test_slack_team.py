"""A channel's team list in Slack, through the real slack-bolt and the fake Web API: three
people in two channels and one outsider. `/todo team add … <@U…|name>` gives the task to a
member, who is told by DM; completing tells the assigner in the channel; the outsider is
refused; membership is Slack's conversations.members, page by page."""

from __future__ import annotations

from sqlmodel import col, select

from adapters.slack.mentions import read_mentions
from core.storage.db import Database
from core.storage.list_models import TaskList
from core.storage.models import Identity, Task
from core.types import Mention
from tests.fakes.slack_rig import SlackRig
from tests.teams.slack_people import ALICE, BOB, CAROL, DAVE, ENG, OPS


async def todo(slack: SlackRig, text: str, *, user: str, channel: str = ENG) -> str:
    """Run `/todo text` as `user` in `channel`; what they were shown (ephemerally)."""
    before = len(slack.api.of("response_url"))
    assert (await slack.command(text, user=user, channel=channel)).status_code == 200
    await slack.settled()
    answers = slack.api.of("response_url")[before:]
    assert len(answers) == 1 and answers[0]["response_type"] == "ephemeral"
    return str(answers[0]["text"])


async def team_tasks(database: Database, channel: str) -> list[Task]:
    async with database.session() as session:
        found = await session.exec(
            select(Task)
            .join(TaskList, col(TaskList.id) == col(Task.list_id))
            .where(TaskList.chat_id == channel, col(Task.deleted_at).is_(None))
            .order_by(col(Task.number))
        )
        return list(found.all())


def test_a_mention_reaches_the_core_as_a_name_with_its_account() -> None:
    said, mentions = read_mentions("team add fix the build <@U0BOB|bob> friday")
    assert said == "team add fix the build @bob friday"
    assert mentions == (Mention("@bob", BOB, "bob"),)


async def test_the_assignee_is_told_by_dm_and_the_assigner_when_it_is_done(
    slack: SlackRig, database: Database
) -> None:
    said = await todo(slack, "team add fix the build <@U0BOB|bob>", user=ALICE)
    assert said == "Added #1 “fix the build” to this chat's team list for bob."
    [dm] = slack.api.of("chat.postMessage", channel=BOB)
    assert dm["text"] == f"u0alice assigned you #1 “fix the build”. (in <#{ENG}>)"
    listed = await todo(slack, "team", user=CAROL)
    assert listed.splitlines() == ["This chat's team list:", "#1 fix the build → bob"]
    # Slack was asked who is in the channel; carol is on its second page
    asked = slack.api.of("conversations.members", channel=ENG)
    assert [call.args.get("cursor") for call in asked] == [None, None, None, "2"]
    async with database.session() as session:
        [bob] = (await session.exec(select(Identity).where(Identity.external_id == BOB))).all()
    assert (bob.platform, bob.tenant, bob.display_name) == ("slack", "T0001", "bob")

    done = await todo(slack, "team done 1", user=BOB)
    assert done == "Done: #1 “fix the build”."
    [told] = slack.api.of("chat.postMessage", channel=ENG)
    assert told["text"] == f"<@{ALICE}> u0bob completed #1 “fix the build”, which you assigned."
    assert [task.completed for task in await team_tasks(database, ENG)] == [True]


async def test_each_channel_has_its_own_list(slack: SlackRig, database: Database) -> None:
    await todo(slack, "team add fix the build", user=ALICE)
    await todo(slack, "team add rotate the keys <@U0CAROL|carol>", user=ALICE, channel=OPS)
    assert [t.title for t in await team_tasks(database, ENG)] == ["fix the build"]
    assert [t.title for t in await team_tasks(database, OPS)] == ["rotate the keys"]
    mine = await todo(slack, "team mine", user=CAROL, channel=ENG)
    assert mine.splitlines() == ["Assigned to you:", "In #ops:", "  #1 rotate the keys"]


async def test_an_outsider_is_refused_and_cannot_be_given_a_task(
    slack: SlackRig, database: Database
) -> None:
    await todo(slack, "team add fix the build", user=ALICE)
    refusal = "Only members of this chat can use its team list, so I changed nothing."
    assert await todo(slack, "team", user=DAVE) == refusal
    assert await todo(slack, "team done 1", user=DAVE) == refusal
    given = await todo(slack, "team assign 1 to <@U0DAVE|dave>", user=ALICE)
    assert given == "dave is not a member of this chat, so I can't give them a task."
    # bob is not in #ops: he can't be given its task either
    await todo(slack, "team add rotate the keys", user=CAROL, channel=OPS)
    refused = await todo(slack, "team assign 1 to <@U0BOB|bob>", user=CAROL, channel=OPS)
    assert refused == "bob is not a member of this chat, so I can't give them a task."
    assert [(t.completed, t.assignee_id) for t in await team_tasks(database, ENG)] == [
        (False, None)
    ]
    assert slack.api.of("chat.postMessage", channel=DAVE) == []
    assert slack.api.of("chat.postMessage", channel=BOB) == []
