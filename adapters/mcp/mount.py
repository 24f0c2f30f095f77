"""Where `todobot serve` mounts MCP; the SDK is imported only when MCP is switched on."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from adapters.mcp.config import McpConfig
from core.people.team_access import TeamAccess
from core.remote import RemoteTools

NOT_CONFIGURED = "MCP is not configured on this server (API_JWT_SECRET is unset)"

Running = Callable[[], AbstractAsyncContextManager[None]]


def mount_mcp(
    app: FastAPI, config: McpConfig, remote: RemoteTools, teams: TeamAccess | None = None
) -> Running | None:
    """MCP at /mcp with the chat API's tokens, so only when API_JWT_SECRET is set (and
    MCP_HTTP is not off: the SDK costs each worker about 27 MB and half a second to start).
    What must run for the server's life while MCP is mounted, if anything."""
    if not config.enabled:
        return None
    secret = config.jwt_secret.get_secret_value() if config.jwt_secret else ""
    if not secret:

        @app.api_route("/mcp", methods=["GET", "POST", "DELETE"], include_in_schema=False)
        async def mcp_not_configured() -> JSONResponse:
            return JSONResponse(status_code=503, content={"detail": NOT_CONFIGURED})

        return None
    from adapters.mcp.http import mcp_http

    mcp = mcp_http(
        remote,
        secret=secret,
        resource_url=config.resource_url,
        authorization_server=config.authorization_server,
        teams=teams,
    )
    app.router.routes.extend(mcp.routes)
    return mcp.running
