"""The change log behind undo: what a change altered, and taking it back.

The code that changes a person's row writes one `Change` beside it (`record`): the values the
changed fields had before and have after, as JSON. Any column counts, so a field added to a
table later is covered without touching this module. Undo writes the `before` values back.

Undo is decided like a confirmation: one conditional UPDATE claims the turn's changes
(`undone_at IS NULL`), so two undos racing each other, or an Undo button pressed twice,
revert them exactly once. A change is reverted only while the row still holds what the change
left there; if something changed it since, the undo is refused and nothing moves.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from enum import StrEnum
from typing import Any
from uuid import UUID

from sqlalchemy import Table, insert, update
from sqlmodel import SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.models import Change, Reminder, utcnow

TOKEN_PREFIX = "u"
# Columns that say which row it is, or are only bookkeeping of the change itself (a task's
# number moves only when accounts are linked, which is nobody's change to undo).
# A reminder's `version` only grows (each wake-up is keyed by it), so undo never sets it back.
_NOT_RECORDED = frozenset({"id", "user_id", "number", "created_at", "updated_at", "version"})

# What wakes a reminder an undo put back at a time (`core.reminders.book.wake_again`): the
# reminders record their changes here, so the caller of an undo passes it down.
WakeAgain = Callable[[AsyncSession, Reminder], Awaitable[None]]


def new_token() -> str:
    return f"{TOKEN_PREFIX}{secrets.token_urlsafe(18)}"


@dataclass
class Journal:
    """Where one turn's changes are written: the person, the conversation, one shared token."""

    user_id: UUID
    conversation_id: UUID | None = None
    token: str = field(default_factory=new_token)
    now: datetime | None = None  # the turn's clock; the machine's when None
    recorded: int = 0


def snapshot(row: SQLModel) -> dict[str, Any]:
    """Every recorded column of `row`, JSON-ready."""
    table = _table_of(row)
    return {
        column.name: _encode(getattr(row, column.name))
        for column in table.columns
        if column.name not in _NOT_RECORDED
    }


def _encode(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, StrEnum):
        return value.value
    return value


def _decode(table: Table, values: dict[str, Any]) -> dict[str, Any]:
    decoded = {}
    for name, value in values.items():
        column = table.columns.get(name)
        if column is None:
            continue  # a column dropped since the change was recorded
        kind = _python_type(column.type)
        if value is not None and kind is datetime:
            value = datetime.fromisoformat(value)
        elif value is not None and kind is date:
            value = date.fromisoformat(value)
        elif value is not None and kind is UUID:
            value = UUID(value)
        decoded[name] = value
    return decoded


def _python_type(kind: Any) -> type:
    """The Python type a column holds, looking through type decorators (UTCDateTime)."""
    for candidate in (kind, getattr(kind, "impl", None)):
        try:
            found = candidate.python_type  # type: ignore[union-attr]
        except (NotImplementedError, AttributeError):
            continue
        if found is not object:
            return found
    return object


def _table_of(row: SQLModel) -> Table:
    table = type(row).__table__  # type: ignore[attr-defined]
    assert isinstance(table, Table)
    return table


async def record(
    session: AsyncSession,
    journal: Journal | None,
    *,
    row: SQLModel,
    kind: str,
    summary: str,
    before: dict[str, Any] | None,
) -> None:
    """Note that `row` changed from `before` (a `snapshot`, or None: it was created now).

    Only the fields that differ are kept. No journal (a change nobody can undo, such as the
    eval's given tasks) records nothing."""
    if journal is None:
        return
    after = snapshot(row)
    if before is not None:
        changed = [name for name in after if before.get(name) != after[name]]
        if not changed:
            return
        before = {name: before.get(name) for name in changed}
        after = {name: after[name] for name in changed}
    connection = await session.connection()  # plain Core: a change row never changes
    await connection.execute(
        _INSERT_CHANGE,
        {
            "user_id": journal.user_id,
            "token": journal.token,
            "entity": _table_of(row).name,
            "row_id": getattr(row, "id"),  # noqa: B009 - every recorded table has a uuid `id`
            "kind": kind,
            "summary": summary[:300],
            "before": before,
            "after": after,
            "conversation_id": journal.conversation_id,
            "created_at": journal.now or utcnow(),
        },
    )
    journal.recorded += 1


_INSERT_CHANGE = insert(Change.__table__)  # type: ignore[attr-defined]


class UndoOutcome(StrEnum):
    UNDONE = "undone"
    NOTHING = "nothing"  # nothing undoable within the window
    NOT_FOUND = "not_found"
    NOT_YOURS = "not_yours"
    EXPIRED = "expired"
    ALREADY_UNDONE = "already_undone"
    CHANGED_SINCE = "changed_since"


@dataclass(frozen=True)
class UndoResult:
    outcome: UndoOutcome
    changes: list[Change] = field(default_factory=list)
    # how many earlier turns could still be undone after this one
    more: int = 0


