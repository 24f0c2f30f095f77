"""Reminders on the chat API: a message in the conversation they were asked in, and its
buttons pressed with `POST /api/{user_id}/reminders/{token}`.

A client reads them with `GET /api/{user_id}/conversations/{id}/messages`; the message's
`tool_calls` carry the reminder's token and its actions, for the client to show as buttons.
A press takes the same decision as a Slack or Telegram button: owner-only, exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from fastapi import HTTPException
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from adapters.http.idempotency import REPLAYED_HEADER, RetryKey, keyed_press
from adapters.http.schemas import ReminderPressResponse
from adapters.http.translate import (
    API_REMINDER_ACTION,
    NO_REMINDER,
    REMINDER_ACTIONS,
    REMINDER_STATUS,
    refusal,
)
from adapters.http.webhooks import schedule_post
from core.chat import ChatService
from core.conversation import conversations
from core.conversation.message_writes import add_message
from core.reminders.delivery import Notice
from core.storage.db import Database, in_transaction
from core.storage.models import Conversation, iso, utcnow

PLATFORM = "api"


async def press_reminder(
    chat: ChatService, *, user_id: str, token: str, action: str, retry: RetryKey | None
) -> tuple[ReminderPressResponse, dict[str, str]]:
    """The press and the headers of its answer; HTTPException when it decided nothing (not
    this person's reminder, unknown, already decided, its task gone, too many presses)."""
    reply = await keyed_press(
        chat,
        platform=PLATFORM,
        user_id=user_id,
        token=token,
        action=REMINDER_ACTIONS[action],
        retry=retry,
    )
    headers = {REPLAYED_HEADER: "true"} if reply.replayed else {}
    status, detail = refusal(REMINDER_STATUS, reply.outcome, reply.text, NO_REMINDER)
    if status != 200:
        raise HTTPException(status, detail, headers=headers or None)
    outcome = "done" if reply.outcome == "done" else "snoozed"
    return ReminderPressResponse(
        token=token, user_id=user_id, outcome=outcome, content=reply.text
    ), headers


@dataclass
class ApiReminderSender:
    """Writes the reminder into the conversation; with `webhook`, also schedules its post to
    the person's webhook in the same transaction (adapters/http/webhooks.py)."""

    db: Database
    webhook: bool = False
    platform: str = PLATFORM

    async def send(self, notice: Notice) -> str | None:
        buttons = notice.reply.buttons
        data = {
            "token": buttons[0].token if buttons else None,
            "actions": [
                {"label": b.label, "action": API_REMINDER_ACTION[b.action]} for b in buttons
            ],
        }

        async def post(session: AsyncSession) -> str:
            conversation = await _conversation(session, notice)
            call = {
                "tool_name": "reminder",
                "input": {},
                "result": {"ok": True, "message": notice.reply.text, "data": data},
                "ok": True,
                "executed_at": iso(utcnow()),
            }
            message = await add_message(
                session,
                conversation=conversation,
                role="assistant",
                content=notice.reply.text,
                tool_calls=[call],
            )
            await session.flush()
            if self.webhook:
                user = notice.recipient.user_ref
                event = {
                    "type": "reminder",
                    "user_id": user,
                    "conversation_id": str(conversation.id),
                    "message_id": str(message.id),
                    "content": notice.reply.text,
                    **data,
                    "press": f"/api/{quote(user, safe='')}/reminders/{data['token']}"
                    if data["token"]
                    else None,
                    "created_at": iso(message.created_at),
                }
                delivery = f"reminder:{message.id}"
                await schedule_post(session, user_id=user, delivery=delivery, event=event)
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
