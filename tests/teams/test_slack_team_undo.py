"""The Undo button under a team reply in Slack, through the real slack-bolt and the fake Web
API: three people in #eng and one outsider. Alice's change in the channel carries it; Carol,
also in the channel, and Dave, outside it, are refused privately and nothing changes; Alice's
press takes back exactly that change and the list shows it, and a second press changes nothing
more, as does one by a maker who has left the channel. A slash command's answer carries it
too."""

from __future__ import annotations

from core.storage.db import Database
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import SlackCall
from tests.fakes.slack_rig import SlackRig
from tests.teams.test_slack_team import ALICE, BOB, CAROL, DAVE, ENG, team_tasks, todo
from tests.teams.test_slack_team_assign_life import by_whom

NOT_YOURS = "Only the person who made this change can undo it."
NOT_A_MEMBER = "Only members of its chat can use that team list, so I changed nothing."
ALREADY = "That was already undone; nothing more to do."


async def said(slack: SlackRig, text: str, *, user: str) -> SlackCall:
    """`@todobot text` in #eng as `user`; the message the app posted there."""
    before = len(slack.api.of("chat.postMessage", channel=ENG))
    assert (await slack.event(payloads.mention(text, user=user, channel=ENG))).status_code == 200
    await slack.settled()
    [posted] = slack.api.of("chat.postMessage", channel=ENG)[before:]
    return posted


def labels(message: SlackCall | dict[str, object]) -> list[str]:
    blocks = message.get("blocks") or []
    assert isinstance(blocks, list)
    return [e["text"]["text"] for b in blocks if b["type"] == "actions" for e in b["elements"]]


def undo_of(message: SlackCall | dict[str, object]) -> str:
    blocks = message.get("blocks") or []
    assert isinstance(blocks, list)
    elements = [e for b in blocks if b["type"] == "actions" for e in b["elements"]]
    ids = [e["action_id"] for e in elements]
    assert len(ids) == len(set(ids))
    [value] = [e["value"] for e in elements if e["text"]["text"] == "Undo"]
    return str(value)


async def press(
    slack: SlackRig, value: str, *, user: str, ts: str, ephemeral: bool = False
) -> None:
    payload = payloads.block_actions(
        value,
        action="tundo",
        user=user,
        channel=ENG,
        message_ts=ts,
        response_url=slack.api.response_url("press"),
        ephemeral=ephemeral,
    )
    assert (await slack.click(payload)).status_code == 200
    await slack.settled()


def privately(slack: SlackRig, user: str) -> str:
    return str(slack.api.of("chat.postEphemeral", channel=ENG, user=user)[-1]["text"])


async def test_only_the_maker_undoes_a_channel_change_and_only_once(
    slack: SlackRig, database: Database
) -> None:
    added = await said(slack, "add fix the build to the team list", user=ALICE)
    assert added["text"] == "Added #1 “fix the build” to this chat's team list."
    assert labels(added) == ["Undo"]
    ts, value = added.result["ts"], undo_of(added)

    await press(slack, value, user=CAROL, ts=ts)
    assert privately(slack, CAROL) == NOT_YOURS
    await press(slack, value, user=DAVE, ts=ts)
    assert privately(slack, DAVE) == NOT_A_MEMBER
    assert [t.title for t in await team_tasks(database, ENG)] == ["fix the build"]
    assert slack.api.of("chat.update") == []

    await press(slack, value, user=ALICE, ts=ts)
    [edited] = slack.api.of("chat.update")
    assert (edited["channel"], edited["ts"]) == (ENG, ts)
    assert edited["text"] == "Undone: removed #1 “fix the build”, which you had just added."
    assert labels(edited) == []
    assert await team_tasks(database, ENG) == []
    listed = await said(slack, "what's on the team list?", user=BOB)
    assert listed["text"].startswith("This chat's team list is empty.")

    await press(slack, value, user=ALICE, ts=ts)
    assert privately(slack, ALICE) == ALREADY
    assert len(slack.api.of("chat.update")) == 1
    assert await team_tasks(database, ENG) == []
    _, audited = await by_whom(database)
    assert [entry for entry in audited if entry[0] == "team_undo.pressed"] == [
        ("team_undo.pressed", CAROL, False),
        ("team_undo.pressed", DAVE, False),
        ("team_undo.pressed", ALICE, True),
        ("team_undo.pressed", ALICE, False),
    ]


async def test_a_button_undoes_its_own_change_not_the_latest(
    slack: SlackRig, database: Database
) -> None:
    added = await said(slack, "add write the notes to the team list", user=ALICE)
    await said(slack, "add book the room to the team list", user=ALICE)
    assert labels(await said(slack, "what's on the team list?", user=ALICE)) == []
    await press(slack, undo_of(added), user=ALICE, ts=added.result["ts"])
    assert [t.title for t in await team_tasks(database, ENG)] == ["book the room"]

    # the latest change typed away first: its button then has nothing left to take back
    latest = await todo(slack, "team priority 2 high", user=ALICE)
    assert latest == "#2 “book the room” is high priority now."
    [answer] = slack.api.of("response_url", key="command")[-1:]
    value = undo_of(answer)
    assert await todo(slack, "team undo", user=ALICE) == (
        "Undone: the priority of #2 is back to low."
    )
    await press(slack, value, user=ALICE, ts="1700000000.000001", ephemeral=True)
    [refused] = slack.api.of("response_url", key="press")[-1:]
    assert (refused["text"], refused["replace_original"]) == (ALREADY, False)
    assert [t.priority for t in await team_tasks(database, ENG)] == ["low"]


async def test_a_maker_who_left_the_channel_can_no_longer_undo(
    slack: SlackRig, database: Database
) -> None:
    added = await said(slack, "add order the pizza to the team list", user=ALICE)
    slack.api.channel_members[ENG] = [BOB, CAROL]
    await press(slack, undo_of(added), user=ALICE, ts=added.result["ts"])
    assert privately(slack, ALICE) == NOT_A_MEMBER
    assert [t.title for t in await team_tasks(database, ENG)] == ["order the pizza"]
    slack.api.channel_members[ENG] = [ALICE, BOB, CAROL]
    await press(slack, undo_of(added), user=ALICE, ts=added.result["ts"])
    assert await team_tasks(database, ENG) == []
