"""Writing a turn's messages: every message and its conversation's counters, a statement each."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID, uuid4

from sqlalchemy import BindParameter, Table, bindparam, text
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from core.conversation.conversations import title_from
from core.storage import deferred
from core.storage.direct import Prebuilt
from core.storage.models import Conversation, Message, utcnow
from core.storage.turn_connection import turn_connection


@dataclass(frozen=True)
class NewMessage:
    """A line of a conversation to store: who said what, and when."""

    role: str
    content: str
    created_at: datetime = field(default_factory=utcnow)
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    id: UUID = field(default_factory=uuid4)


_MESSAGE: Table = Message.__table__  # type: ignore[attr-defined]


_CONVERSATION: Table = Conversation.__table__  # type: ignore[attr-defined]


async def write_messages(
    session: AsyncSession, *, conversation: Conversation, messages: Sequence[NewMessage]
) -> None:
    """Store a turn's messages in one INSERT statement and the conversation's changes in one
    UPDATE: a person's message names an untitled conversation; a reply moves `updated_at`.
    PostgreSQL takes both as one statement (the UPDATE in a WITH), a round trip fewer on
    every turn, and with them the audit and change rows the turn held (`deferred`), an
    INSERT in a WITH for each table: a round trip fewer for each of those too.

    Plain Core on the turn's connection: the rows are never changed after insert, so the
    ORM's unit of work would only add cost."""
    rows: dict[str, Any] = {}
    conversation_id, user_id = conversation.id, conversation.user_id
    for message, names in zip(messages, _row_names(len(messages)), strict=True):
        values = (
            message.id,
            conversation_id,
            user_id,
            message.role,
            message.content,
            message.tool_calls,
            message.created_at,
        )
        rows.update(zip(names, values, strict=True))
    changed: dict[str, Any] = {}
    said = next((message for message in messages if message.role == "user"), None)
    if said is not None and not conversation.title:
        changed["title"] = title_from(said.content)
    replies = [message for message in messages if message.role != "user"]
    if replies:
        changed["updated_at"] = replies[-1].created_at
    names, moved = tuple(sorted(changed)), {"conversation_id": conversation.id, **changed}
    connection = await turn_connection(session)
    if changed and connection.dialect.name == "postgresql":
        shape = _taking_held(session, rows)
        await _inserting_and_updating(len(messages), names, shape).run(session, rows | moved)
    else:
        await deferred.write_held(session)
        await _inserting(len(messages)).run(session, rows)
        if changed:
            await _updating(*names).run(session, moved)
    for name, value in changed.items():
        set_committed_value(conversation, name, value)


def _taking_held(session: AsyncSession, rows: dict[str, Any]) -> Shape:
    """The rows the session held, added to `rows` as their tables' INSERTs bind them."""
    held = deferred.take(session)
    shape = tuple((table.name, tuple(found[0]), len(found)) for table, found in held)
    for table, (_, found) in zip(shape, held, strict=True):
        for names, row in zip(_held_names(*table), found, strict=True):
            rows.update(zip(names, row.values(), strict=True))
    return shape


_ROW = ("id", "conversation_id", "user_id", "role", "content", "tool_calls", "created_at")


@functools.cache
def _row_names(count: int) -> tuple[tuple[str, ...], ...]:
    """The parameters' names of each of `count` messages, as `_message_params` binds them."""
    return tuple(tuple(f"{name}_{index}" for name in _ROW) for index in range(count))


# Built once per shape: building an INSERT or UPDATE costs more than sending it. They are
# plain SQL with typed parameters because SQLAlchemy keeps no compiled form of an INSERT of
# several VALUES rows: as a Core INSERT it was compiled again on every turn.
@functools.cache
def _inserting(count: int) -> Prebuilt:
    """An INSERT of `count` messages in one VALUES list, each column bound as `name_index`."""
    return Prebuilt(text(_insert_sql(count)).bindparams(*_message_params(count)))


# A held table's shape: its name, the columns its rows give, and how many rows.
Shape = tuple[tuple[str, tuple[str, ...], int], ...]


@functools.lru_cache(maxsize=256)
def _inserting_and_updating(count: int, names: tuple[str, ...], held: Shape) -> Prebuilt:
    """`_inserting` with `_updating` in a WITH, and an INSERT of each held table's rows
    (one VALUES list, so a serial key is given in the order the rows were made): PostgreSQL
    runs a data-changing WITH even when nothing reads it."""
    steps = [f"held_{index} AS ({_held_sql(*table)})" for index, table in enumerate(held)]
    steps.append(f"conversation_changed AS ({_update_sql(names)})")
    sql = f"WITH {', '.join(steps)} {_insert_sql(count)}"
    held_params = [param for table in held for param in _held_params(*table)]
    params = [*_message_params(count), *_conversation_params(names), *held_params]
    return Prebuilt(text(sql).bindparams(*params))


@functools.lru_cache(maxsize=256)
def _held_names(table: str, columns: tuple[str, ...], count: int) -> tuple[tuple[str, ...], ...]:
    """The parameters' names of each of `count` held rows of `table` giving `columns`."""
    return tuple(tuple(f"{table}_{name}_{index}" for name in columns) for index in range(count))


def _held_sql(table: str, columns: tuple[str, ...], count: int) -> str:
    rows = ", ".join(
        "(" + ", ".join(f":{table}_{name}_{index}" for name in columns) + ")"
        for index in range(count)
    )
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES {rows}"


def _held_params(table: str, columns: tuple[str, ...], count: int) -> list[BindParameter[Any]]:
    typed = SQLModel.metadata.tables[table].c
    return [
        bindparam(f"{table}_{name}_{index}", type_=typed[name].type)
        for index in range(count)
        for name in columns
    ]


@functools.cache
def _updating(*names: str) -> Prebuilt:
    return Prebuilt(text(_update_sql(names)).bindparams(*_conversation_params(names)))


def _insert_sql(count: int) -> str:
    columns = [column.name for column in _MESSAGE.c]
    rows = ", ".join(
        "(" + ", ".join(f":{name}_{index}" for name in columns) + ")" for index in range(count)
    )
    return f"INSERT INTO {_MESSAGE.name} ({', '.join(columns)}) VALUES {rows}"


def _update_sql(names: Sequence[str]) -> str:
    changes = ", ".join(f"{name} = :{name}" for name in names)
    return f"UPDATE {_CONVERSATION.name} SET {changes} WHERE id = :conversation_id"


def _message_params(count: int) -> list[BindParameter[Any]]:
    return [
        bindparam(f"{column.name}_{index}", type_=column.type)
        for index in range(count)
        for column in _MESSAGE.c
    ]


def _conversation_params(names: Sequence[str]) -> list[BindParameter[Any]]:
    columns = ["id", *names]
    return [
        bindparam("conversation_id" if name == "id" else name, type_=_CONVERSATION.c[name].type)
        for name in columns
    ]


async def add_message(
    session: AsyncSession,
    *,
    conversation: Conversation,
    role: str,
    content: str,
    tool_calls: list[dict[str, Any]] | None = None,
    created_at: datetime | None = None,
) -> NewMessage:
    """Store one message now (see `write_messages`)."""
    message = NewMessage(
        role=role,
        content=content,
        tool_calls=tool_calls or [],
        created_at=created_at or utcnow(),
    )
    await write_messages(session, conversation=conversation, messages=[message])
    return message
