"""Conversations and their messages: one active conversation per user and chat."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID, uuid4

from sqlalchemy import BindParameter, Integer, Table, TextClause, bindparam, text, update
from sqlalchemy import select as select_columns
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.sql.selectable import ScalarSelect
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession
from sqlmodel.sql.expression import Select

from core.storage.models import Conversation, Message, utcnow
from core.types import HistoryMessage

TITLE_LIMIT = 50
_LEAD_INS = re.compile(
    r"^(?:(?:hey|hi|hello|ok|okay|so|please|pls|can you|could you|would you|will you|"
    r"i need to|i have to|i must|i want to|i'd like to|help me|add|create|new|make|"
    r"remember to|remember|remind me to|remind me|don't forget to|dont forget to|"
    r"don't forget|note|a|an|the|task|todo|to-do|to|:)\b[\s,:!-]*)+",
    re.IGNORECASE,
)


def chat_key(chat_ref: str, thread_ref: str | None) -> str:
    return f"{chat_ref}/{thread_ref}" if thread_ref else chat_ref


def title_from(text: str) -> str:
    """A short title from the first message: lead-in words dropped, at most 50 characters."""
    words = " ".join(text.split())
    core = _LEAD_INS.sub("", words).strip(" ?!.,:;") or words.strip() or "New conversation"
    if len(core) > TITLE_LIMIT:
        core = core[: TITLE_LIMIT - 1].rsplit(" ", 1)[0].rstrip(" ,.;:") + "…"
    return core[:1].upper() + core[1:]


async def active_conversation(
    session: AsyncSession, *, user_id: UUID, platform: str, chat_key: str
) -> Conversation:
    result = await session.exec(
        select(Conversation)
        .where(
            Conversation.user_id == user_id,
            Conversation.chat_key == chat_key,
            col(Conversation.active).is_(True),
        )
        .order_by(col(Conversation.updated_at).desc())
    )
    return result.first() or await new_conversation(
        session, user_id=user_id, platform=platform, chat_key=chat_key
    )


async def new_conversation(
    session: AsyncSession, *, user_id: UUID, platform: str, chat_key: str
) -> Conversation:
    conversation = Conversation(user_id=user_id, platform=platform, chat_key=chat_key)
    session.add(conversation)
    await session.flush()
    return conversation


async def start_new_conversation(
    session: AsyncSession, *, user_id: UUID, platform: str, chat_key: str
) -> Conversation:
    await session.exec(
        update(Conversation)
        .where(
            col(Conversation.user_id) == user_id,
            col(Conversation.chat_key) == chat_key,
            col(Conversation.active).is_(True),
        )
        .values(active=False)
    )
    return await new_conversation(session, user_id=user_id, platform=platform, chat_key=chat_key)


async def get_conversation(
    session: AsyncSession, *, user_id: UUID, conversation_id: UUID
) -> Conversation | None:
    result = await session.exec(
        select(Conversation).where(
            Conversation.id == conversation_id, Conversation.user_id == user_id
        )
    )
    return result.first()


async def list_conversations(session: AsyncSession, *, user_id: UUID) -> list[Conversation]:
    result = await session.exec(
        select(Conversation)
        .where(Conversation.user_id == user_id)
        .order_by(col(Conversation.updated_at).desc())
    )
    return list(result.all())


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
    every turn.

    Plain Core on the turn's connection: the rows are never changed after insert, so the
    ORM's unit of work would only add cost."""
    connection = await session.connection()
    rows: dict[str, Any] = {}
    for index, message in enumerate(messages):
        rows |= {
            f"id_{index}": message.id,
            f"conversation_id_{index}": conversation.id,
            f"user_id_{index}": conversation.user_id,
            f"role_{index}": message.role,
            f"content_{index}": message.content,
            f"tool_calls_{index}": message.tool_calls,
            f"created_at_{index}": message.created_at,
        }
    changed: dict[str, Any] = {}
    said = next((message for message in messages if message.role == "user"), None)
    if said is not None and not conversation.title:
        changed["title"] = title_from(said.content)
    replies = [message for message in messages if message.role != "user"]
    if replies:
        changed["updated_at"] = replies[-1].created_at
    names, moved = tuple(sorted(changed)), {"conversation_id": conversation.id, **changed}
    if changed and connection.dialect.name == "postgresql":
        await connection.execute(_inserting_and_updating(len(messages), names), rows | moved)
    else:
        await connection.execute(_inserting(len(messages)), rows)
        if changed:
            await connection.execute(_updating(*names), moved)
    for name, value in changed.items():
        set_committed_value(conversation, name, value)


