"""Giving out, taking back and deleting team tasks over the chat API, through the real app
and the fake Slack Web API: three people in two channels. A list is named only by its id;
the assignee must be in its channel; a delete waits for the person's Confirm; outsiders are
refused and nothing changes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from uuid import UUID

import pytest
from sqlmodel import col, select

from core.domain.changes import is_team
from core.storage import audit
from core.storage.models import Change, Identity, Task
from tests.api_rig import ApiRig, api_rig, both_platforms
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.test_api_teams import ALICE, BOB, CAROL, ENG, OPS, REFUSED, eng_and_ops

DAVE = "U0DAVE"


@pytest.fixture
async def api(
    database_url: str, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI
) -> AsyncIterator[ApiRig]:
    slack_api.channel_members = {ENG: [ALICE, BOB, CAROL], OPS: [CAROL]}
    slack_api.channel_names = {ENG: "eng", OPS: "ops"}
    async with api_rig(
        database_url, rate_limit_per_minute=0, **both_platforms(slack_api, bot_api)
    ) as rig:
        yield rig


async def holders(api: ApiRig, list_id: UUID) -> list[tuple[str, str | None, bool]]:
    """Each task: its title, its holder's Slack account, whether it is in the trash."""
    async with api.database.session() as session:
        found = await session.exec(
            select(Task).where(Task.list_id == list_id).order_by(col(Task.number))
        )
        shown = []
        for task in found.all():
            holder = None
            if task.assignee_id is not None:
                accounts = await session.exec(
                    select(Identity.external_id).where(
                        Identity.user_id == task.assignee_id, Identity.platform == "slack"
                    )
                )
                holder = accounts.first()
            shown.append((task.title, holder, task.deleted_at is not None))
        return shown


async def by_whom(api: ApiRig) -> tuple[list[tuple[str, str]], list[tuple[str, str, bool]]]:
    """The team lists' change log (kind, whose Slack account) and team audit (action, whose
    Slack account, ok), oldest first."""
    async with api.database.session() as session:
        slack = select(Identity.user_id, Identity.external_id).where(Identity.platform == "slack")
        people = dict((await session.exec(slack)).all())
        logged = (await session.exec(select(Change).order_by(col(Change.id)))).all()
        audited = [
            (entry.action, people[entry.user_id], entry.ok)
            for entry in await audit.entries(session)
            if entry.action.startswith("team_") and entry.user_id is not None
        ]
    return [(c.kind, people[c.user_id]) for c in logged if is_team(c.token)], audited


async def test_assign_reassign_and_unassign_tell_the_people_concerned(
    api: ApiRig, slack_api: FakeSlackApi
) -> None:
    eng, _ = await eng_and_ops(api)
    given = await api.client.put(
        f"/api/alice/teams/{eng}/tasks/1/assignee", json={"to": BOB}, headers=api.auth("alice")
    )
    assert given.status_code == 200
    assert given.json()["outcome"] == "assigned"
    assert given.json()["task"]["assigned_to"] == BOB
    [told] = slack_api.of("chat.postMessage", channel=BOB)
    assert told["text"] == f"U0ALICE assigned you #1 “fix the build”. (in <#{ENG}>)"
    actions = next(block for block in told["blocks"] if block["type"] == "actions")
    assert [e["text"]["text"] for e in actions["elements"]] == ["Done", "Open the list"]

    mine = await api.client.put(
        f"/api/alice/teams/{eng}/tasks/1/assignee", json={"to": "me"}, headers=api.auth("alice")
    )
    assert mine.json()["task"]["assigned_to_you"] is True
    taken = slack_api.of("chat.postMessage", channel=BOB)[-1]
    assert taken["text"].startswith("U0ALICE took #1 “fix the build” off you; it's no longer")
    assert await holders(api, eng) == [("fix the build", ALICE, False)]

    dropped = await api.client.delete(
        f"/api/alice/teams/{eng}/tasks/1/assignee", headers=api.auth("alice")
    )
    assert dropped.json()["outcome"] == "unassigned"
    assert dropped.json()["task"]["assigned_to"] is None
    assert await holders(api, eng) == [("fix the build", None, False)]
    # each change is alice's in the list's log (so her `team undo` reaches it) and her audit
    assert await by_whom(api) == (
        [("assigned", ALICE)] * 3,
        [("team_assign", ALICE, True)] * 2 + [("team_unassign", ALICE, True)],
    )


