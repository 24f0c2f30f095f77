"""Rows a turn writes and never reads back (its audit and change rows), held until the turn
writes its messages and sent in the same statement: a round trip fewer for each.

A turn asks for it (`hold`); from then on `insert` keeps such a row in the session instead
of sending it, and the message write takes them all (`take`). Nothing is lost or reordered
that anyone could see: every reader of those tables first writes what is held
(`write_held`), a row made inside a savepoint is written at once (a savepoint rolled back
takes it with it, as before), and `core.storage.db.in_transaction` writes whatever is still
held before it commits. A session that never asked writes each row when it is made.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import Table
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.direct import Prebuilt

_HELD = "deferred.rows"  # the session's key: {table name: (table, its INSERT, rows in order)}

Held = dict[str, tuple[Table, Prebuilt, list[dict[str, Any]]]]


def hold(session: AsyncSession) -> None:
    """Hold this session's audit and change rows until `take` (or a reader) writes them."""
    session.info.setdefault(_HELD, {})


async def insert(
    session: AsyncSession, table: Table, statement: Prebuilt, row: Mapping[str, Any]
) -> None:
    """Write `row` into `table` with `statement` (its one-row INSERT), now or with the turn's
    messages when the session holds rows."""
    held: Held | None = session.info.get(_HELD)
    if held is None or session.sync_session.in_nested_transaction():
        await statement.run(session, row)
        return
    held.setdefault(table.name, (table, statement, []))[2].append(dict(row))


def take(session: AsyncSession) -> list[tuple[Table, list[dict[str, Any]]]]:
    """The rows held, by table in the order each table's first was made, each table's rows
    in the order they were made; the session holds none from now on."""
    held: Held = session.info.pop(_HELD, None) or {}
    return [(table, rows) for table, _, rows in held.values()]


async def write_held(session: AsyncSession) -> None:
    """Write what the session holds, a statement a row, and go on holding: before a read
    that could see those rows, and before a commit."""
    held: Held | None = session.info.get(_HELD)
    if not held:
        return
    waiting = list(held.values())
    held.clear()
    for _, statement, rows in waiting:
        for row in rows:
            await statement.run(session, row)
