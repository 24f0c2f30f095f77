"""ChatQueries: the reads behind the chat's surfaces (a board, a search, a form, the
conversations and their messages), each in one read-only transaction of its own."""

from __future__ import annotations

from dataclasses import dataclass, field
from uuid import UUID

from core.clock import Clock, SystemClock
from core.conversation import views
from core.conversation.pages import DEFAULT_PAGE, Page
from core.storage.db import Database
from core.types import Reply
from core.views import ConversationView, MessageView, TaskBoard, TaskView


class ConversationNotFound(Exception):
    """An explicit conversation id that is not this person's."""


@dataclass
class ChatQueries:
    db: Database
    clock: Clock = field(default_factory=SystemClock)
    # The zone assumed for someone no platform and no message has told us about.
    default_timezone: str = "UTC"

    async def board(
        self,
        *,
        platform: str,
        tenant: str,
        user_ref: str,
        completed: bool = False,
        start: int = 0,
    ) -> TaskBoard:
        """A page of the person's tasks for a working surface (Slack's App Home), read-only."""
        async with self.db.session() as session, session.begin():
            return await views.board(
                session,
                platform=platform,
                tenant=tenant,
                user_ref=user_ref,
                completed=completed,
                now=self.clock.now(),
                default_timezone=self.default_timezone,
                start=start,
            )

    async def search_tasks(
        self, *, platform: str, tenant: str, user_ref: str, text: str, limit: int = 50
    ) -> list[TaskView]:
        """The person's open tasks matching `text` (an inline query), read-only."""
        async with self.db.session() as session, session.begin():
            return await views.search_open(
                session,
                platform=platform,
                tenant=tenant,
                user_ref=user_ref,
                text=text,
                limit=limit,
                now=self.clock.now(),
                default_timezone=self.default_timezone,
            )

    async def task(
        self, *, platform: str, tenant: str, user_ref: str, task_id: UUID
    ) -> TaskView | None:
        """One of the person's tasks, to fill an edit form; None when it is not theirs."""
        async with self.db.session() as session, session.begin():
            return await views.task_of(
                session,
                platform=platform,
                tenant=tenant,
                user_ref=user_ref,
                task_id=task_id,
                now=self.clock.now(),
                default_timezone=self.default_timezone,
            )

    async def waiting(self, *, platform: str, tenant: str, user_ref: str) -> Reply | None:
        """The person's undecided confirmations with their buttons, or None (read-only)."""
        async with self.db.session() as session, session.begin():
            return await views.waiting_confirmations(
                session, platform=platform, tenant=tenant, user_ref=user_ref
            )

    async def conversations(
        self,
        *,
        platform: str,
        tenant: str,
        user_ref: str,
        limit: int = DEFAULT_PAGE,
        cursor: str | None = None,
    ) -> Page[ConversationView]:
        """A page of the person's conversations, newest first (read-only; a stranger has
        none); BadCursor for a cursor it never handed out."""
        async with self.db.session() as session, session.begin():
            return await views.conversation_list(
                session,
                platform=platform,
                tenant=tenant,
                user_ref=user_ref,
                limit=limit,
                cursor=cursor,
            )

    async def messages(
        self,
        *,
        platform: str,
        tenant: str,
        user_ref: str,
        conversation_id: UUID,
        limit: int = DEFAULT_PAGE,
        cursor: str | None = None,
    ) -> Page[MessageView]:
        """A page of one of the person's conversations, oldest first; ConversationNotFound
        otherwise."""
        async with self.db.session() as session, session.begin():
            found = await views.conversation_messages(
                session,
                platform=platform,
                tenant=tenant,
                user_ref=user_ref,
                conversation_id=conversation_id,
                limit=limit,
                cursor=cursor,
            )
        if found is None:
            raise ConversationNotFound(str(conversation_id))
        return found