async def undo_last(
    session: AsyncSession,
    *,
    user_id: UUID,
    window_seconds: int,
    wake_again: WakeAgain,
    now: datetime | None = None,
) -> UndoResult:
    """Undo the person's newest turn of changes that is still within the window."""
    now = now or utcnow()
    cutoff = now - timedelta(seconds=window_seconds)
    newest = await session.exec(
        select(Change.token)
        .where(
            col(Change.user_id) == user_id,
            col(Change.undone_at).is_(None),
            col(Change.created_at) > cutoff,
        )
        .order_by(col(Change.id).desc())
        .limit(1)
    )
    token = newest.first()
    if token is None:
        return UndoResult(UndoOutcome.NOTHING)
    return await undo_token(
        session,
        user_id=user_id,
        token=token,
        window_seconds=window_seconds,
        wake_again=wake_again,
        now=now,
    )


async def undo_token(
    session: AsyncSession,
    *,
    user_id: UUID,
    token: str,
    window_seconds: int,
    wake_again: WakeAgain,
    now: datetime | None = None,
) -> UndoResult:
    """Undo the changes of one turn (the Undo button's token), for their owner only."""
    now = now or utcnow()
    cutoff = now - timedelta(seconds=window_seconds)
    rows = list(
        (
            await session.exec(
                select(Change).where(col(Change.token) == token).order_by(col(Change.id).desc())
            )
        ).all()
    )
    if not rows:
        return UndoResult(UndoOutcome.NOT_FOUND)
    if any(row.user_id != user_id for row in rows):
        return UndoResult(UndoOutcome.NOT_YOURS)
    if all(row.undone_at is not None for row in rows):
        return UndoResult(UndoOutcome.ALREADY_UNDONE, rows)
    if max(row.created_at for row in rows) <= cutoff:
        return UndoResult(UndoOutcome.EXPIRED, rows)
    for row in rows:
        if not await _still_as_left(session, row):
            return UndoResult(UndoOutcome.CHANGED_SINCE, rows)
    claimed = await session.exec(
        update(Change)
        .where(
            col(Change.token) == token,
            col(Change.user_id) == user_id,
            col(Change.undone_at).is_(None),
            col(Change.created_at) > cutoff,
        )
        .values(undone_at=now)
        .returning(col(Change.id))
    )
    won = set(claimed.scalars().all())
    if not won:
        return UndoResult(UndoOutcome.ALREADY_UNDONE, rows)
    undone = [row for row in rows if row.id in won]
    for row in undone:  # newest first, so a row created and then edited is edited back first
        await _name_as_now(session, row)
        await _revert(session, row)
        await _wake_again(session, row, wake_again)
        row.undone_at = now
    more = await _undoable_turns(session, user_id=user_id, cutoff=cutoff)
    return UndoResult(UndoOutcome.UNDONE, undone, more)


async def _undoable_turns(session: AsyncSession, *, user_id: UUID, cutoff: datetime) -> int:
    found = await session.exec(
        select(Change.token)
        .where(
            col(Change.user_id) == user_id,
            col(Change.undone_at).is_(None),
            col(Change.created_at) > cutoff,
        )
        .distinct()
    )
    return len(found.all())


async def _name_as_now(session: AsyncSession, change: Change) -> None:
    """A task renumbered since (a linked account's) is named by its number now."""
    current = await _current(session, change)
    number, title = getattr(current, "number", None), getattr(current, "title", None)
    if isinstance(number, int) and isinstance(title, str):
        change.summary = f"#{number} “{title}”"[:300]


def _model(entity: str) -> type[SQLModel]:
    for mapper in SQLModel._sa_registry.mappers:  # the one registry of tables
        if getattr(mapper.local_table, "name", None) == entity:
            return mapper.class_
    raise LookupError(f"no table named {entity!r}")


async def _current(session: AsyncSession, change: Change) -> SQLModel | None:
    row = await session.get(_model(change.entity), change.row_id)
    if row is None or getattr(row, "user_id", None) != change.user_id:
        return None
    await session.refresh(row)
    return row


async def _still_as_left(session: AsyncSession, change: Change) -> bool:
    """Whether the row still holds what this change left (a row it created still exists)."""
    current = await _current(session, change)
    if change.after is None:
        return current is None
    if current is None:
        return False
    now = snapshot(current)
    return all(_same(now.get(name), value) for name, value in change.after.items())


def _same(left: Any, right: Any) -> bool:
    if isinstance(left, str) and isinstance(right, str) and left != right:
        try:  # the same instant, written by two drivers
            return datetime.fromisoformat(left) == datetime.fromisoformat(right)
        except ValueError:
            return False
    return bool(left == right)


async def _revert(session: AsyncSession, change: Change) -> None:
    model = _model(change.entity)
    table = _table_of_model(model)
    current = await _current(session, change)
    if change.before is None:
        if current is not None:
            await session.delete(current)
    elif current is None:
        values = _decode(table, change.before)
        session.add(model(id=change.row_id, user_id=change.user_id, **values))
    else:
        for name, value in _decode(table, change.before).items():
            setattr(current, name, value)
        if "updated_at" in table.columns:
            setattr(current, "updated_at", utcnow())  # noqa: B010
        session.add(current)
    await session.flush()


async def _wake_again(session: AsyncSession, change: Change, wake_again: WakeAgain) -> None:
    """A reminder whose move or cancellation was undone is woken at its restored time."""
    if change.entity != "reminder" or change.before is None:
        return
    current = await _current(session, change)
    if isinstance(current, Reminder):
        await wake_again(session, current)


def _table_of_model(model: type[SQLModel]) -> Table:
    table = model.__table__  # type: ignore[attr-defined]
    assert isinstance(table, Table)
    return table
