"""Where `todobot serve` mounts MCP; the SDK is imported only when MCP is switched on."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from bot.settings import Settings
from core.remote import RemoteTools

NOT_CONFIGURED = "MCP is not configured on this server (API_JWT_SECRET is unset)"


def mount_mcp(app: FastAPI, settings: Settings, remote: RemoteTools) -> None:
    """MCP at /mcp with the chat API's tokens, so only when API_JWT_SECRET is set (and
    MCP_HTTP is not off: the SDK costs each worker about 27 MB and half a second to start)."""
    if not settings.mcp_http:
        return
    secret = settings.api_jwt_secret.get_secret_value() if settings.api_jwt_secret else ""
    if not secret:

        @app.api_route("/mcp", methods=["GET", "POST", "DELETE"], include_in_schema=False)
        async def mcp_not_configured() -> JSONResponse:
            return JSONResponse(status_code=503, content={"detail": NOT_CONFIGURED})

        return
    from adapters.mcp.http import mcp_http

    mcp = mcp_http(
        remote,
        secret=secret,
        resource_url=settings.mcp_resource_url,
        authorization_server=settings.mcp_authorization_server,
    )
    app.router.routes.extend(mcp.routes)
    app.state.platform_lifespans.append(mcp.running)
