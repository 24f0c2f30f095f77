"""What every benchmark needs: a throw-away PostgreSQL database, task counts, percentiles,
and a slow model."""

from __future__ import annotations

import asyncio
import os
import uuid

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from core.agent.base import Agent, AgentTurn
from core.storage.db import sync_url
from core.storage.migrate import upgrade

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"


def postgres_server() -> str:
    """The server benchmarks create their databases on (TODOBOT_BENCH_POSTGRES_URL)."""
    return os.environ.get("TODOBOT_BENCH_POSTGRES_URL", DEFAULT_POSTGRES)


def create_database(server_url: str, prefix: str) -> str:
    """A fresh, migrated database on `server_url`; its URL."""
    name = f"todobot_bench_{prefix}_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    admin = create_engine(sync_url(server_url), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    url = make_url(server_url).set(database=name).render_as_string(hide_password=False)
    upgrade(url)
    return url


def drop_database(server_url: str, url: str) -> None:
    admin = create_engine(sync_url(server_url), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        name = make_url(url).database
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def count_tasks(url: str) -> int:
    engine = create_engine(sync_url(url))
    with engine.connect() as connection:
        found = connection.execute(text("SELECT count(*) FROM task")).scalar_one()
    engine.dispose()
    return int(found)


class TurnsInFlight:
    """How many turns the workers hold leased, sampled between blocks of requests, to show
    the load the acks were measured under really stayed on."""

    def __init__(self, database_url: str) -> None:
        self.engine = create_engine(sync_url(database_url))
        self.samples: list[int] = []

    def count(self) -> int:
        with self.engine.connect() as connection:
            return int(
                connection.execute(
                    text(
                        "SELECT count(*) FROM inbox_item WHERE status = 'pending' "
                        "AND locked_until > now() AND attempts > 0"
                    )
                ).scalar_one()
            )

    async def sample(self) -> None:
        self.samples.append(await asyncio.to_thread(self.count))

    def dispose(self) -> None:
        self.engine.dispose()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class SlowAgent(Agent):
    """The configured agent, behind a model that takes `seconds` to answer."""

    def __init__(self, inner: Agent, seconds: float) -> None:
        self.inner = inner
        self.seconds = seconds
        self.history_window = inner.history_window

    async def respond(self, turn: AgentTurn) -> str:
        await asyncio.sleep(self.seconds)
        return await self.inner.respond(turn)

    async def aclose(self) -> None:
        await self.inner.aclose()
