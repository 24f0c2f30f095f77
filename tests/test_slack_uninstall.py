"""A workspace's admin removes the app: its token is forgotten at once, its deliveries are
acknowledged and ignored, and its people's data is erased once UNINSTALL_RETENTION_DAYS have
passed, unless the workspace adds the app again before then."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from sqlmodel import select

from core.people.erase import hash_of
from core.storage.models import Erasure, Identity, User
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi, FakeWorkspace
from tests.slack_install_rig import DistributionRig, distribution_server


@pytest.fixture
async def rig(database_url: str, slack_api: FakeSlackApi) -> AsyncIterator[DistributionRig]:
    async with distribution_server(database_url, slack_api) as rig:
        yield rig


@pytest.fixture
async def acme(rig: DistributionRig, slack_api: FakeSlackApi) -> FakeWorkspace:
    """Acme installed the app; Alice and Bob each added a task there."""
    workspace = slack_api.workspace("T0ACME", "Acme")
    await rig.install(workspace)
    await rig.dm(workspace, "add water the plants")
    await rig.dm(workspace, "add pay rent", user="U0BOB")
    await slack_api.wait_for("chat.postMessage", 2)
    await rig.settled()
    return workspace


async def remove_app(rig: DistributionRig, workspace: FakeWorkspace) -> None:
    """What Slack sends when the admin removes the app: both events, token first."""
    workspace.installed = False
    revoked = payloads.tokens_revoked(workspace.team_id, workspace.bot_user_id)
    assert (await rig.event(revoked)).status_code == 200
    assert (await rig.event(payloads.uninstalled(workspace.team_id))).status_code == 200


async def erasures(rig: DistributionRig) -> list[Erasure]:
    async with rig.database.session() as session:
        return list((await session.exec(select(Erasure))).all())


async def people(rig: DistributionRig, team: str) -> list[str]:
    async with rig.database.session() as session:
        found = await session.exec(select(Identity.external_id).where(Identity.tenant == team))
        return sorted(found.all())


async def test_an_uninstall_forgets_the_token_at_once_and_the_data_after_the_grace_period(
    rig: DistributionRig, slack_api: FakeSlackApi, acme: FakeWorkspace
) -> None:
    globex = slack_api.workspace("T0GLOBEX", "Globex")
    await rig.install(globex)
    await rig.dm(globex, "add call mom")
    await slack_api.wait_for("chat.postMessage", 3)
    await rig.settled()

    await remove_app(rig, acme)

    assert [row.tenant for row in await rig.installs()] == ["T0GLOBEX"]
    recorded = await rig.recorded()
    await rig.dm(acme, "add anything")  # acknowledged, and neither recorded nor answered
    assert await rig.recorded() == recorded
    assert len(slack_api.of("chat.postMessage")) == 3

    rig.clock.advance(timedelta(days=29, hours=23))
    await rig.erase_due()
    assert await rig.titles("T0ACME") == ["water the plants"]
    assert await erasures(rig) == []

    rig.clock.advance(timedelta(hours=2))
    await rig.erase_due()
    assert await people(rig, "T0ACME") == []
    assert await people(rig, "T0GLOBEX") == ["U0ALICE"]
    assert await rig.titles("T0GLOBEX") == ["call mom"]
    async with rig.database.session() as session:
        assert len((await session.exec(select(User))).all()) == 1
    [erasure] = await erasures(rig)
    assert erasure.subject_hash == hash_of("slack:T0ACME:")
    assert (erasure.counts["identity"], erasure.counts["task"]) == (2, 2)
    assert erasure.counts["message"] == 4

    await rig.erase_due()  # nothing is erased twice
    assert len(await erasures(rig)) == 1


async def test_adding_the_app_again_within_the_grace_period_keeps_everything(
    rig: DistributionRig, slack_api: FakeSlackApi, acme: FakeWorkspace
) -> None:
    first_token = acme.token
    await remove_app(rig, acme)
    rig.clock.advance(timedelta(days=10))

    await rig.install(acme)
    rig.clock.advance(timedelta(days=25))
    await rig.erase_due()

    assert await erasures(rig) == []
    assert await people(rig, "T0ACME") == ["U0ALICE", "U0BOB"]
    await rig.dm(acme, "add buy milk")
    answer = (await slack_api.wait_for("chat.postMessage", 3))[2]
    assert answer.token == acme.token != first_token
    await rig.settled()
    assert await rig.titles("T0ACME") == ["water the plants", "buy milk"]


async def test_an_uninstall_is_counted_out_of_the_metrics(
    rig: DistributionRig, acme: FakeWorkspace
) -> None:
    assert "todobot_slack_installations 1.0" in (await rig.http.get("/metrics")).text

    await remove_app(rig, acme)

    assert "todobot_slack_installations 0.0" in (await rig.http.get("/metrics")).text
