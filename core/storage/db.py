"""One async engine per process, the same code on SQLite and PostgreSQL.

`DATABASE_URL` is written the usual way (`sqlite:///todobot.db`,
`postgresql+psycopg://user@host/db`); the async driver is chosen here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from select import POLLIN, poll
from typing import Any, TypeVar

from sqlalchemy import event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError, DisconnectionError, OperationalError, PendingRollbackError
from sqlalchemy.ext.asyncio import AsyncConnection as EngineConnection
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.util import greenlet_spawn
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.deferred import write_held
from core.storage.turn_connection import commit_and_close

log = logging.getLogger(__name__)
T = TypeVar("T")


def sync_url(url: str) -> URL:
    """The URL for synchronous tools (Alembic): plain sqlite, psycopg for PostgreSQL."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        return parsed.set(drivername="postgresql+psycopg")
    if parsed.get_backend_name() == "sqlite":
        return parsed.set(drivername="sqlite")
    raise ValueError(f"DATABASE_URL must be sqlite or postgresql, not {parsed.drivername!r}")


def async_url(url: str) -> URL:
    parsed = sync_url(url)
    if parsed.get_backend_name() == "sqlite":
        return parsed.set(drivername="sqlite+aiosqlite")
    return parsed


def normalize_url(url: str) -> str:
    """Accept `postgres://` as Heroku-style hosts hand it out."""
    if url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.removeprefix("postgres://")
    return url


class Database:
    """The engine and its sessions. Sessions never expire loaded rows on commit."""

    def __init__(
        self,
        url: str,
        *,
        pool_size: int = 10,
        max_overflow: int = 10,
        pool_timeout: float = 30.0,
        prepared_statements: bool = True,
        echo: bool = False,
    ) -> None:
        self.url = async_url(normalize_url(url))
        self.is_sqlite = self.url.get_backend_name() == "sqlite"
        if self.is_sqlite:
            # hide_parameters: an error's text (and so a traceback in the log) never holds
            # what people wrote, only the statement.
            self.engine: AsyncEngine = create_async_engine(
                self.url, echo=echo, connect_args={"timeout": 30}, hide_parameters=True
            )
            _serialize_sqlite_writers(self.engine)
        else:
            self.engine = create_async_engine(
                self.url,
                echo=echo,
                hide_parameters=True,
                pool_size=pool_size,
                max_overflow=max_overflow,
                pool_timeout=pool_timeout,
                # psycopg prepares a statement after its fifth run (prepare_threshold 5);
                # None never prepares, for poolers that hand each transaction any backend.
                connect_args={} if prepared_statements else {"prepare_threshold": None},
            )
            _replace_connections_closed_while_idle(self.engine)
        self._sessions = async_sessionmaker(
            self.engine, class_=AsyncSession, expire_on_commit=False
        )

    def session(self) -> AsyncSession:
        return self._sessions()

    async def dispose(self) -> None:
        await self.engine.dispose()


def _serialize_sqlite_writers(engine: AsyncEngine) -> None:
    """SQLite: WAL, enforced foreign keys, and BEGIN IMMEDIATE so two writers queue
    on the busy timeout instead of failing when a read transaction upgrades."""

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def _replace_connections_closed_while_idle(engine: AsyncEngine) -> None:
    """PostgreSQL: a pooled connection the server closed while it sat idle (a restart, an
    idle timeout, a terminated backend) is replaced before use. The server's goodbye (an
    error, then the end of the stream) is already waiting on the socket, so this costs a
    poll, not a round trip as a ping would. A connection lost without a word fails its
    first statement instead, and `in_transaction` runs the work again on a new one."""
    from psycopg import AsyncConnection
    from psycopg import OperationalError as NoSocket

    def closed_by_server(connection: AsyncConnection[Any]) -> bool:
        """Anything to read on an idle connection means the server has said goodbye."""
        if connection.closed:
            return True
        try:
            socket = connection.pgconn.socket
        except NoSocket:
            return True
        waiting = poll()
        waiting.register(socket, POLLIN)
        return bool(waiting.poll(0))

    @event.listens_for(engine.sync_engine, "checkout")
    def _on_checkout(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        if closed_by_server(dbapi_connection.driver_connection):
            raise DisconnectionError("the server closed this connection while it was idle")


class TransactionVoided(RuntimeError):
    """The work returned, but a database error it caught had already rolled its transaction
    back: nothing it did was committed, so it must never be reported as done."""


async def in_transaction(
    db: Database, work: Callable[[AsyncSession], Awaitable[T]], *, retries: int = 5
) -> T:
    """Run `work` in one transaction, retried whole when the connection drops mid-way or
    cannot be made (the server is restarting): nothing half-done is ever committed, and
    nothing rolled back is ever returned as if it had been."""
    for attempt in range(1, retries + 1):
        try:
            return await _once(db, work)
        except (DBAPIError, PendingRollbackError, TransactionVoided) as error:
            if not connection_lost(error) or attempt == retries:
                raise
            log.warning("database connection lost; retrying the transaction (%d)", attempt)
            await asyncio.sleep(0.2 * attempt)
    raise AssertionError("unreachable")


async def _once(db: Database, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
    """`work` in a transaction of a session of its own, committed, the session closed. The
    commit and the close are one step run to completion however the caller is cancelled
    meanwhile (as the session's own `async with` runs its close), the COMMIT sent on the
    turn's own connection where it can be (`turn_connection.commit_and_close`). The
    transaction begins without a switch: beginning sends nothing."""
    session = db.session()
    sync = session.sync_session
    try:
        sync.begin()
        result = await work(session)
        await write_held(session)  # rows `work` held and did not write itself
        if not session.is_active:
            raise TransactionVoided("a caught database error rolled the work back")
    except BaseException:
        await _to_completion(greenlet_spawn(sync.close))  # what was begun is rolled back
        raise
    await _to_completion(commit_and_close(session))
    return result


async def _to_completion(step: Coroutine[Any, Any, None]) -> None:
    """Run `step` to its end even if the caller is cancelled meanwhile; the cancellation is
    raised once it has ended, so nothing is left half-done in the background."""
    task = asyncio.ensure_future(step)
    cancelled: asyncio.CancelledError | None = None
    while True:
        try:
            await asyncio.shield(task)
        except asyncio.CancelledError as error:
            if task.done():
                raise
            cancelled = error
        else:
            break
    if cancelled is not None:
        raise cancelled


async def in_autocommit(
    db: Database, work: Callable[[EngineConnection], Awaitable[T]], *, retries: int = 5
) -> T:
    """Run `work` — one statement, atomic by itself — outside a transaction, so it costs one
    round trip rather than three (BEGIN, the statement, COMMIT); retried whole when the
    connection drops or cannot be made. Only for statements that may run twice."""
    for attempt in range(1, retries + 1):
        try:
            async with db.engine.connect() as connection:
                autocommit = await connection.execution_options(isolation_level="AUTOCOMMIT")
                return await work(autocommit)
        except DBAPIError as error:
            if not connection_lost(error) or attempt == retries:
                raise
            log.warning("database connection lost; retrying the statement (%d)", attempt)
            await asyncio.sleep(0.2 * attempt)
    raise AssertionError("unreachable")


def connection_lost(error: BaseException) -> bool:
    """A dropped connection, a new one refused while the server restarts (no statement ran
    yet), or a transaction voided by an error that was caught (most likely the same)."""
    if isinstance(error, PendingRollbackError | TransactionVoided):
        return True
    if not isinstance(error, DBAPIError):
        return False
    refused = isinstance(error, OperationalError) and not error.statement
    return error.connection_invalidated or refused
