"""Alembic environment: the URL comes from `todobot db upgrade` (or the -x url=... option)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, pool
from sqlmodel import SQLModel

import core.storage.account_models
import core.storage.delivery_models
import core.storage.models
import core.storage.reminder_models  # noqa: F401  (registers the tables)
from core.storage.db import normalize_url, sync_url

config = context.config
url = config.attributes.get("url") or context.get_x_argument(as_dictionary=True).get("url")
if not url:
    raise SystemExit("no database URL: run `todobot db upgrade` or pass -x url=...")

target_metadata = SQLModel.metadata


def run_migrations() -> None:
    engine = create_engine(sync_url(normalize_url(url)), poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=connection.dialect.name == "sqlite",
            compare_type=True,
        )
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run_migrations()
