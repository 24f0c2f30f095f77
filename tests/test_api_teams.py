"""Team lists over the chat API, through the real app and the fake Slack Web API: a list is
named only by its id, and only a person Slack says is in its channel reads or changes it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from uuid import UUID, uuid4

import pytest
from sqlmodel import col, select

from core.storage import audit
from core.storage.list_models import TaskList
from core.storage.models import Change, Task
from tests.api_rig import ApiRig, api_rig, both_platforms
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.team_seed import used_in_slack

ENG, OPS = "C0ENG", "C0OPS"
ALICE, BOB, CAROL = "U0ALICE", "U0BOB", "U0CAROL"
REFUSED = (
    "No team list with that id is open to you: only members of its channel or group, as the "
    "platform says, can read or change it. Nothing was changed."
)


@pytest.fixture
async def api(
    database_url: str, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI
) -> AsyncIterator[ApiRig]:
    slack_api.channel_members = {ENG: [ALICE, BOB, CAROL], OPS: [CAROL]}
    async with api_rig(
        database_url, rate_limit_per_minute=0, **both_platforms(slack_api, bot_api)
    ) as rig:
        yield rig


async def eng_and_ops(api: ApiRig) -> tuple[UUID, UUID]:
    eng = await used_in_slack(
        api.database, slack_user=ALICE, channel=ENG, title="fix the build", linked=("api", "alice")
    )
    ops = await used_in_slack(
        api.database, slack_user=CAROL, channel=OPS, title="rotate keys", linked=("api", "carol")
    )
    return eng, ops


async def titles(api: ApiRig, list_id: UUID) -> list[tuple[str, bool]]:
    async with api.database.session() as session:
        found = await session.exec(
            select(Task).where(Task.list_id == list_id).order_by(col(Task.number))
        )
        return [(task.title, task.completed) for task in found.all()]


async def test_a_member_sees_the_lists_of_their_channels_and_works_on_one(api: ApiRig) -> None:
    eng, ops = await eng_and_ops(api)

    listed = await api.client.get("/api/alice/teams", headers=api.auth("alice"))
    assert listed.status_code == 200
    assert listed.json() == {
        "lists": [{"id": str(eng), "platform": "slack", "chat_id": ENG, "open_tasks": 1}]
    }
    added = await api.client.post(
        f"/api/alice/teams/{eng}/tasks",
        json={"title": "write the notes"},
        headers=api.auth("alice"),
    )
    assert added.status_code == 200
    assert added.json()["task"]["number"] == 2 and added.json()["outcome"] == "added"
    done = await api.client.post(f"/api/alice/teams/{eng}/tasks/1/done", headers=api.auth("alice"))
    assert done.status_code == 200 and done.json()["outcome"] == "done"
    again = await api.client.post(f"/api/alice/teams/{eng}/tasks/1/done", headers=api.auth("alice"))
    assert again.status_code == 409
    assert again.json() == {"detail": "#1 “fix the build” was already done."}
    shown = await api.client.get(f"/api/alice/teams/{eng}/tasks", headers=api.auth("alice"))
    assert [t["title"] for t in shown.json()["tasks"]] == ["write the notes"]
    assert await titles(api, eng) == [("fix the build", True), ("write the notes", False)]
    assert await titles(api, ops) == [("rotate keys", False)]


async def test_an_outsider_is_refused_by_id_and_nothing_changes(api: ApiRig) -> None:
    _, ops = await eng_and_ops(api)

    for request in (
        api.client.get(f"/api/alice/teams/{ops}/tasks", headers=api.auth("alice")),
        api.client.post(
            f"/api/alice/teams/{ops}/tasks", json={"title": "sneak in"}, headers=api.auth("alice")
        ),
        api.client.post(f"/api/alice/teams/{ops}/tasks/1/done", headers=api.auth("alice")),
        api.client.get(f"/api/alice/teams/{uuid4()}/tasks", headers=api.auth("alice")),
    ):
        refused = await request
        assert refused.status_code == 404
        assert refused.json() == {"detail": REFUSED}
    assert await titles(api, ops) == [("rotate keys", False)]


async def test_a_person_who_left_the_channel_loses_the_list(
    api: ApiRig, slack_api: FakeSlackApi
) -> None:
    eng, _ = await eng_and_ops(api)
    slack_api.channel_members[ENG] = [BOB, CAROL]  # Alice left #eng

    listed = await api.client.get("/api/alice/teams", headers=api.auth("alice"))
    refused = await api.client.post(
        f"/api/alice/teams/{eng}/tasks/1/done", headers=api.auth("alice")
    )

    assert listed.json() == {"lists": []}
    assert refused.status_code == 404 and refused.json() == {"detail": REFUSED}
    assert await titles(api, eng) == [("fix the build", False)]


async def test_an_api_account_never_linked_to_a_member_sees_nothing(api: ApiRig) -> None:
    eng, _ = await eng_and_ops(api)
    await api.say("mallory", "/list")  # a known API person, in no channel

    listed = await api.client.get("/api/mallory/teams", headers=api.auth("mallory"))
    refused = await api.client.get(f"/api/mallory/teams/{eng}/tasks", headers=api.auth("mallory"))

    assert listed.json() == {"lists": []}
    assert refused.status_code == 404
    async with api.database.session() as session:
        assert (
            len((await session.exec(select(TaskList).where(TaskList.kind == "shared"))).all()) == 2
        )


async def test_changes_over_the_api_are_recorded_and_audited_as_the_person(api: ApiRig) -> None:

    eng, _ = await eng_and_ops(api)
    await api.client.post(
        f"/api/alice/teams/{eng}/tasks",
        json={"title": "write the notes"},
        headers=api.auth("alice"),
    )
    await api.client.post(f"/api/alice/teams/{eng}/tasks/1/done", headers=api.auth("alice"))
    await api.client.post(f"/api/alice/teams/{eng}/tasks/1/done", headers=api.auth("alice"))
    async with api.database.session() as session:
        logged = (await session.exec(select(Change).order_by(col(Change.id)))).all()
        entries = [e for e in await audit.entries(session) if e.action.startswith("team_")]
    [creator] = {task.creator_id for task in await tasks_of(api, eng)}
    assert [(c.kind, c.summary, c.user_id) for c in logged] == [
        ("added", "#2 “write the notes”", creator),
        ("completed", "#1 “fix the build”", creator),
    ]
    assert all(c.token.startswith(f"t{eng.hex}") for c in logged)
    assert [(e.action, e.user_id, e.ok) for e in entries] == [
        ("team_add", creator, True),
        ("team_done", creator, True),
        ("team_done", creator, False),
    ]


async def tasks_of(api: ApiRig, list_id: UUID) -> list[Task]:
    async with api.database.session() as session:
        return list((await session.exec(select(Task).where(Task.list_id == list_id))).all())
