""" "Add to Slack": one `todobot serve` for many workspaces, each installed by its admin through
bolt's OAuth flow, each answered with its own token, each person's list kept apart."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from slack_bolt.authorization import AuthorizeResult
from sqlmodel import select

from adapters.slack.config import BOT_SCOPES
from adapters.slack.distribution import Checked
from core.storage.account_models import OAuthState
from core.storage.models import Identity
from core.storage.sealing import Sealer
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import CLIENT_ID, FakeSlackApi, FakeWorkspace
from tests.serve_processes import start_serve
from tests.slack_install_rig import (
    KEY,
    Browser,
    DistributionRig,
    plain_settings,
)


async def answers_by_token(api: FakeSlackApi, count: int) -> dict[str | None, list[str]]:
    posted = await api.wait_for("chat.postMessage", count)
    found: dict[str | None, list[str]] = {}
    for call in posted:
        found.setdefault(call.token, []).append(str(call.get("text")))
    return found


async def test_install_asks_slack_for_the_manifest_scopes_with_a_one_time_state(
    distribution: DistributionRig, slack_api: FakeSlackApi, acme: FakeWorkspace
) -> None:
    browser = distribution.browser()
    authorize = await browser.start(acme.team_id)

    assert authorize.startswith(slack_api.authorize_url + "?")
    query = parse_qs(urlsplit(authorize).query)
    assert query["client_id"] == [CLIENT_ID]
    assert query["scope"] == [",".join(BOT_SCOPES)]
    assert query["redirect_uri"] == [f"{distribution.url}/slack/oauth_redirect"]
    assert query["state"] == [browser.cookie] and len(browser.cookie or "") >= 40
    async with distribution.database.session() as session:
        assert len((await session.exec(select(OAuthState))).all()) == 1


async def test_two_workspaces_install_and_each_is_answered_with_its_own_token(
    distribution: DistributionRig,
    slack_api: FakeSlackApi,
    acme: FakeWorkspace,
    globex: FakeWorkspace,
) -> None:
    await distribution.install(acme)
    await distribution.install(globex)

    # The same user id in two workspaces is two people, each answered by their own bot.
    await distribution.dm(acme, "add water the plants")
    await distribution.dm(globex, "add call the printer people")
    answers = await answers_by_token(slack_api, 2)
    await distribution.settled()

    assert set(answers) == {acme.token, globex.token}
    assert "water the plants" in answers[acme.token][0]
    assert "call the printer people" in answers[globex.token][0]
    assert await distribution.titles(acme.team_id) == ["water the plants"]
    assert await distribution.titles(globex.team_id) == ["call the printer people"]
    async with distribution.database.session() as session:
        people = (
            await session.exec(
                select(Identity.tenant, Identity.user_id).where(Identity.external_id == "U0ALICE")
            )
        ).all()
    assert sorted(tenant for tenant, _ in people) == ["T0ACME", "T0GLOBEX"]
    assert len({user for _, user in people}) == 2


async def test_tokens_are_sealed_in_the_database(
    distribution: DistributionRig, acme: FakeWorkspace
) -> None:
    await distribution.install(acme)

    [row] = await distribution.installs()
    assert (row.tenant, row.tenant_name, row.installer) == ("T0ACME", "Acme", acme.admin)
    assert row.scopes == ",".join(BOT_SCOPES)
    assert acme.token is not None and acme.token not in row.bot_token
    assert Sealer(KEY).open(row.bot_token) == acme.token


async def test_metrics_count_installations_and_turns_by_workspace(
    distribution: DistributionRig,
    slack_api: FakeSlackApi,
    acme: FakeWorkspace,
    globex: FakeWorkspace,
) -> None:
    await distribution.install(acme)
    await distribution.install(globex)
    await distribution.dm(acme, "add one")
    await distribution.dm(acme, "add two")
    await slack_api.wait_for("chat.postMessage", 2)
    await distribution.settled()

    text = (await distribution.http.get("/metrics")).text

    assert "todobot_slack_installations 2.0" in text
    assert 'todobot_slack_workspace_turns_total{team="T0ACME"} 2.0' in text
    assert 'team="T0GLOBEX"' not in text


@pytest.mark.slow
async def test_todobot_serve_as_started_serves_the_workspaces_that_add_it(
    slack_api: FakeSlackApi, acme: FakeWorkspace, globex: FakeWorkspace, tmp_path: Path
) -> None:
    env = {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'todobot.db'}",
        **{name.upper(): str(value) for name, value in plain_settings(slack_api).items()},
    }
    served = await start_serve(env, tmp_path)
    try:
        slack_api.redirect_url = f"{served.url}/slack/oauth_redirect"  # the app's settings
        async with httpx.AsyncClient(base_url=served.url, timeout=10) as http:
            for workspace in (acme, globex):
                page = await Browser(http).install(workspace.team_id)
                assert page.status_code == 200 and workspace.name in page.text
            for workspace in (acme, globex):
                event = payloads.in_workspace(
                    payloads.dm(f"add {workspace.name} plan"), workspace.team_id
                )
                body, kind = payloads.json_body(event)
                sent = await http.post(
                    "/slack/events",
                    content=body,
                    headers={"Content-Type": kind, **payloads.sign(body)},
                )
                assert sent.status_code == 200
            answers = await answers_by_token(slack_api, 2)
    finally:
        await served.stop()

    assert "Acme plan" in answers[acme.token][0]
    assert "Globex plan" in answers[globex.token][0]


async def test_workspaces_of_an_organization_answered_at_once_are_all_noted(
    distribution: DistributionRig, slack_api: FakeSlackApi
) -> None:
    """Events from several of its workspaces at the same moment: each workspace is noted as
    served (none lost to another's write), so reminders and erasure find every one."""
    initech = slack_api.workspace("E0INITECH", "Initech", enterprise_id="E0INITECH")
    await distribution.install(initech)
    teams = [f"T0IWS{n}" for n in range(1, 7)]

    async def said(team: str) -> int:
        dm = payloads.dm(f"add {team} plan", user=f"U0{team}")
        event = payloads.in_organization(dm, "E0INITECH", team, initech.bot_user_id)
        return (await distribution.event(event)).status_code

    assert await asyncio.gather(*(said(team) for team in teams)) == [200] * len(teams)
    await answers_by_token(slack_api, len(teams))
    await distribution.settled()

    [row] = await distribution.installs()
    assert sorted(row.served) == teams


async def test_an_organization_installs_once_for_all_its_workspaces(
    distribution: DistributionRig, slack_api: FakeSlackApi
) -> None:
    initech = slack_api.workspace("E0INITECH", "Initech", enterprise_id="E0INITECH")
    await distribution.install(initech)
    for team in ("T0IWS1", "T0IWS2"):
        dm = payloads.dm(f"add {team} plan")
        event = payloads.in_organization(dm, "E0INITECH", team, initech.bot_user_id)
        assert (await distribution.event(event)).status_code == 200
    answers = await answers_by_token(slack_api, 2)
    await distribution.settled()

    assert list(answers) == [initech.token]
    [row] = await distribution.installs()
    assert (row.organization, row.tenant, row.org_wide) == ("E0INITECH", "", True)
    assert sorted(row.served) == ["T0IWS1", "T0IWS2"]
    assert await distribution.titles("T0IWS1") == ["T0IWS1 plan"]

    initech.installed = False
    removed = payloads.envelope({"type": "app_uninstalled", "event_ts": "1.1"})
    event = payloads.in_organization(removed, "E0INITECH", "T0IWS1", initech.bot_user_id)
    assert (await distribution.event(event)).status_code == 200
    assert await distribution.installs() == []
    distribution.clock.advance(timedelta(days=31))
    await distribution.erase_due()
    assert await distribution.titles("T0IWS1") == [] and await distribution.titles("T0IWS2") == []


def test_the_checked_tokens_kept_are_bounded() -> None:
    """Tokens rotate every twelve hours: the auth.test answers of old ones do not pile up."""
    checked = Checked(most=2)
    for token in ("xoxe.xoxb-1", "xoxe.xoxb-2", "xoxe.xoxb-3"):
        checked[token] = AuthorizeResult(enterprise_id=None, team_id="T0ACME")

    assert list(checked) == ["xoxe.xoxb-2", "xoxe.xoxb-3"]
