"""Undoing a turn's changes: put each row back as the change found it, unless it moved on since."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any
from uuid import UUID

from sqlalchemy import Table, update
from sqlmodel import SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.changes import TOKEN_PREFIX, WakeAgain, decoded, is_team, snapshot
from core.storage import deferred
from core.storage.models import Change, utcnow
from core.storage.reminder_models import Reminder


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
    scope: str = TOKEN_PREFIX,
) -> UndoResult:
    """Undo the person's newest turn of changes that is still within the window, among
    those of `scope`: their own lists' by default, or one shared list's (`team_scope`)."""
    now = now or utcnow()
    cutoff = now - timedelta(seconds=window_seconds)
    await deferred.write_held(session)  # this turn's own changes are undoable too
    newest = await session.exec(
        select(Change.token)
        .where(
            col(Change.user_id) == user_id,
            col(Change.undone_at).is_(None),
            col(Change.created_at) > cutoff,
            col(Change.token).startswith(scope, autoescape=True),
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
        scope=scope,
    )


async def undo_token(
    session: AsyncSession,
    *,
    user_id: UUID,
    token: str,
    window_seconds: int,
    wake_again: WakeAgain,
    now: datetime | None = None,
    scope: str = TOKEN_PREFIX,
) -> UndoResult:
    """Undo the changes of one turn (the Undo button's token), for their owner only, when
    the token is of `scope` (a shared list's changes are undone only from that list)."""
    now = now or utcnow()
    cutoff = now - timedelta(seconds=window_seconds)
    if not token.startswith(scope):
        return UndoResult(UndoOutcome.NOT_FOUND)
    await deferred.write_held(session)
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
    more = await _undoable_turns(session, user_id=user_id, cutoff=cutoff, scope=scope)
    return UndoResult(UndoOutcome.UNDONE, undone, more)


async def _undoable_turns(
    session: AsyncSession, *, user_id: UUID, cutoff: datetime, scope: str
) -> int:
    found = await session.exec(
        select(Change.token)
        .where(
            col(Change.user_id) == user_id,
            col(Change.undone_at).is_(None),
            col(Change.created_at) > cutoff,
            col(Change.token).startswith(scope, autoescape=True),
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
    # a shared list's task (or its assignee's reminder) is not the author's own row: its
    # token already ties the change to the list it was made on
    mine = is_team(change.token) or getattr(row, "user_id", None) == change.user_id
    if row is None or not mine:
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
        values = decoded(table, change.before)
        session.add(model(id=change.row_id, user_id=change.user_id, **values))
    else:
        for name, value in decoded(table, change.before).items():
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
