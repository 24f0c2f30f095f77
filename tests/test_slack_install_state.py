"""An install finishes only with the one-time `state` this server issued to this browser, in
time: a replayed, made-up, expired or other browser's state is refused and stores nothing."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import parse_qs, urlencode, urlsplit

from tests.fakes.slack_api import FakeSlackApi, FakeWorkspace
from tests.slack_install_rig import DistributionRig


def with_state(url: str, state: str) -> str:
    parts = urlsplit(url)
    query = {key: values[0] for key, values in parse_qs(parts.query).items()}
    return parts._replace(query=urlencode({**query, "state": state})).geturl()


async def test_a_replayed_install_is_refused(
    distribution: DistributionRig, slack_api: FakeSlackApi, acme: FakeWorkspace
) -> None:
    browser = distribution.browser()
    back = await browser.approve(await browser.start(acme.team_id))
    assert (await browser.back(back)).status_code == 200

    replayed = await browser.back(back)

    assert replayed.status_code == 401
    assert "already used or has expired" in replayed.text and "Nothing was saved" in replayed.text
    assert len(slack_api.of("oauth.v2.access")) == 1  # the code was never tried again
    assert [row.tenant for row in await distribution.installs()] == ["T0ACME"]


async def test_a_state_this_server_never_issued_is_refused(
    distribution: DistributionRig, slack_api: FakeSlackApi, acme: FakeWorkspace
) -> None:
    browser = distribution.browser()
    back = await browser.approve(await browser.start(acme.team_id))
    forged = "made-up-state-" + "x" * 30

    refused = await browser.back(with_state(back, forged), cookie=forged)

    assert refused.status_code == 401
    assert "todobot was not installed" in refused.text
    assert slack_api.of("oauth.v2.access") == []
    assert await distribution.installs() == []


async def test_another_browsers_state_is_refused(
    distribution: DistributionRig, slack_api: FakeSlackApi, acme: FakeWorkspace
) -> None:
    admin, stranger = distribution.browser(), distribution.browser()
    back = await admin.approve(await admin.start(acme.team_id))
    await stranger.start(acme.team_id)  # a state of its own, in its own cookie

    refused = await stranger.back(back)

    assert refused.status_code == 400
    assert "did not start the install here" in refused.text
    assert slack_api.of("oauth.v2.access") == []
    assert await distribution.installs() == []


async def test_an_expired_state_is_refused(
    distribution: DistributionRig, slack_api: FakeSlackApi, acme: FakeWorkspace
) -> None:
    browser = distribution.browser()
    back = await browser.approve(await browser.start(acme.team_id))
    distribution.clock.advance(timedelta(minutes=11))  # states last ten minutes

    refused = await browser.back(back)

    assert refused.status_code == 401
    assert "expired" in refused.text
    assert slack_api.of("oauth.v2.access") == []
    assert await distribution.installs() == []


async def test_an_admin_who_cancels_on_slack_installs_nothing(
    distribution: DistributionRig, slack_api: FakeSlackApi, acme: FakeWorkspace
) -> None:
    browser = distribution.browser()
    await browser.start(acme.team_id)

    cancelled = await browser.back("/slack/oauth_redirect?error=access_denied&state=x")

    assert cancelled.status_code == 200
    assert "the install was cancelled on Slack." in cancelled.text
    assert await distribution.installs() == []
