"""Conversations and their messages: one active conversation per user and chat."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

from sqlalchemy import Integer, Table, bindparam, update
from sqlalchemy import select as select_columns
from sqlalchemy.sql.selectable import ScalarSelect
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.direct import Prebuilt, attached
from core.storage.models import Conversation, Message
from core.types import HistoryMessage

_MESSAGE: Table = Message.__table__  # type: ignore[attr-defined]

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


_CONVERSATION: Table = Conversation.__table__  # type: ignore[attr-defined]


def _window_read(chosen: ScalarSelect[UUID]) -> Prebuilt:
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
    return Prebuilt(
        select_columns(*_CONVERSATION.c, window.c.role, window.c.content, window.c.tool_calls)
        .outerjoin(window, window.c.conversation_id == _CONVERSATION.c.id)
        .where(_CONVERSATION.c.id == chosen)
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
    rows = await statement.rows(session, params, converted=False)  # the window's own need none
    if not rows:
        return None, []
    history = [
        HistoryMessage(role, content, tool_calls or [])
        for *_, role, content, tool_calls in reversed(rows)
        if role is not None
    ]
    conversation = statement.converted(rows[0])  # the same on every row
    columns = dict(zip(_CONVERSATION.c.keys(), conversation, strict=False))
    return attached(session, Conversation, columns, refresh=False), history


def window_read(
    *, user_id: UUID, limit: int, chat_key: str | None = None, conversation_id: UUID | None = None
) -> tuple[Prebuilt, dict[str, Any]]:
    """The statement `with_window` sends, and its parameters."""
    if conversation_id is not None:
        return _NAMED_WINDOW, {
            "conversation_id": conversation_id,
            "user_id": user_id,
            "window": limit,
        }
    return _CHATS_WINDOW, {"chat_key": chat_key, "user_id": user_id, "window": limit}
