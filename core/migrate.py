"""Schema upgrades through Alembic, from code (no alembic.ini needed)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["url"] = url
    return config


def upgrade(url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(url), revision)


def revision(url: str, message: str) -> None:
    """Write a new migration from the difference between the models and `url`."""
    command.revision(alembic_config(url), message=message, autogenerate=True)
