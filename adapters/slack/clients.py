"""The Web API client to answer a workspace with, outside the request that came from it.

Workers run deliveries after the ack, reminders come due, App Home is redrawn: each must
speak with the token of the workspace it is for. With one bot token (`OneWorkspace`) that is
the one client. With "Add to Slack" (`InstalledWorkspaces`) it is found by the workspace's
team (and enterprise) through bolt's own installation-store authorize, the same one every
request goes through: it reads the installation, refreshes a token about to expire (and
stores the new one), and checks it once with auth.test. A workspace that removed the app has
no client (None).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Protocol

from slack_bolt.authorization.async_authorize import AsyncAuthorize
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_sdk.web.async_client import AsyncWebClient

from adapters.slack.translate import tenant_of

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Workspace:
    """Where a delivery or a message belongs: the team, and its Enterprise Grid org if any
    (`org_wide` when the app is installed for the whole org)."""

    team: str | None
    enterprise: str | None = None
    org_wide: bool = False

    @classmethod
    def of(cls, body: dict[str, Any]) -> Workspace:
        """Read the way bolt reads a request (the envelope's `authorizations` first); for an
        org-wide install, whose authorization names no team, the team the delivery came
        from, so the installation learns the workspaces it serves."""
        context = AsyncBoltRequest(body=body, mode="socket_mode").context
        team = context.team_id or tenant_of(body) or None
        return cls(team, context.enterprise_id, bool(context.is_enterprise_install))


class WorkspaceClients(Protocol):
    async def client_for(self, workspace: Workspace) -> AsyncWebClient | None:
        """The client speaking as the app in `workspace`; None where it is not installed."""
        ...


@dataclass
class OneWorkspace:
    """The one workspace of SLACK_BOT_TOKEN: every delivery is its."""

    client: AsyncWebClient

    async def client_for(self, workspace: Workspace) -> AsyncWebClient | None:
        return self.client


@dataclass
class InstalledWorkspaces:
    authorize: AsyncAuthorize
    api_url: str
    _clients: dict[Workspace, AsyncWebClient] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._lookup = AsyncWebClient(base_url=self.api_url)  # auth.test, with each token

    async def client_for(self, workspace: Workspace) -> AsyncWebClient | None:
        context = AsyncBoltContext(
            {"client": self._lookup, "is_enterprise_install": workspace.org_wide, "logger": log}
        )
        found = await self.authorize(
            context=context,
            enterprise_id=workspace.enterprise,
            team_id=workspace.team,
            user_id=None,
        )
        token = found.bot_token if found is not None else None
        if not token:
            self._clients.pop(workspace, None)
            return None
        client = self._clients.get(workspace)
        if client is None or client.token != token:  # first use, or the token was rotated
            client = AsyncWebClient(token=token, base_url=self.api_url)
            self._clients[workspace] = client
        return client
