"""MCP over streamable HTTP at `/mcp` in `todobot serve`, authenticated like the chat API.

A bearer JWT signed with API_JWT_SECRET names the person in `sub` (the same `api` account as the
chat API); no token, a bad one or an expired one gets 401 with a `WWW-Authenticate` header that
points at the OAuth protected-resource metadata document (RFC 9728), which is published too.
A 2026-07-28 client's requests each stand alone, so any worker can answer them, and a
delete's question returned to the client is sealed with a key derived from the same secret,
so the answer may come back to any worker. A classic (2025) client gets a session, so it can
be asked mid-call; a request of it that reaches another worker is served there on its own
(`adapters/mcp/sessions.py`). GET is 405: the questions go back on the call's own response, so
there is nothing to push, and a stream held open would take a connection for nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from urllib.parse import urlsplit

from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.routes import build_resource_metadata_url
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import MCPServer, RequestStateSecurity
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import AnyHttpUrl
from starlette.applications import Starlette
from starlette.routing import BaseRoute, Route

from adapters.http.auth import AuthError, TokenVerifier
from adapters.mcp.server import CANNOT_ASK_REMOTE, build_server
from adapters.mcp.sessions import SessionsHereOrAlone
from core.people.team_access import TeamAccess
from core.remote import Account, RemoteTools

PLATFORM = "api"
PATH = "/mcp"
CLIENT_ID = "todobot-api"
REQUEST_STATE_LABEL = b"todobot mcp request state"


@dataclass(frozen=True)
class JwtTokens:
    """The chat API's token check, as the MCP SDK's `TokenVerifier`."""

    verifier: TokenVerifier

    async def verify_token(self, token: str) -> AccessToken | None:
        try:
            subject = self.verifier.subject(f"Bearer {token}")
        except AuthError:
            return None
        return AccessToken(token=token, client_id=CLIENT_ID, scopes=[], subject=subject)


def authenticated_account() -> Account:
    """The person the request's bearer token names (the auth middleware ran before us)."""
    token = get_access_token()
    if token is None or not token.subject:
        raise PermissionError("an MCP request reached a tool without an authenticated user")
    return Account(platform=PLATFORM, external_id=token.subject)


def request_state_key(secret: str) -> bytes:
    """Every worker derives the same key, so a question asked by one can be answered at another."""
    return hmac.new(secret.encode(), REQUEST_STATE_LABEL, hashlib.sha256).digest()


@dataclass
class McpHttp:
    """The routes to add to the app, and the lifespan that must run around them: two
    servers, one keeping classic sessions and one answering requests on their own."""

    servers: tuple[MCPServer, ...]
    routes: list[BaseRoute]

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """The SDK's session managers, run in a task of their own: their task groups must be
        left by the task that entered them, and a lifespan may end in another task than it
        began."""
        started, stop = asyncio.Event(), asyncio.Event()

        async def hold() -> None:
            async with AsyncExitStack() as managers:
                for server in self.servers:
                    await managers.enter_async_context(server.session_manager.run())
                started.set()
                await stop.wait()

        holder = asyncio.create_task(hold(), name="mcp-session-manager")
        waiting = asyncio.create_task(started.wait())
        await asyncio.wait({holder, waiting}, return_when=asyncio.FIRST_COMPLETED)
        if holder.done():
            waiting.cancel()
            await holder  # it failed to start: raise why
        try:
            yield
        finally:
            stop.set()
            await holder


def mcp_http(
    remote: RemoteTools,
    *,
    secret: str,
    resource_url: str,
    authorization_server: str | None = None,
    teams: TeamAccess | None = None,
) -> McpHttp:
    """`resource_url` is where clients reach `/mcp` (its public URL); `authorization_server`
    issues the tokens (by default the same origin)."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(resource_url))

    def server() -> MCPServer:
        return build_server(
            remote,
            authenticated_account,
            cannot_ask=CANNOT_ASK_REMOTE,
            teams=teams,
            auth=AuthSettings(
                issuer_url=AnyHttpUrl(authorization_server or origin),
                resource_server_url=AnyHttpUrl(resource_url),
                validate_token_resource=False,  # our tokens name a person, not a resource
            ),
            token_verifier=JwtTokens(TokenVerifier(secret)),
            request_state_security=RequestStateSecurity(keys=[request_state_key(secret)]),
            # Change events name one URI for everybody's open tasks: over HTTP, where many
            # people share a process, a listener would hear when someone else's list changed.
            subscriptions=False,
        )

    # Every request carries a bearer token (no ambient cookie), so a rebinding attack has
    # nothing to borrow; the public host name is not known in advance.
    security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    keeping, alone = server(), server()
    sessions: Starlette = keeping.streamable_http_app(
        streamable_http_path=PATH, stateless_http=False, transport_security=security
    )
    stateless: Starlette = alone.streamable_http_app(
        streamable_http_path=PATH, stateless_http=True, transport_security=security
    )
    logging.getLogger("mcp.server.streamable_http").setLevel(logging.WARNING)  # one per request
    logging.getLogger("mcp.server.streamable_http_manager").setLevel(logging.WARNING)
    metadata_path = urlsplit(str(build_resource_metadata_url(AnyHttpUrl(resource_url)))).path
    # Only our two paths go to the SDK's apps (their middleware included); the rest of the
    # server keeps its own routing, 405s and all. /mcp takes no GET: a question goes back on
    # its call's own response, and the SDK would hold a GET open as an empty stream, kept
    # alive with pings, taking a connection for as long as the client stays. DELETE ends a
    # classic session.
    routes: list[BaseRoute] = [
        Route(PATH, endpoint=SessionsHereOrAlone(sessions, stateless), methods=["POST", "DELETE"]),
        Route(metadata_path, endpoint=sessions),
    ]
    return McpHttp(servers=(keeping, alone), routes=routes)