async def test_only_members_can_be_given_a_task_and_outsiders_change_nothing(
    api: ApiRig, slack_api: FakeSlackApi
) -> None:
    eng, ops = await eng_and_ops(api)
    not_a_member = await api.client.put(
        f"/api/alice/teams/{eng}/tasks/1/assignee", json={"to": DAVE}, headers=api.auth("alice")
    )
    assert not_a_member.status_code == 400
    assert not_a_member.json()["detail"].startswith("“U0DAVE” is not a member of that list's")
    for refused in (
        await api.client.put(
            f"/api/alice/teams/{ops}/tasks/1/assignee", json={"to": "me"}, headers=api.auth("alice")
        ),
        await api.client.delete(
            f"/api/alice/teams/{ops}/tasks/1/assignee", headers=api.auth("alice")
        ),
        await api.client.post(f"/api/alice/teams/{ops}/tasks/1/delete", headers=api.auth("alice")),
    ):
        assert refused.status_code == 404 and refused.json() == {"detail": REFUSED}
    assert await holders(api, eng) == [("fix the build", None, False)]
    assert await holders(api, ops) == [("rotate keys", None, False)]
    assert slack_api.of("chat.postMessage", channel=DAVE) == []
    assert await by_whom(api) == ([], [])


async def test_a_delete_waits_for_the_persons_confirm(api: ApiRig) -> None:
    eng, _ = await eng_and_ops(api)
    await api.client.post(
        f"/api/alice/teams/{eng}/tasks", json={"title": "write notes"}, headers=api.auth("alice")
    )
    await api.client.put(
        f"/api/alice/teams/{eng}/tasks/1/assignee", json={"to": CAROL}, headers=api.auth("alice")
    )
    # carol holds #1, so she sees the list; #2 is neither hers nor given to her
    refused = await api.client.post(
        f"/api/carol/teams/{eng}/tasks/2/delete", headers=api.auth("carol")
    )
    assert refused.status_code == 400
    assert refused.json()["detail"].startswith("Only the person who added #2 “write notes”")

    asked = await api.client.post(
        f"/api/carol/teams/{eng}/tasks/1/delete", headers=api.auth("carol")
    )
    assert asked.status_code == 200
    assert asked.json()["outcome"] == "confirmation_required"
    [pending] = asked.json()["pending_confirmations"]
    assert pending["label"] == "#1 “fix the build”"
    assert await holders(api, eng) == [
        ("fix the build", CAROL, False),
        ("write notes", None, False),
    ]

    stolen = await api.client.post(
        f"/api/alice/confirmations/{pending['token']}",
        json={"action": "confirm"},
        headers=api.auth("alice"),
    )
    assert stolen.status_code != 200
    confirmed = await api.client.post(
        f"/api/carol/confirmations/{pending['token']}",
        json={"action": "confirm"},
        headers=api.auth("carol"),
    )
    assert confirmed.status_code == 200
    assert confirmed.json()["content"] == (
        "Deleted #1 “fix the build” from the team list "
        "(members can bring it back with team restore)."
    )
    assert await holders(api, eng) == [("fix the build", CAROL, True), ("write notes", None, False)]
    async with api.database.session() as session:
        [confirm] = await audit.entries(session, action="delete_team_task.confirmed")
    assert (await by_whom(api))[0][-1] == ("deleted", CAROL)
    assert confirm.ok is True


async def test_a_forgotten_creator_shows_as_a_former_member(api: ApiRig) -> None:
    eng, _ = await eng_and_ops(api)
    await api.client.put(
        f"/api/alice/teams/{eng}/tasks/1/assignee", json={"to": CAROL}, headers=api.auth("alice")
    )
    asked = await api.say("alice", "forget me")
    [pending] = asked.json()["pending_confirmations"]
    forgotten = await api.client.post(
        f"/api/alice/confirmations/{pending['token']}",
        json={"action": "confirm"},
        headers=api.auth("alice"),
    )
    assert forgotten.status_code == 200
    shown = await api.client.get(f"/api/carol/teams/{eng}/tasks", headers=api.auth("carol"))
    [task] = shown.json()["tasks"]
    assert (task["created_by"], task["assigned_to"]) == ("a former member", CAROL)


async def test_completing_over_the_api_tells_whoever_assigned_it_once(
    api: ApiRig, slack_api: FakeSlackApi
) -> None:
    eng, _ = await eng_and_ops(api)
    given = await api.client.put(
        f"/api/alice/teams/{eng}/tasks/1/assignee", json={"to": CAROL}, headers=api.auth("alice")
    )
    assert given.status_code == 200

    done = await api.client.post(f"/api/carol/teams/{eng}/tasks/1/done", headers=api.auth("carol"))
    again = await api.client.post(f"/api/carol/teams/{eng}/tasks/1/done", headers=api.auth("carol"))

    assert (done.status_code, done.json()["outcome"]) == (200, "done")
    assert again.status_code == 409
    [told] = slack_api.of("chat.postMessage", channel=ENG)
    assert f"<@{ALICE}>" in told["text"]
    assert told["text"].endswith("completed #1 “fix the build”, which you assigned.")
    assert (await by_whom(api))[1][-2:] == [("team_done", CAROL, True), ("team_done", CAROL, False)]
