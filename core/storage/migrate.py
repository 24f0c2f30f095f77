"""Schema upgrades through Alembic, from code (no alembic.ini needed).

Every command upgrades the database on start. Most starts find it already at the head, so
`upgrade_if_behind` first compares the database's `alembic_version` with the revisions the
migration files declare, and only loads Alembic (a third of a second) when they differ.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import create_engine, inspect, pool, text

from core.storage.db import normalize_url, sync_url

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).parent / "migrations"
_REVISION = re.compile(r"^revision(?:\s*:\s*str)?\s*=\s*[\"'](?P<id>\w+)[\"']", re.MULTILINE)
_DOWN_REVISION = re.compile(r"^down_revision(?:\s*:[^=]+)?\s*=\s*(?P<value>.+)$", re.MULTILINE)


def alembic_config(url: str) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["url"] = url
    return config


def upgrade(url: str, revision: str = "head") -> None:
    from alembic import command

    command.upgrade(alembic_config(url), revision)


def _declared() -> tuple[set[str], set[str]]:
    """Every revision the migration files declare, and those some file builds on."""
    revisions: set[str] = set()
    built_on: set[str] = set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        if (found := _REVISION.search(source)) is None:
            continue
        revisions.add(found.group("id"))
        if (down := _DOWN_REVISION.search(source)) is not None:
            built_on.update(re.findall(r"[\"'](\w+)[\"']", down.group("value")))
    return revisions, built_on


def script_heads() -> set[str]:
    """The revisions no migration file builds on, read from the files' own declarations."""
    revisions, built_on = _declared()
    return revisions - built_on


def script_revisions() -> set[str]:
    """Every revision this version's migration files know."""
    return _declared()[0]


def database_heads(url: str) -> set[str]:
    """The revisions the database says it is at (none for a fresh database)."""
    engine = create_engine(sync_url(normalize_url(url)), poolclass=pool.NullPool)
    try:
        with engine.connect() as connection:
            if not inspect(connection).has_table("alembic_version"):
                return set()
            rows = connection.execute(text("SELECT version_num FROM alembic_version"))
            return {str(row[0]) for row in rows}
    finally:
        engine.dispose()


def upgrade_if_behind(url: str) -> bool:
    """Upgrade to the head unless the database is there already; True if Alembic ran."""
    heads = script_heads()
    if heads and database_heads(url) == heads:
        return False
    upgrade(url)
    return True


def revision(url: str, message: str) -> None:
    """Write a new migration from the difference between the models and `url`."""
    from alembic import command

    command.revision(alembic_config(url), message=message, autogenerate=True)
