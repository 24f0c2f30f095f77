"""Giving a channel's team tasks out in Slack, through the real slack-bolt and the fake Web API:
three people in two channels and one outsider. "@todobot assign 1 to @bob" and "give the …
task to @carol" in a channel; the assignee's DM has Done and Open the list; Done completes
once, only for the person holding the task, and tells the assigner in the channel."""

from __future__ import annotations

from typing import Any

from core.storage.db import Database
from core.types import Action, parse_payload
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import SlackCall
from tests.fakes.slack_rig import SlackRig
from tests.teams.test_slack_team import ALICE, BOB, CAROL, DAVE, ENG, OPS, team_tasks, todo


async def mention(slack: SlackRig, text: str, *, user: str, channel: str = ENG) -> str:
    """`@todobot text` in `channel` as `user`; what the app answered there."""
    before = len(slack.api.of("chat.postMessage", channel=channel))
    delivered = await slack.event(payloads.mention(text, user=user, channel=channel))
    assert delivered.status_code == 200
    await slack.settled()
    answers = slack.api.of("chat.postMessage", channel=channel)[before:]
    return str(answers[0]["text"])


def labelled(dm: SlackCall) -> dict[str, str]:
    [actions] = [block for block in dm["blocks"] if block["type"] == "actions"]
    return {e["text"]["text"]: e["value"] for e in actions["elements"]}


async def press(slack: SlackRig, dm: SlackCall, label: str, *, user: str) -> None:
    payload: dict[str, Any] = payloads.block_actions(
        labelled(dm)[label],
        action=label.lower().replace(" ", "_"),
        user=user,
        channel=dm["channel"],
        message_ts=f"ts-of-{dm['channel']}",
        response_url=slack.api.response_url("press"),
    )
    assert (await slack.click(payload)).status_code == 200
    await slack.settled()


async def test_assigned_in_words_the_assignee_completes_it_from_the_dm(
    slack: SlackRig, database: Database
) -> None:
    await todo(slack, "team add fix the build", user=ALICE)
    said = await mention(slack, "assign 1 to <@U0BOB>", user=ALICE)
    assert said == "#1 “fix the build” is now assigned to u0bob."
    [dm] = slack.api.of("chat.postMessage", channel=BOB)
    assert dm["text"] == f"u0alice assigned you #1 “fix the build”. (in <#{ENG}>)"
    assert list(labelled(dm)) == ["Done", "Open the list"]
    assert parse_payload(labelled(dm)["Done"]) == (Action.TEAM_DONE, labelled(dm)["Done"][6:])

    await press(slack, dm, "Open the list", user=BOB)
    [shown] = slack.api.of("chat.update")
    assert shown["text"].splitlines() == [
        "#1 “fix the build” is assigned to you. The list of #eng:",
        "#1 fix the build → u0bob",
    ]
    # someone else pressing the DM's buttons (or an outsider) changes nothing
    await press(slack, dm, "Done", user=CAROL)
    await press(slack, dm, "Done", user=DAVE)
    await press(slack, dm, "Open the list", user=CAROL)
    refusals = [call["text"] for call in slack.api.of("chat.postEphemeral")]
    assert refusals == [
        "#1 “fix the build” in #eng isn't assigned to you (any more), so I changed nothing.",
        "Only members of its chat can use that team list, so I changed nothing.",
        "The team list of #eng:\n#1 fix the build → u0bob",
    ]
    assert len(slack.api.of("chat.update")) == 1
    assert [t.completed for t in await team_tasks(database, ENG)] == [False]

    await press(slack, dm, "Done", user=BOB)
    assert slack.api.of("chat.update")[-1]["text"] == "Done: #1 “fix the build” in #eng."
    [told] = [c for c in slack.api.of("chat.postMessage", channel=ENG) if "completed" in c["text"]]
    assert told["text"] == f"<@{ALICE}> u0bob completed #1 “fix the build”, which you assigned."
    await press(slack, dm, "Done", user=BOB)
    assert slack.api.of("chat.postEphemeral")[-1]["text"] == "#1 “fix the build” was already done."
    assert [t.completed for t in await team_tasks(database, ENG)] == [True]


async def test_giving_by_title_and_reassigning_tell_both(
    slack: SlackRig, database: Database
) -> None:
    await todo(slack, "team add deploy the api", user=ALICE)
    await todo(slack, "team add write the notes", user=ALICE)
    said = await mention(slack, "give the deploy task to <@U0CAROL>", user=ALICE)
    assert said == "#1 “deploy the api” is now assigned to u0carol."
    moved = await mention(slack, "reassign 1 to <@U0BOB>", user=ALICE)
    assert moved == "#1 “deploy the api” is now assigned to u0bob."
    [given_to_carol, taken] = slack.api.of("chat.postMessage", channel=CAROL)
    assert list(labelled(given_to_carol)) == ["Done", "Open the list"]
    assert taken["text"] == (
        f"u0alice gave #1 “deploy the api” to u0bob; it's no longer yours. (in <#{ENG}>)"
    )
    [given_to_bob] = slack.api.of("chat.postMessage", channel=BOB)
    assert given_to_bob["text"].startswith("u0alice assigned you #1 “deploy the api”")
    mine = await mention(slack, "unassign the deploy task", user=ALICE)
    assert mine == "#1 “deploy the api” is no longer assigned."
    assert [t.assignee_id for t in await team_tasks(database, ENG)] == [None, None]


async def test_outsiders_are_refused_and_nothing_changes(
    slack: SlackRig, database: Database
) -> None:
    await todo(slack, "team add rotate the keys", user=CAROL, channel=OPS)
    refused = await mention(slack, "assign 1 to <@U0BOB>", user=CAROL, channel=OPS)
    assert refused == "u0bob is not a member of this chat, so I can't give them a task."
    outsider = await mention(slack, "assign 1 to me", user=DAVE, channel=OPS)
    assert outsider == "Only members of this chat can use its team list, so I changed nothing."
    unknown = await mention(slack, "give 1 to bob", user=CAROL, channel=OPS)
    assert unknown.startswith("I don't know who “bob” is here, so I changed nothing.")
    assert [t.assignee_id for t in await team_tasks(database, OPS)] == [None]
    assert slack.api.of("chat.postMessage", channel=BOB) == []


async def test_whats_assigned_names_each_channel(slack: SlackRig) -> None:
    await todo(slack, "team add fix the build", user=ALICE)
    await todo(slack, "team add rotate the keys", user=CAROL, channel=OPS)
    await mention(slack, "assign 1 to <@U0CAROL>", user=ALICE)
    await mention(slack, "assign 1 to me", user=CAROL, channel=OPS)
    asked = payloads.dm("what's assigned to me?", user=CAROL, channel="D0CAROL")
    assert (await slack.event(asked)).status_code == 200
    await slack.settled()
    [listed] = [c for c in slack.api.of("chat.postMessage") if "Assigned to you" in c["text"]]
    assert listed["text"].splitlines() == [
        "Assigned to you:",
        "In #eng:",
        "  #1 fix the build",
        "In #ops:",
        "  #1 rotate the keys",
    ]
