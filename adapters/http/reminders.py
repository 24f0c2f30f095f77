"""Reminders on the chat API: a message in the conversation they were asked in.

A client reads them with `GET /api/{user_id}/conversations/{id}/messages`; the message's
`tool_calls` carry the reminder's token and its actions, for the client to show as buttons.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.conversation import conversations
from core.reminders.delivery import Notice
from core.storage.db import Database, in_transaction
from core.storage.models import Conversation, iso, utcnow

PLATFORM = "api"


@dataclass
class ApiReminderSender:
    db: Database
    platform: str = PLATFORM

    async def send(self, notice: Notice) -> str | None:
        async def post(session: AsyncSession) -> str:
            conversation = await _conversation(session, notice)
            call = {
                "tool_name": "reminder",
                "input": {},
                "result": {
                    "ok": True,
                    "message": notice.reply.text,
                    "data": {
                        "token": notice.reply.buttons[0].token if notice.reply.buttons else None,
                        "actions": [
                            {"label": b.label, "action": b.action.value}
                            for b in notice.reply.buttons
                        ],
                    },
                },
                "ok": True,
                "executed_at": iso(utcnow()),
            }
            message = await conversations.add_message(
                session,
                conversation=conversation,
                role="assistant",
                content=notice.reply.text,
                tool_calls=[call],
            )
            await session.flush()
            return f"{conversation.id}:{message.id}"

        return await in_transaction(self.db, post)


async def _conversation(session: AsyncSession, notice: Notice) -> Conversation:
    person = notice.recipient
    if person.conversation_id is not None:
        found = await conversations.get_conversation(
            session, user_id=person.user_id, conversation_id=person.conversation_id
        )
        if found is not None:
            return found
    latest = await session.exec(
        select(Conversation)
        .where(Conversation.user_id == person.user_id, Conversation.platform == PLATFORM)
        .order_by(col(Conversation.updated_at).desc())
    )
    return latest.first() or await conversations.active_conversation(
        session, user_id=person.user_id, platform=PLATFORM, chat_key="api/reminders"
    )
