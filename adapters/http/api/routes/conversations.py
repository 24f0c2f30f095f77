"""The person's conversations and one read back, a page at a time.
(No `from __future__ import annotations`: FastAPI reads these annotations at runtime.)
"""

from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, HTTPException, Path

from adapters.http.api.deps import (
    BAD_CURSOR,
    PLATFORM,
    CurrentUser,
    Cursor,
    Paged,
    PageLimit,
    QueriesDep,
)
from adapters.http.errors import error_responses
from adapters.http.schemas import (
    ConversationList,
    MessageList,
)
from adapters.http.translate import (
    NOT_FOUND,
    conversation_out,
    message_out,
)
from core.conversation.pages import DEFAULT_PAGE, BadCursor
from core.conversation.queries import ConversationNotFound

router = APIRouter()


@router.get(
    "/conversations",
    response_model=ConversationList,
    responses=error_responses(429),
    dependencies=[Paged],
)
async def list_conversations(
    user_id: CurrentUser,
    queries: QueriesDep,
    limit: PageLimit = DEFAULT_PAGE,
    cursor: Cursor = None,
) -> ConversationList:
    """The person's conversations, most recently active first (FR-345), a page at a time:
    pass `next_cursor` back as `cursor` for the next page (null: there is none)."""
    try:
        found = await queries.conversations(
            platform=PLATFORM, tenant="", user_ref=user_id, limit=limit, cursor=cursor
        )
    except BadCursor:
        raise HTTPException(400, BAD_CURSOR) from None
    return ConversationList(
        user_id=user_id,
        conversations=[conversation_out(view) for view in found.items],
        next_cursor=found.next_cursor,
    )


@router.get(
    "/conversations/{conversation_id}/messages",
    response_model=MessageList,
    responses=error_responses(404, 429),
    dependencies=[Paged],
)
async def read_conversation(
    user_id: CurrentUser,
    queries: QueriesDep,
    conversation_id: Annotated[str, Path(max_length=64)],
    limit: PageLimit = DEFAULT_PAGE,
    cursor: Cursor = None,
) -> MessageList:
    """One of the person's conversations, oldest message first (FR-346), a page at a
    time: pass `next_cursor` back as `cursor` for the next page (null: there is none)."""
    try:
        wanted = UUID(conversation_id)
    except ValueError:
        raise HTTPException(404, NOT_FOUND) from None
    try:
        found = await queries.messages(
            platform=PLATFORM,
            tenant="",
            user_ref=user_id,
            conversation_id=wanted,
            limit=limit,
            cursor=cursor,
        )
    except ConversationNotFound:
        raise HTTPException(404, NOT_FOUND) from None
    except BadCursor:
        raise HTTPException(400, BAD_CURSOR) from None
    return MessageList(
        conversation_id=wanted,
        messages=[message_out(m) for m in found.items],
        next_cursor=found.next_cursor,
    )
