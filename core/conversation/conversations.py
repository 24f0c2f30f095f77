"""Conversations and their messages: one active conversation per user and chat."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.models import Conversation, Message, utcnow

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
    conversation = result.first()
    if conversation is None:
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
    conversation = Conversation(user_id=user_id, platform=platform, chat_key=chat_key)
    session.add(conversation)
    await session.flush()
    return conversation


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


async def add_message(
    session: AsyncSession,
    *,
    conversation: Conversation,
    role: str,
    content: str,
    tool_calls: list[dict[str, Any]] | None = None,
    created_at: datetime | None = None,
) -> Message:
    """Queue a message; it is written with the turn's next flush or its commit.

    A person's message names an untitled conversation; the reply after it moves `updated_at`
    (one UPDATE a turn).
    """
    message = Message(
        conversation_id=conversation.id,
        user_id=conversation.user_id,
        role=role,
        content=content,
        tool_calls=tool_calls or [],
        created_at=created_at or utcnow(),
    )
    session.add(message)
    if role == "user" and not conversation.title:
        conversation.title = title_from(content)
    if role != "user":
        conversation.updated_at = message.created_at
    session.add(conversation)
    return message


async def recent_messages(
    session: AsyncSession, *, user_id: UUID, conversation_id: UUID, limit: int
) -> list[Message]:
    """The last `limit` messages, oldest first, read backwards along the index."""
    result = await session.exec(
        select(Message)
        .where(Message.conversation_id == conversation_id, Message.user_id == user_id)
        .order_by(col(Message.created_at).desc())
        .limit(limit)
    )
    return list(reversed(result.all()))
