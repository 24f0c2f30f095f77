"""Read-only views of a person's data, for pages and APIs; a stranger sees nothing."""

from __future__ import annotations

from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core import conversations
from core import tasks as task_service
from core.identities import find_user, user_for
from core.types import ConversationView, MessageView, TaskView


async def open_tasks(
    session: AsyncSession, *, platform: str, tenant: str, user_ref: str
) -> list[TaskView]:
    user = await user_for(session, platform=platform, tenant=tenant, external_id=user_ref)
    found = await task_service.list_tasks(session, user_id=user.id, status="pending")
    return [TaskView(t.number, t.title, t.description, t.completed) for t in found]


async def conversation_list(
    session: AsyncSession, *, platform: str, tenant: str, user_ref: str
) -> list[ConversationView]:
    user = await find_user(session, platform=platform, tenant=tenant, external_id=user_ref)
    if user is None:
        return []
    found = await conversations.list_conversations(session, user_id=user.id)
    return [ConversationView(c.id, c.title, c.platform, c.created_at, c.updated_at) for c in found]


async def conversation_messages(
    session: AsyncSession, *, platform: str, tenant: str, user_ref: str, conversation_id: UUID
) -> list[MessageView] | None:
    """None when the conversation is not this person's (or does not exist)."""
    user = await find_user(session, platform=platform, tenant=tenant, external_id=user_ref)
    if user is None:
        return None
    found = await conversations.get_conversation(
        session, user_id=user.id, conversation_id=conversation_id
    )
    if found is None:
        return None
    rows = await conversations.all_messages(
        session, user_id=user.id, conversation_id=conversation_id
    )
    return [MessageView(m.id, m.role, m.content, list(m.tool_calls), m.created_at) for m in rows]