# Built once per shape: building an INSERT or UPDATE costs more than sending it. They are
# plain SQL with typed parameters because SQLAlchemy keeps no compiled form of an INSERT of
# several VALUES rows: as a Core INSERT it was compiled again on every turn.
@functools.cache
def _inserting(count: int) -> TextClause:
    """An INSERT of `count` messages in one VALUES list, each column bound as `name_index`."""
    return text(_insert_sql(count)).bindparams(*_message_params(count))


@functools.cache
def _inserting_and_updating(count: int, names: tuple[str, ...]) -> TextClause:
    """`_inserting` with `_updating` in a WITH: PostgreSQL runs a data-changing WITH even
    when nothing reads it."""
    sql = f"WITH conversation_changed AS ({_update_sql(names)}) {_insert_sql(count)}"
    return text(sql).bindparams(*_message_params(count), *_conversation_params(names))


@functools.cache
def _updating(*names: str) -> TextClause:
    return text(_update_sql(names)).bindparams(*_conversation_params(names))


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


WindowRead = Select[Conversation, str, str, list[dict[str, Any]]]


def _window_read(chosen: ScalarSelect[UUID]) -> WindowRead:
    """The conversation picked by the scalar subquery `chosen`, and its last :window
    messages beside it (a left join, so a conversation without messages still comes)."""
    window = (
        select_columns(
            _MESSAGE.c.conversation_id,
            _MESSAGE.c.role,
            _MESSAGE.c.content,
            _MESSAGE.c.tool_calls,
            _MESSAGE.c.created_at,
        )
        .where(_MESSAGE.c.conversation_id == chosen, _MESSAGE.c.user_id == bindparam("user_id"))
        .order_by(_MESSAGE.c.created_at.desc())
        .limit(bindparam("window", type_=Integer))
        .subquery()
    )
    return (
        select(Conversation, window.c.role, window.c.content, window.c.tool_calls)
        .outerjoin(window, window.c.conversation_id == col(Conversation.id))
        .where(col(Conversation.id) == chosen)
        .order_by(window.c.created_at.desc())
    )


# Built once: a turn runs one of these, and building the statement costs more than running it.
_CHATS_WINDOW = _window_read(
    select(Conversation.id)
    .where(
        col(Conversation.user_id) == bindparam("user_id"),
        col(Conversation.chat_key) == bindparam("chat_key"),
        col(Conversation.active).is_(True),
    )
    .order_by(col(Conversation.updated_at).desc())
    .limit(1)
    .scalar_subquery()
)
_NAMED_WINDOW = _window_read(
    select(Conversation.id)
    .where(
        col(Conversation.id) == bindparam("conversation_id"),
        col(Conversation.user_id) == bindparam("user_id"),
    )
    .scalar_subquery()
)


async def with_window(
    session: AsyncSession,
    *,
    user_id: UUID,
    limit: int,
    chat_key: str | None = None,
    conversation_id: UUID | None = None,
) -> tuple[Conversation | None, list[HistoryMessage]]:
    """The person's conversation (the one named, else the chat's active one) and its last
    `limit` messages, oldest first, in one statement; (None, []) when there is none.

    The window is its own subquery on the conversation's id, so it is read backwards along
    `ix_message_conversation_user_created` and stops after `limit` rows, however long the
    conversation is."""
    statement, params = window_read(
        user_id=user_id, limit=limit, chat_key=chat_key, conversation_id=conversation_id
    )
    rows = (await session.exec(statement, params=params)).all()
    if not rows:
        return None, []
    history = [
        HistoryMessage(role, content, tool_calls or [])
        for _, role, content, tool_calls in reversed(rows)
        if role is not None
    ]
    return rows[0][0], history


def window_read(
    *, user_id: UUID, limit: int, chat_key: str | None = None, conversation_id: UUID | None = None
) -> tuple[WindowRead, dict[str, Any]]:
    """The statement `with_window` sends, and its parameters."""
    if conversation_id is not None:
        return _NAMED_WINDOW, {
            "conversation_id": conversation_id,
            "user_id": user_id,
            "window": limit,
        }
    return _CHATS_WINDOW, {"chat_key": chat_key, "user_id": user_id, "window": limit}
