"""Shared fixtures: a database per test on SQLite and on PostgreSQL, and a chat driver.

PostgreSQL tests run when TODOBOT_TEST_POSTGRES_URL names a server (any database on it);
each pytest process (each xdist worker, `-n auto` in pyproject.toml) creates its own database
there and drops it at the end, so workers and parallel runs never meet. With
TODOBOT_REQUIRE_POSTGRES=1 (CI) an unreachable server fails the run.

The suite reads nothing of the developer's (`pytest_configure`): no `.env`, no todobot setting
exported in their shell, no home directory.
"""

from __future__ import annotations

import gc
import logging
import os
import shutil
import sys
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import URL, make_url
from sqlmodel import SQLModel

# every table the models know, children before parents, for `_truncate`
import core.storage.account_models
import core.storage.delivery_models
import core.storage.models
import core.storage.reminder_models  # noqa: F401
from bot.runtime import freeze_startup_heap
from bot.settings import Settings
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
HOME = pytest.StashKey[str]()


def pytest_configure(config: pytest.Config) -> None:
    """Before anything is collected: Settings built in a test read no `.env` (whatever the
    working directory holds), no todobot setting comes from the developer's environment, and
    HOME is a fresh directory (the console's history, `~`). Processes a test starts inherit
    the last two, and run in a temporary directory of their own, where no `.env` is."""
    Settings.model_config["env_file"] = None
    for name in list(os.environ):
        if name.lower() in Settings.model_fields:
            del os.environ[name]
    config.stash[HOME] = os.environ["HOME"] = tempfile.mkdtemp(prefix="todobot-test-home-")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once collected, a test process keeps what it has built so far (the libraries, every
    test it will run) out of the garbage collector, as a server keeps its startup heap
    (`freeze_startup_heap`); and, as the tests make and drop objects by the million, it
    collects the youngest generation every 7,000 allocations rather than every 700 (each
    collection found little, and every tenth of them went on to the older generations)."""
    freeze_startup_heap()
    gc.set_threshold(7000, 10, 10)


def pytest_unconfigure(config: pytest.Config) -> None:
    if HOME in config.stash:
        shutil.rmtree(config.stash[HOME], ignore_errors=True)


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
    try:
        admin = _admin_engine(server)
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as error:
        where = server.render_as_string()
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{REQUIRE_ENV}=1 but PostgreSQL at {where} is unusable: {error}")
        pytest.skip(f"PostgreSQL at {where} is unusable: {error}")
    url = make_url(server).set(database=name).render_as_string(hide_password=False)
    upgrade(url)
    yield url
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def _admin_engine(server: URL) -> Engine:
    """An engine on the server that may create databases: on the database the URL names,
    or, when that one cannot be reached (it need not exist: the suite makes its own), on the
    server's maintenance database `postgres`. The first error when neither answers."""
    first: Exception | None = None
    for database in (server.database, "postgres"):
        # pre-ping: pooled connections may have been cut by the server since they were made
        engine = create_engine(
            server.set(database=database), isolation_level="AUTOCOMMIT", pool_pre_ping=True
        )
        try:
            with engine.connect():
                return engine
        except Exception as error:
            engine.dispose()
            first = first or error
    assert first is not None
    raise first


def _truncate(url: str) -> None:
    """Empty every table but Alembic's, whoever added it, and start every sequence again.
    The tables the models know go row by row, children first: on tables this small that is
    a few milliseconds, where TRUNCATE rewrites each table's files (about 0.1 s a test).
    What is present is read in one query and emptied in one more: each statement on its
    own is a round trip, and a PostgreSQL test pays this before it starts."""
    engine = create_engine(sync_url(url))
    known = [table.name for table in reversed(SQLModel.metadata.sorted_tables)]
    with engine.begin() as connection:
        rows = connection.execute(
            text(
                "SELECT 'table', tablename FROM pg_tables WHERE schemaname = 'public' "
                "AND tablename <> 'alembic_version' "
                "UNION ALL SELECT 'sequence', sequencename FROM pg_sequences "
                "WHERE schemaname = 'public'"
            )
        ).all()
        present = {name for kind, name in rows if kind == "table"}
        sequences = sorted(name for kind, name in rows if kind == "sequence")
        statements = []
        if strangers := sorted(present - set(known)):
            quoted = ", ".join(f'"{table}"' for table in strangers)
            statements.append(f"TRUNCATE {quoted} RESTART IDENTITY CASCADE")
        statements += [f'DELETE FROM "{table}"' for table in known if table in present]
        # names quoted as identifiers inside the literal, as setval reads them
        statements += [f"""SELECT setval('"{sequence}"', 1, false)""" for sequence in sequences]
        if statements:
            # no parameters: psycopg sends the statements as one simple query
            connection.exec_driver_sql("; ".join(statements))
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
