"""Pages of a person's conversations and messages: a `limit` and an opaque cursor.

The cursor is the last row's sort key (its time and id), so a page costs one indexed range
read however deep it is, and rows written meanwhile never shift the next page.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Generic, TypeVar
from uuid import UUID

from sqlalchemy import and_, or_
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.models import Conversation, Message

DEFAULT_PAGE = 50
MAX_PAGE = 200
T = TypeVar("T")


class BadCursor(ValueError):
    """A cursor this API did not hand out."""


@dataclass(frozen=True)
class Page(Generic[T]):
    items: list[T]
    next_cursor: str | None = None


def encode_cursor(moment: datetime, row_id: UUID) -> str:
    raw = f"{moment.isoformat()}|{row_id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, UUID]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        moment, _, row_id = raw.partition("|")
        return datetime.fromisoformat(moment), UUID(row_id)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise BadCursor(cursor) from None


async def conversation_page(
    session: AsyncSession, *, user_id: UUID, limit: int, cursor: str | None
) -> Page[Conversation]:
    """Most recently active first."""
    query = select(Conversation).where(col(Conversation.user_id) == user_id)
    if cursor is not None:
        moment, row_id = decode_cursor(cursor)
        query = query.where(
            or_(
                col(Conversation.updated_at) < moment,
                and_(col(Conversation.updated_at) == moment, col(Conversation.id) < row_id),
            )
        )
    query = query.order_by(col(Conversation.updated_at).desc(), col(Conversation.id).desc())
    rows = list((await session.exec(query.limit(limit + 1))).all())
    return _page(rows, limit, lambda row: encode_cursor(row.updated_at, row.id))


async def message_page(
    session: AsyncSession, *, user_id: UUID, conversation_id: UUID, limit: int, cursor: str | None
) -> Page[Message]:
    """Oldest first, as the conversation was written."""
    query = select(Message).where(
        col(Message.conversation_id) == conversation_id, col(Message.user_id) == user_id
    )
    if cursor is not None:
        moment, row_id = decode_cursor(cursor)
        query = query.where(
            or_(
                col(Message.created_at) > moment,
                and_(col(Message.created_at) == moment, col(Message.id) > row_id),
            )
        )
    query = query.order_by(col(Message.created_at), col(Message.id))
    rows = list((await session.exec(query.limit(limit + 1))).all())
    return _page(rows, limit, lambda row: encode_cursor(row.created_at, row.id))


def _page(rows: list[T], limit: int, cursor_of: Callable[[T], str]) -> Page[T]:
    if len(rows) <= limit:
        return Page(rows)
    kept = rows[:limit]
    return Page(kept, cursor_of(kept[-1]))
