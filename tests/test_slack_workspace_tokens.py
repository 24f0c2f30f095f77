"""What todobot sends outside a request goes with the token of the person's workspace too (App
Home, reminders), tokens that expire are refreshed and stored sealed (token rotation), and no
token ever reaches a log line."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
from sqlmodel import col, select

from adapters.slack import modals
from core.reminders import book
from core.storage.models import Identity, Task
from core.storage.sealing import Sealer
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import REFRESHED_TOKEN_SECONDS, FakeSlackApi, FakeWorkspace
from tests.slack_install_rig import KEY, DistributionRig


async def remind(distribution: DistributionRig, team: str, after: timedelta) -> None:
    """Alice's first task in `team` gets a reminder `after` from now."""
    async with distribution.database.session() as session, session.begin():
        task = (
            await session.exec(
                select(Task)
                .join(Identity, col(Identity.user_id) == col(Task.user_id))
                .where(Identity.tenant == team, Identity.external_id == "U0ALICE")
            )
        ).one()
        await book.set_for_task(
            session, task=task, at=distribution.clock.now() + after, where=book.Where("slack")
        )


async def test_reminders_go_out_with_each_workspaces_token(
    distribution: DistributionRig,
    slack_api: FakeSlackApi,
    acme: FakeWorkspace,
    globex: FakeWorkspace,
) -> None:
    for workspace, title in ((acme, "water the plants"), (globex, "call mom")):
        await distribution.install(workspace)
        await distribution.dm(workspace, f"add {title}")
    await slack_api.wait_for("chat.postMessage", 2)
    await distribution.settled()
    await remind(distribution, "T0ACME", timedelta(hours=1))
    await remind(distribution, "T0GLOBEX", timedelta(hours=1))

    distribution.clock.advance(timedelta(hours=1, minutes=1))
    sent = await slack_api.wait_for("chat.postMessage", 2, channel="U0ALICE")

    by_token = {call.token: str(call.get("text")) for call in sent}
    assert "water the plants" in by_token[acme.token]
    assert "call mom" in by_token[globex.token]


async def test_the_home_tab_is_drawn_with_its_workspaces_token(
    distribution: DistributionRig,
    slack_api: FakeSlackApi,
    acme: FakeWorkspace,
    globex: FakeWorkspace,
) -> None:
    await distribution.install(acme)
    await distribution.install(globex)
    await distribution.dm(globex, "add call mom")
    await slack_api.wait_for("chat.postMessage")

    opened = payloads.in_workspace(payloads.home_opened(), globex.team_id, globex.bot_user_id)
    assert (await distribution.event(opened)).status_code == 200
    [published] = await slack_api.wait_for("views.publish")

    assert published.token == globex.token
    assert "call mom" in str(published.get("view"))


async def test_an_expiring_token_is_refreshed_and_stored_sealed(
    distribution: DistributionRig, slack_api: FakeSlackApi, acme: FakeWorkspace
) -> None:
    slack_api.token_rotation = True
    await distribution.install(acme)
    first, first_refresh = acme.tokens[0], acme.refresh_token
    [row] = await distribution.installs()
    assert row.bot_refresh_token is not None and first_refresh not in row.bot_refresh_token
    assert Sealer(KEY).open(row.bot_refresh_token) == first_refresh

    # The first token lasts ten minutes, within the two hours bolt refreshes ahead.
    await distribution.dm(acme, "add water the plants")
    [answer] = await slack_api.wait_for("chat.postMessage")
    await distribution.settled()

    [refreshed] = slack_api.of("oauth.v2.access", grant_type="refresh_token")
    assert refreshed.get("refresh_token") == first_refresh
    assert answer.token == acme.tokens[-1] != first
    assert len(acme.tokens) == 2  # refreshed once: the new one lasts twelve hours
    [row] = await distribution.installs()
    assert acme.tokens[-1] not in row.bot_token
    assert Sealer(KEY).open(row.bot_token) == acme.tokens[-1]
    assert Sealer(KEY).open(row.bot_refresh_token or "") == acme.refresh_token != first_refresh
    assert row.bot_token_expires_at is not None
    lasts = row.bot_token_expires_at - distribution.clock.now()
    assert abs(lasts.total_seconds() - REFRESHED_TOKEN_SECONDS) < 60


async def test_no_token_reaches_the_log(
    distribution: DistributionRig,
    slack_api: FakeSlackApi,
    acme: FakeWorkspace,
    caplog: pytest.LogCaptureFixture,
) -> None:
    slack_api.token_rotation = True
    caplog.set_level(logging.DEBUG)
    await distribution.install(acme)
    await distribution.dm(acme, "add water the plants")
    await slack_api.wait_for("chat.postMessage")
    await distribution.settled()

    secrets = [*acme.tokens, acme.refresh_token or "", KEY]
    assert len(acme.tokens) == 2
    assert "T0ACME" in caplog.text  # the log speaks of the workspace, by its id
    assert [secret for secret in secrets if secret in caplog.text] == []


async def test_a_form_opens_with_its_workspaces_token(
    distribution: DistributionRig,
    slack_api: FakeSlackApi,
    acme: FakeWorkspace,
    globex: FakeWorkspace,
) -> None:
    await distribution.install(acme)
    await distribution.install(globex)
    shortcut = payloads.global_shortcut(callback_id=modals.NEW_TASK_SHORTCUT)
    body, kind = payloads.interactive_body(payloads.in_workspace(shortcut, globex.team_id))

    sent = await distribution.http.post(
        "/slack/events", content=body, headers={"Content-Type": kind, **payloads.sign(body)}
    )

    assert sent.status_code == 200
    [opened] = slack_api.of("views.open")
    assert opened.token == globex.token
