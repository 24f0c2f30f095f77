"""A workspace's admin removes the app: its token is forgotten at once, its deliveries are
acknowledged and ignored, and its people's data is erased once UNINSTALL_RETENTION_DAYS have
passed, unless the workspace adds the app again before then."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
from sqlmodel import select

from core.people.erase import hash_of
from core.storage.account_models import Erasure
from core.storage.models import Identity, User
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi, FakeWorkspace
from tests.slack_install_rig import DistributionRig


@pytest.fixture
async def acme(distribution: DistributionRig, slack_api: FakeSlackApi) -> FakeWorkspace:
    """Acme installed the app; Alice and Bob each added a task there."""
    workspace = slack_api.workspace("T0ACME", "Acme")
    await distribution.install(workspace)
    await distribution.dm(workspace, "add water the plants")
    await distribution.dm(workspace, "add pay rent", user="U0BOB")
    await slack_api.wait_for("chat.postMessage", 2)
    await distribution.settled()
    return workspace


async def remove_app(distribution: DistributionRig, workspace: FakeWorkspace) -> None:
    """What Slack sends when the admin removes the app: both events, token first."""
    workspace.installed = False
    revoked = payloads.tokens_revoked(workspace.team_id, workspace.bot_user_id)
    assert (await distribution.event(revoked)).status_code == 200
    assert (await distribution.event(payloads.uninstalled(workspace.team_id))).status_code == 200


async def erasures(distribution: DistributionRig) -> list[Erasure]:
    async with distribution.database.session() as session:
        return list((await session.exec(select(Erasure))).all())


async def people(distribution: DistributionRig, team: str) -> list[str]:
    async with distribution.database.session() as session:
        found = await session.exec(select(Identity.external_id).where(Identity.tenant == team))
        return sorted(found.all())


async def test_an_uninstall_forgets_the_token_at_once_and_the_data_after_the_grace_period(
    distribution: DistributionRig,
    slack_api: FakeSlackApi,
    acme: FakeWorkspace,
    caplog: pytest.LogCaptureFixture,
) -> None:
    globex = slack_api.workspace("T0GLOBEX", "Globex")
    await distribution.install(globex)
    await distribution.dm(globex, "add call mom")
    await slack_api.wait_for("chat.postMessage", 3)
    await distribution.settled()

    await remove_app(distribution, acme)

    assert [row.tenant for row in await distribution.installs()] == ["T0GLOBEX"]
    recorded = await distribution.recorded()
    caplog.clear()
    caplog.set_level(logging.INFO)
    await distribution.dm(acme, "add anything")  # acknowledged, and neither recorded nor answered
    assert await distribution.recorded() == recorded
    # expected after an uninstall, so an INFO line and no error
    assert [r.levelname for r in caplog.records if "without an installation" in r.message] == [
        "INFO"
    ]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(slack_api.of("chat.postMessage")) == 3

    distribution.clock.advance(timedelta(days=29, hours=23))
    await distribution.erase_due()
    assert await distribution.titles("T0ACME") == ["water the plants"]
    assert await erasures(distribution) == []

    distribution.clock.advance(timedelta(hours=2))
    await distribution.erase_due()
    assert await people(distribution, "T0ACME") == []
    assert await people(distribution, "T0GLOBEX") == ["U0ALICE"]
    assert await distribution.titles("T0GLOBEX") == ["call mom"]
    async with distribution.database.session() as session:
        assert len((await session.exec(select(User))).all()) == 1
    [erasure] = await erasures(distribution)
    assert erasure.subject_hash == hash_of("slack:T0ACME:")
    assert (erasure.counts["identity"], erasure.counts["task"]) == (2, 2)
    assert erasure.counts["message"] == 4

    await distribution.erase_due()  # nothing is erased twice
    assert len(await erasures(distribution)) == 1


async def test_adding_the_app_again_within_the_grace_period_keeps_everything(
    distribution: DistributionRig, slack_api: FakeSlackApi, acme: FakeWorkspace
) -> None:
    first_token = acme.token
    await remove_app(distribution, acme)
    distribution.clock.advance(timedelta(days=10))

    await distribution.install(acme)
    distribution.clock.advance(timedelta(days=25))
    await distribution.erase_due()

    assert await erasures(distribution) == []
    assert await people(distribution, "T0ACME") == ["U0ALICE", "U0BOB"]
    await distribution.dm(acme, "add buy milk")
    answer = (await slack_api.wait_for("chat.postMessage", 3))[2]
    assert answer.token == acme.token != first_token
    await distribution.settled()
    assert await distribution.titles("T0ACME") == ["water the plants", "buy milk"]


async def test_an_uninstall_is_counted_out_of_the_metrics(
    distribution: DistributionRig, acme: FakeWorkspace
) -> None:
    assert "todobot_slack_installations 1.0" in (await distribution.http.get("/metrics")).text

    await remove_app(distribution, acme)

    assert "todobot_slack_installations 0.0" in (await distribution.http.get("/metrics")).text
