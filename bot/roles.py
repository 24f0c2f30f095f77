"""What one `todobot serve` process does: take deliveries in, run them, or both.

- `intake` verifies each Slack and Telegram delivery, records it in the durable inbox and
  acknowledges it. It runs no turn, so an ack never waits behind one for the CPU.
- `worker` leases the recorded deliveries and runs their turns, sends reminders and runs the
  other scheduled work, and serves the chat API and MCP (whose answers are turns).
- `all` (the default) is both in one process: one machine, nothing else to run.

Intake and workers share nothing but PostgreSQL, so each role scales by itself, on as many
processes and machines as it needs.
"""

from __future__ import annotations

from typing import Literal

from bot.settings import Settings
from core.storage.db import normalize_url, sync_url

Role = Literal["all", "intake", "worker"]


class RoleError(ValueError):
    """This role cannot run with these settings; the message says why and what to do."""


def takes_deliveries(role: Role) -> bool:
    return role in ("all", "intake")


def runs_turns(role: Role) -> bool:
    return role in ("all", "worker")


def check_role(settings: Settings, role: Role) -> None:
    """A split topology needs a database every process reaches: PostgreSQL."""
    if role == "all":
        return
    if sync_url(normalize_url(settings.database_url)).get_backend_name() == "sqlite":
        raise RoleError(
            f"--role {role} needs PostgreSQL, but DATABASE_URL is SQLite. Intake and workers "
            "meet only in the inbox in the database, and SQLite is one file on one machine "
            "that lets one writer in at a time, so every ack would wait behind the turn a "
            "worker is writing. Set DATABASE_URL=postgresql+psycopg://USER:PASSWORD@HOST/DB, "
            "or run `todobot serve` without --role (intake and worker in one process)."
        )
