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

import functools
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from typing import Any
from uuid import UUID

from sqlalchemy import Table, bindparam, insert
from sqlmodel import SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage import deferred
from core.storage.direct import Prebuilt
from core.storage.models import Change, utcnow
from core.storage.reminder_models import Reminder

TOKEN_PREFIX = "u"
# A shared list's changes carry "t" and the list's id in their token: they are undone only
# from that list, by their author while still a member (`undo_last(scope=team_scope(...))`),
# never by a personal "undo".
TEAM_PREFIX = "t"
# Columns that say which row it is, or are only bookkeeping of the change itself (a task's
# number, its list and its creator move only when accounts are linked, which is nobody's
# change to undo).
# A reminder's `version` only grows (each wake-up is keyed by it), so undo never sets it back.
_NOT_RECORDED = frozenset(
    {"id", "user_id", "list_id", "creator_id", "number", "created_at", "updated_at", "version"}
)

# What wakes a reminder an undo put back at a time (`core.reminders.book.wake_again`): the
# reminders record their changes here, so the caller of an undo passes it down.
WakeAgain = Callable[[AsyncSession, Reminder], Awaitable[None]]


def new_token() -> str:
    return f"{TOKEN_PREFIX}{secrets.token_urlsafe(18)}"


def team_scope(list_id: UUID) -> str:
    return f"{TEAM_PREFIX}{list_id.hex}"


def team_token(list_id: UUID) -> str:
    return f"{team_scope(list_id)}{secrets.token_urlsafe(12)}"


def is_team(token: str) -> bool:
    return token.startswith(TEAM_PREFIX)


def team_list_of(token: str) -> UUID | None:
    """The shared list a team token's changes were made on; None for any other token."""
    if not is_team(token):
        return None
    try:
        return UUID(hex=token[len(TEAM_PREFIX) : len(TEAM_PREFIX) + 32])
    except ValueError:
        return None


@dataclass
class Journal:
    """Where one turn's changes are written: the person, the conversation, one shared token."""

    user_id: UUID
    conversation_id: UUID | None = None
    token: str = field(default_factory=new_token)
    now: datetime | None = None  # the turn's clock; the machine's when None
    recorded: int = 0


def team_journal(
    list_id: UUID, user_id: UUID, conversation_id: UUID | None, now: datetime | None
) -> Journal:
    """Where one person's changes to a shared list are written, under the list's token."""
    return Journal(user_id, conversation_id, team_token(list_id), now)


def snapshot(row: SQLModel) -> dict[str, Any]:
    """Every recorded column of `row`, JSON-ready. A loaded column is read from the row's
    own values, past the ORM's attribute machinery (an unloaded one through it)."""
    loaded = row.__dict__
    return {
        name: _encode(loaded[name] if name in loaded else getattr(row, name))
        for name in _recorded(_table_of(row))
    }


@functools.cache
def _recorded(table: Table) -> tuple[str, ...]:
    return tuple(column.name for column in table.columns if column.name not in _NOT_RECORDED)


_PLAIN = frozenset({str, int, bool, float, type(None)})


def _encode(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, StrEnum):
        return value.value
    return value


def decoded(table: Table, values: dict[str, Any]) -> dict[str, Any]:
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
    await deferred.insert(  # prebuilt Core: a change row never changes
        session,
        _CHANGE,
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


_CHANGE: Table = Change.__table__  # type: ignore[attr-defined]
_COLUMNS = (
    "user_id", "token", "entity", "row_id", "kind", "summary", "before", "after",
    "conversation_id", "created_at",
)  # fmt: skip
_INSERT_CHANGE = Prebuilt(insert(_CHANGE).values({name: bindparam(name) for name in _COLUMNS}))
