"""Is the database reachable, and is its schema at the code's latest migration?"""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from bot.doctor.check import Check, failed, first_line, passed
from core.storage.migrate import database_heads, script_heads, script_revisions

NAME = "database"
CONNECT_TIMEOUT_SECONDS = 5
UPGRADE = "run `todobot db upgrade` (every todobot command also does it when it starts)."


def _bounded(url: str) -> str:
    """PostgreSQL URLs get a connect timeout, so an unreachable host fails in seconds."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql" or "connect_timeout" in parsed.query:
        return url
    bounded = parsed.update_query_dict({"connect_timeout": str(CONNECT_TIMEOUT_SECONDS)})
    return bounded.render_as_string(hide_password=False)


def _missing_file(url: str) -> Path | None:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    path = Path(parsed.database or "")
    return None if path.exists() else path


async def check_database(url: str) -> Check:
    try:
        kind = make_url(url).get_backend_name()
    except Exception as problem:
        return failed(
            NAME,
            f"DATABASE_URL is not a database URL ({first_line(problem)}).",
            "set DATABASE_URL to sqlite:///todobot.db or postgresql+psycopg://…",
        )
    if (path := _missing_file(url)) is not None:
        return failed(NAME, f"the SQLite file {path} does not exist.", UPGRADE)
    try:
        at = await asyncio.to_thread(database_heads, _bounded(url))
    except (SQLAlchemyError, OSError) as problem:
        return failed(
            NAME,
            f"cannot reach the {kind} database: {first_line(problem)}",
            "check DATABASE_URL (host, port, user, password, database) and that the server "
            "is running and accepts connections from here.",
        )
    heads = script_heads()
    if at == heads:
        return passed(NAME, f"{kind} reachable; schema at the latest migration ({_named(at)}).")
    if not at:
        return failed(NAME, f"{kind} reachable, but it holds no todobot schema.", UPGRADE)
    if at - script_revisions():
        return failed(
            NAME,
            f"the schema is at {_named(at)}, a migration this version of todobot does not "
            "have (a newer todobot migrated it).",
            "run the newer version of todobot against this database.",
        )
    return failed(NAME, f"the schema is at {_named(at)}, behind {_named(heads)}.", UPGRADE)


def _named(revisions: set[str]) -> str:
    return ", ".join(sorted(revisions)) or "none"
