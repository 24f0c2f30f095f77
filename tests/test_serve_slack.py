"""Slack's HTTP endpoint in `todobot serve`: signature-checked, recorded, acked, answered once."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from pydantic import SecretStr
from sqlmodel import col, select

from core.storage.delivery_models import InboxItem
from core.storage.models import Task
from tests.api_rig import ApiRig, api_rig
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi


@pytest.fixture
async def server(database_url: str, slack_api: FakeSlackApi) -> AsyncIterator[ApiRig]:
    settings = {
        "slack_bot_token": SecretStr(payloads.BOT_TOKEN),
        "slack_signing_secret": SecretStr(payloads.SIGNING_SECRET),
        "slack_api_url": slack_api.api_url,
        "inbox_poll_seconds": 0.05,
        "rate_limit_per_minute": 0,
    }
    async with api_rig(database_url, **settings) as rig:
        yield rig


async def post_event(
    server: ApiRig, payload: dict[str, object], *, secret: str = payloads.SIGNING_SECRET
) -> httpx.Response:
    body, kind = payloads.json_body(payload)
    headers = {"Content-Type": kind, **payloads.sign(body, secret=secret)}
    return await server.client.post("/slack/events", content=body.encode(), headers=headers)


async def inbox(server: ApiRig) -> list[tuple[str, str, str]]:
    async with server.app.state.services.db.session() as session:
        rows = await session.exec(select(InboxItem).order_by(col(InboxItem.id)))
        return [(row.source, row.delivery_id, row.status) for row in rows.all()]


async def test_a_direct_message_is_recorded_acked_and_answered_once(
    server: ApiRig, slack_api: FakeSlackApi
) -> None:
    event = payloads.dm("add water the plants", event_id="Ev0000SERVE1")

    assert (await post_event(server, event)).status_code == 200
    assert (await post_event(server, event)).status_code == 200  # Slack's retry
    [answer] = await slack_api.wait_for("chat.postMessage")
    await server.app.state.inbox.stop(grace_seconds=5)

    assert "water the plants" in answer.get("text")
    assert await inbox(server) == [("slack", "Ev0000SERVE1", "done")]
    async with server.app.state.services.db.session() as session:
        assert list((await session.exec(select(Task.title))).all()) == ["water the plants"]
    assert len(slack_api.of("chat.postMessage")) == 1


async def test_an_answer_slack_refused_is_posted_when_the_event_is_retried(
    server: ApiRig, slack_api: FakeSlackApi
) -> None:
    slack_api.refuse("chat.postMessage")
    event = payloads.dm("add water the plants", event_id="Ev0000SERVE2")

    assert (await post_event(server, event)).status_code == 200
    refused, answered = await slack_api.wait_for("chat.postMessage", count=2)
    await server.app.state.inbox.stop(grace_seconds=5)

    assert "water the plants" in answered.get("text")
    assert answered.get("text") == refused.get("text")
    assert await inbox(server) == [("slack", "Ev0000SERVE2", "done")]
    async with server.app.state.services.db.session() as session:
        assert list((await session.exec(select(Task.title))).all()) == ["water the plants"]
    assert len(slack_api.of("chat.postMessage")) == 2


async def test_an_unsigned_event_is_refused_and_not_recorded(server: ApiRig) -> None:
    response = await post_event(server, payloads.dm("add x"), secret="not-the-signing-secret")

    assert response.status_code == 401
    assert await inbox(server) == []


async def test_one_bot_token_serves_no_install_flow_and_counts_no_workspaces(
    server: ApiRig,
) -> None:
    assert (await server.client.get("/slack/install")).status_code == 404
    assert (await server.client.get("/slack/oauth_redirect?code=x&state=y")).status_code == 404
    assert "todobot_slack_installations" not in (await server.client.get("/metrics")).text
