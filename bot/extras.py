"""Optional extras a server never uses, skipped before the libraries that look for them load.

Several libraries import an optional module at start-up simply because it happens to be
installed: httpx its command-line client (with rich and pygments), httpcore the trio
backend, uvicorn its --reload watcher, FastAPI `pydantic.v1` (only to refuse v1 models),
python-telegram-bot `cryptography` for Telegram Passport. A `todobot serve` process uses
none of them, yet together they hold about 14 MB of its memory for its whole life. Marking
such a module absent in `sys.modules` is Python's own way of saying "not installed" (its
import raises ModuleNotFoundError), and each library takes the fallback it has for a
machine without it.

Only the processes `todobot serve` starts do this, before they import those libraries; a
module already imported is left as it is, so nothing loaded is ever taken away.
"""

from __future__ import annotations

import sys

from bot.settings import Settings

# module: who would import it, and why a server never needs it
NEVER_USED = {
    "httpx._main": "httpx's command-line client (click, rich, pygments); a server runs no CLI",
    "trio": "the trio backend httpcore and anyio look for; todobot runs on asyncio",
    "watchfiles": "uvicorn's --reload watcher; serve never reloads",
    "pydantic.v1": "FastAPI imports it only to refuse pydantic v1 models; todobot has none",
}
# python-telegram-bot decrypts Telegram Passport data with it (todobot asks for none), PyJWT
# signs RSA and EC tokens with it (the chat API's are HS256); the MCP SDK needs it, both as
# the server at /mcp and under the Agents SDK, and so do the Slack workspaces' sealed tokens
# ("Add to Slack").
CRYPTOGRAPHY = "cryptography"


def unused_extras(settings: Settings) -> list[str]:
    """The extras a server with these settings never imports: `cryptography` too when
    nothing loads the MCP SDK (no API_JWT_SECRET, so no /mcp, and the builtin engine) and
    no Slack workspace's token is sealed (no SLACK_CLIENT_ID)."""
    names = list(NEVER_USED)
    mcp = settings.api_jwt_secret is not None or settings.resolved_backend != "builtin"
    if not mcp and not (settings.slack_client_id or settings.slack_client_secret):
        names.append(CRYPTOGRAPHY)
    return names


def skip_unused_extras(settings: Settings) -> list[str]:
    """Mark each unused extra not imported yet as absent; the names so marked."""
    skipped = [name for name in unused_extras(settings) if name not in sys.modules]
    for name in skipped:
        sys.modules[name] = None  # type: ignore[assignment]
    return skipped
