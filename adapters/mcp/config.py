"""MCP over HTTP's configuration: `bot/` builds an `McpConfig` from its settings and passes it
in. Light on purpose: the SDK loads only when MCP is mounted."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import SecretStr


@dataclass(frozen=True)
class McpConfig:
    """MCP_HTTP, the chat API's API_JWT_SECRET, MCP_RESOURCE_URL, MCP_AUTHORIZATION_SERVER."""

    enabled: bool = True
    jwt_secret: SecretStr | None = None
    resource_url: str = "http://127.0.0.1:8000/mcp"
    authorization_server: str | None = None
