"""A `todobot serve` app serving many Slack workspaces ("Add to Slack"), under uvicorn on
127.0.0.1, against the fake Slack (its Web API and its authorize page), with a browser that
installs the app the way an admin's does and a client posting signed events as Slack does.

The core's clock is a `PinnedClock` the test moves on (the OAuth state's expiry, the
uninstall's grace period); it starts at the real time, as Slack's token expiries do. Its
fixtures (`distribution`, and the workspaces `acme` and `globex`) reach every test through
tests/conftest.py.
"""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlmodel import col, select

from bot.serve import create_app
from bot.settings import load_settings
from core.clock import PinnedClock
from core.storage.account_models import WorkspaceInstall
from core.storage.db import Database
from core.storage.delivery_models import InboxItem
from core.storage.models import Identity, Task
from tests.draining import drain
from tests.fakes import slack_payloads as payloads
from tests.fakes.asgi_server import asgi_served, listening_socket
from tests.fakes.slack_api import CLIENT_ID, CLIENT_SECRET, FakeSlackApi, FakeWorkspace
from tests.harness import ScriptedAgent

KEY = base64.urlsafe_b64encode(b"todobot-tests-token-sealing-key!").decode()
STATE_COOKIE = "slack-app-oauth-state"


def plain_settings(api: FakeSlackApi) -> dict[str, str]:
    """The settings of distribution against the fake, as an operator writes them."""
    return {
        "slack_client_id": CLIENT_ID,
        "slack_client_secret": CLIENT_SECRET,
        "slack_signing_secret": payloads.SIGNING_SECRET,
        "slack_api_url": api.api_url,
        "slack_authorize_url": api.authorize_url,
        "token_encryption_key": KEY,
    }


@dataclass
class Browser:
    """An admin's browser: follows Slack's redirects and keeps the state cookie (it is
    Secure, which a real browser sends over https; this one sends it over plain http)."""

    http: httpx.AsyncClient
    cookie: str | None = None

    async def start(self, team: str) -> str:
        """Open /slack/install: Slack's authorize URL (with a fresh state) it redirects to."""
        started = await self.http.get("/slack/install", params={"team": team})
        assert started.status_code == 302, started.text
        self.cookie = started.cookies.get(STATE_COOKIE)
        return started.headers["location"]

    async def approve(self, authorize_url: str) -> str:
        """The admin allows the app on Slack's page: the URL Slack sends the browser back to."""
        approved = await self.http.get(authorize_url)
        assert approved.status_code == 302, approved.text
        return approved.headers["location"]

    async def back(self, url: str, *, cookie: str | None = None) -> httpx.Response:
        sent = cookie if cookie is not None else self.cookie
        return await self.http.get(url, headers={"Cookie": f"{STATE_COOKIE}={sent}"})

    async def install(self, team: str) -> httpx.Response:
        return await self.back(await self.approve(await self.start(team)))


@dataclass
class DistributionRig:
    app: FastAPI
    api: FakeSlackApi
    http: httpx.AsyncClient
    clock: PinnedClock
    url: str

    @property
    def database(self) -> Database:
        return self.app.state.services.db

    def browser(self) -> Browser:
        return Browser(self.http)

    async def install(self, workspace: FakeWorkspace) -> None:
        answer = await self.browser().install(workspace.team_id)
        assert answer.status_code == 200, answer.text
        assert "todobot is installed" in answer.text

    async def event(self, payload: dict[str, Any]) -> httpx.Response:
        body, kind = payloads.json_body(payload)
        headers = {"Content-Type": kind, **payloads.sign(body)}
        return await self.http.post("/slack/events", content=body.encode(), headers=headers)

    async def dm(self, workspace: FakeWorkspace, text: str, user: str = "U0ALICE") -> None:
        event = payloads.in_workspace(payloads.dm(text, user=user), workspace.team_id)
        assert (await self.event(event)).status_code == 200

    async def settled(self) -> None:
        """Every delivery acknowledged so far has run."""
        await drain(self.app.state.inbox)

    async def erase_due(self) -> None:
        """The scheduled erasures that are due by the clock have run."""
        await self.app.state.workspace_eraser.run_once()

    async def installs(self) -> list[WorkspaceInstall]:
        async with self.database.session() as session:
            rows = await session.exec(
                select(WorkspaceInstall).order_by(col(WorkspaceInstall.tenant))
            )
            return list(rows.all())

    async def titles(self, team: str, user: str = "U0ALICE") -> list[str]:
        """The open tasks of `user` of workspace `team`."""
        async with self.database.session() as session:
            rows = await session.exec(
                select(Task.title)
                .join(Identity, col(Identity.user_id) == col(Task.user_id))
                .where(Identity.platform == "slack", Identity.tenant == team)
                .where(Identity.external_id == user)
                .order_by(col(Task.number))
            )
            return list(rows.all())

    async def recorded(self) -> int:
        async with self.database.session() as session:
            return len(
                (await session.exec(select(InboxItem.id).where(InboxItem.source == "slack"))).all()
            )


@asynccontextmanager
async def distribution_server(
    database_url: str, api: FakeSlackApi, **settings: Any
) -> AsyncIterator[DistributionRig]:
    listener = listening_socket()
    base = f"http://127.0.0.1:{listener.getsockname()[1]}"
    values = {
        "database_url": database_url,
        "slack_redirect_uri": f"{base}/slack/oauth_redirect",
        "inbox_poll_seconds": 0.05,
        "reminder_poll_seconds": 0.05,
        "rate_limit_per_minute": 0,
        **plain_settings(api),
        **settings,
    }
    clock = PinnedClock(datetime.now(UTC))
    app = create_app(load_settings(**values), agent=ScriptedAgent(), clock=clock)
    async with (
        asgi_served(app, listener, lifespan="on"),
        httpx.AsyncClient(base_url=base, timeout=10) as http,
    ):
        yield DistributionRig(app, api, http, clock, base)


@pytest.fixture
async def distribution(
    database_url: str, slack_api: FakeSlackApi
) -> AsyncIterator[DistributionRig]:
    async with distribution_server(database_url, slack_api) as rig:
        yield rig


@pytest.fixture
def acme(slack_api: FakeSlackApi) -> FakeWorkspace:
    return slack_api.workspace("T0ACME", "Acme")


@pytest.fixture
def globex(slack_api: FakeSlackApi) -> FakeWorkspace:
    return slack_api.workspace("T0GLOBEX", "Globex")
