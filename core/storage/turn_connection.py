"""The connection of a session's transaction, kept with the session, and the transaction's
commit sent on it.

Asking the session for its connection on every statement costs a greenlet's start and
switch, so the connection is kept in the session for as long as the transaction it belongs
to is the session's and active. On PostgreSQL a transaction whose work went through that
connection alone, with nothing left to flush, is committed on its psycopg connection: the
session's own commit walks its transaction, its connection's transaction and their events
around the same COMMIT, about a fifth of a millisecond a turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import psycopg
from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError, StatementError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.orm import Session
from sqlalchemy.util import greenlet_spawn
from sqlmodel.ext.asyncio.session import AsyncSession

_KEY = "direct.connection"  # the session's key for its transaction's connection


@dataclass(frozen=True)
class Turn:
    """The connection of a session's transaction, its synchronous side, and on PostgreSQL
    its psycopg connection (None elsewhere)."""

    transaction: Any
    connection: AsyncConnection
    sync: Connection
    driver: psycopg.AsyncConnection[Any] | None


async def turn_connection(session: AsyncSession) -> AsyncConnection:
    """The connection of the session's transaction, as `session.connection()` returns it."""
    return (await turn_of(session)).connection


def _kept(sync_session: Session, kept: Turn | None) -> Turn | None:
    """`kept` while its transaction is still the session's current one, and active."""
    transaction = sync_session.get_nested_transaction() or sync_session.get_transaction()
    if kept is not None and kept.transaction is transaction and transaction.is_active:
        return kept
    return None


async def turn_of(session: AsyncSession) -> Turn:
    """The session's transaction's connection, kept in the session while that transaction
    is the session's and active."""
    sync_session = session.sync_session
    kept = _kept(sync_session, session.info.get(_KEY))
    if kept is not None:
        return kept
    connection = await session.connection()
    sync = connection.sync_connection
    assert sync is not None
    driver = sync.connection.driver_connection if sync.dialect.name == "postgresql" else None
    assert driver is None or isinstance(driver, psycopg.AsyncConnection)
    turn = Turn(
        sync_session.get_nested_transaction() or sync_session.get_transaction(),
        connection,
        sync,
        driver,
    )
    session.info[_KEY] = turn
    return turn


async def driver_error(turn: Turn, error: psycopg.Error, sql: str) -> StatementError:
    """`error`, raised by the driver on the turn's connection, as SQLAlchemy raises it; a
    lost connection is invalidated first, so `in_transaction` retries the work."""
    driver = turn.driver
    lost = driver is not None and (driver.closed or driver.broken)
    if lost:
        await turn.connection.invalidate()
    return DBAPIError.instance(
        sql, None, error, psycopg.Error, hide_parameters=True, connection_invalidated=lost
    )


async def commit_and_close(session: AsyncSession) -> None:
    """Commit the session's transaction and close the session, as `Session.commit` and
    `Session.close` do. The COMMIT goes straight to psycopg when the transaction is the
    session's only one (no savepoint open), its connection the kept one, nothing is left
    to flush and the engine logs nothing (echo would log the close's ROLLBACK, which finds
    nothing left to roll back); otherwise, or on SQLite, through the session."""
    sync_session = session.sync_session
    turn = _kept(sync_session, session.info.get(_KEY))
    direct = (
        turn is not None
        and turn.driver is not None
        and sync_session.get_nested_transaction() is None
        and sync_session._is_clean()  # what `new`, `dirty`, `deleted` ask
        and not turn.sync._echo
    )
    if not direct or turn is None or turn.driver is None:
        await greenlet_spawn(_commit_and_close, sync_session)
        return
    try:
        await turn.driver.commit()
    except psycopg.Error as error:
        raised = await driver_error(turn, error, "COMMIT")
        await greenlet_spawn(sync_session.close)
        raise raised from error
    except BaseException:
        await greenlet_spawn(sync_session.close)
        raise
    await greenlet_spawn(sync_session.close)  # the transaction's ROLLBACK finds none


def _commit_and_close(sync: Session) -> None:
    try:
        sync.commit()
    finally:
        sync.close()
