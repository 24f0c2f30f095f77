"""Shared fixtures: a database per test on SQLite and on PostgreSQL, and a chat driver.

PostgreSQL tests run when TODOBOT_TEST_POSTGRES_URL names a server (any database on it);
each pytest run creates its own database there and drops it at the end, so parallel runs
never meet. With TODOBOT_REQUIRE_POSTGRES=1 (CI) an unreachable server fails the run.
"""

from __future__ import annotations

import logging
import os
import sys
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from core.storage.db import Database, sync_url
from core.storage.migrate import upgrade
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.fakes.telegram_rig import TelegramRig, polling_bot, telegram_api
from tests.harness import ChatDriver, ScriptedAgent, build_chat

# Fixtures of Slack serving many workspaces: `distribution`, `acme`, `globex`.
pytest_plugins = ["tests.slack_install_rig"]

POSTGRES_ENV = "TODOBOT_TEST_POSTGRES_URL"
REQUIRE_ENV = "TODOBOT_REQUIRE_POSTGRES"


@pytest.fixture(autouse=True)
def root_logging_restored() -> Iterator[None]:
    """A test that configures logging in-process (as the CLI does) leaves its handlers
    writing to that test's captured stream; the next test's records must not meet them."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    if root.handlers != handlers or root.level != level:
        print(f"root logging changed by a test; restored: {root.handlers}", file=sys.stderr)
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A fresh, migrated PostgreSQL database for this test run."""
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{REQUIRE_ENV}=1 but {POSTGRES_ENV} is not set")
        pytest.skip(
            f"PostgreSQL tests need {POSTGRES_ENV} "
            "(e.g. postgresql+psycopg://postgres@127.0.0.1:5432/test)"
        )
    server = sync_url(base)
    name = f"todobot_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    # pre-ping: a test restarts PostgreSQL (test_serve_workers), which kills pooled connections
    admin = create_engine(server, isolation_level="AUTOCOMMIT", pool_pre_ping=True)
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as error:
        admin.dispose()
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"PostgreSQL at {server.render_as_string()} is unreachable: {error}")
        pytest.skip(f"PostgreSQL unreachable: {error}")
    url = make_url(server).set(database=name).render_as_string(hide_password=False)
    upgrade(url)
    yield url
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def _truncate(url: str) -> None:
    """Empty every table but Alembic's, whoever added it."""
    engine = create_engine(sync_url(url))
    with engine.begin() as connection:
        tables = connection.execute(
            text(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                "AND tablename <> 'alembic_version'"
            )
        ).scalars()
        quoted = ", ".join(f'"{table}"' for table in tables)
        connection.execute(text(f"TRUNCATE {quoted} RESTART IDENTITY CASCADE"))
    engine.dispose()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """One migrated SQLite file, copied for every test (faster than migrating each time)."""
    path = tmp_path_factory.mktemp("template") / "template.db"
    upgrade(f"sqlite:///{path}")
    engine = create_engine(f"sqlite:///{path}")
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()
    return path.read_bytes()


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path, sqlite_template: bytes) -> str:
    if request.param == "sqlite":
        path = tmp_path / "todobot.db"
        path.write_bytes(sqlite_template)
        return f"sqlite:///{path}"
    url = request.getfixturevalue("postgres_url")
    _truncate(url)
    return url


@pytest.fixture
async def database(database_url: str) -> AsyncIterator[Database]:
    db = Database(database_url, pool_size=20, max_overflow=20)
    yield db
    await db.dispose()


@pytest.fixture
def agent() -> ScriptedAgent:
    return ScriptedAgent()


@pytest.fixture
def chat(database: Database, agent: ScriptedAgent) -> ChatDriver:
    """Alice, talking to todobot in the console, with a scripted agent."""
    return ChatDriver(build_chat(database, agent), database)


@pytest.fixture
async def slack_api() -> AsyncIterator[FakeSlackApi]:
    """Slack's Web API, played by a fake on 127.0.0.1."""
    api = await FakeSlackApi().start()
    yield api
    await api.stop()


@pytest.fixture
async def bot_api() -> AsyncIterator[FakeTelegramAPI]:
    """Telegram's Bot API, played by a fake on 127.0.0.1."""
    async with telegram_api() as api:
        yield api


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    """An OpenAI-compatible server on 127.0.0.1 (the openai backend's tests): it answers from
    a script, or from its responder once the script runs out."""
    server = FakeOpenAI().start()
    yield server
    server.stop()


@pytest.fixture
async def bot(database: Database, agent: ScriptedAgent) -> AsyncIterator[TelegramRig]:
    """A polling Telegram bot on the test's database, against the fake Bot API."""
    async with (
        telegram_api() as api,
        polling_bot(api, database, build_chat(database, agent)) as rig,
    ):
        yield rig
