"""`todobot mcp`: the MCP server over stdio, for the person at this computer.

By default it acts for the same person as `todobot chat` (the console account of the logged-in
user), on the same database; `--as PLATFORM:ID` acts for another account of theirs that todobot
already knows (a linked Slack or Telegram account). stdout carries the protocol, so nothing
else may print there.
"""

from __future__ import annotations

import getpass

from adapters.console.translate import PLATFORM as CONSOLE
from adapters.mcp.server import build_server
from core.remote import Account, RemoteTools

ACCOUNT_FORMAT = "PLATFORM:ID, or PLATFORM:WORKSPACE:ID for Slack (e.g. telegram:12345)"


class BadAccount(ValueError):
    pass


def console_account() -> Account:
    user = getpass.getuser()
    return Account(platform=CONSOLE, external_id=user, display_name=user)


def parse_account(text: str) -> Account:
    """`telegram:12345`, `console:alice` or `slack:T0123:U0456` (workspace, then user)."""
    parts = [part.strip() for part in text.split(":")]
    if len(parts) not in (2, 3) or not all(parts):
        raise BadAccount(f"--as takes {ACCOUNT_FORMAT}, not {text!r}")
    if len(parts) == 2:
        return Account(platform=parts[0].lower(), external_id=parts[1])
    return Account(platform=parts[0].lower(), tenant=parts[1], external_id=parts[2])


async def serve_stdio(remote: RemoteTools, account: Account) -> None:
    """Until the client closes stdin."""
    await build_server(remote, lambda: account).run_stdio_async()
