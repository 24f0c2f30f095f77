"""The chat API's request and response bodies."""

from __future__ import annotations

from typing import Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from core.message_text import MESSAGE_MAX_CHARS

MESSAGE_MAX = MESSAGE_MAX_CHARS


class ChatRequest(BaseModel):
    conversation_id: UUID | None = Field(
        default=None, description="Continue this conversation; omit to start a new one."
    )
    message: str = Field(min_length=1, max_length=MESSAGE_MAX, description="What the person says.")


class ToolCallOut(BaseModel):
    model_config = ConfigDict(extra="allow")

    tool_name: str
    input: dict[str, Any] = Field(default_factory=dict)
    result: dict[str, Any] = Field(
        default_factory=dict,
        description=(
            'The tool\'s envelope: {"ok", "message", "data", "error", "suggestion"}. A task in '
            "`data.task` or `data.tasks` has `number`, `id`, `title`, `description`, `completed`, "
            "`created_at` (ISO 8601, UTC), `due` (the person's local ISO 8601: `YYYY-MM-DD` for "
            "a day, `YYYY-MM-DDTHH:MM+01:00` with the offset when a time was given, or null), "
            "`due_at` (the instant in UTC, or null), `due_has_time`, `priority` (low, medium, "
            "high) and `tags` (without #). `list_tasks` answers a page (20 tasks unless its "
            "`limit` says 1 to 100) and adds `count`, `total`, `start`, `next_cursor` (its "
            "`cursor` for the next page, or null), `pending_count` and `completed_count`. "
            "A delivered reminder (`tool_name` `reminder`) has `data.token` "
            "and `data.actions` (`label`, `action`): POST /api/{user_id}/reminders/{token} "
            "with one of those actions presses it."
        ),
    )
    ok: bool = True
    executed_at: str = ""
    error: str | None = None


class PendingConfirmation(BaseModel):
    """A delete waiting for its owner: POST /api/{user_id}/confirmations/{token}."""

    token: str
    label: str
    actions: list[Literal["confirm", "cancel"]]


class AttachmentOut(BaseModel):
    filename: str
    mime_type: str
    content_base64: str


class ChatResponse(BaseModel):
    id: UUID
    conversation_id: UUID
    user_id: str
    content: str
    tool_calls: list[ToolCallOut]
    created_at: str
    pending_confirmations: list[PendingConfirmation] = Field(default_factory=list)
    undo_token: str | None = Field(
        default=None,
        description="Set when this turn changed tasks: POST /api/{user_id}/undo/{token} takes "
        "those changes back while the undo window lasts (10 minutes by default). Saying "
        "“undo” in the chat does the same for the latest change, then the one before it.",
    )
    attachment: AttachmentOut | None = None


class ConversationOut(BaseModel):
    id: UUID
    title: str
    platform: str
    created_at: str
    updated_at: str


class ConversationList(BaseModel):
    user_id: str
    conversations: list[ConversationOut]
    next_cursor: str | None = Field(
        default=None, description="Pass as `cursor` for the next page; null on the last."
    )


class MessageOut(BaseModel):
    id: UUID
    role: str
    content: str
    tool_calls: list[ToolCallOut]
    created_at: str


class MessageList(BaseModel):
    conversation_id: UUID
    messages: list[MessageOut]
    next_cursor: str | None = Field(
        default=None, description="Pass as `cursor` for the next page; null on the last."
    )


class ConfirmationRequest(BaseModel):
    action: Literal["confirm", "cancel"]


class ConfirmationResponse(BaseModel):
    token: str
    user_id: str
    outcome: Literal["confirmed", "cancelled"]
    content: str


class ReminderPressRequest(BaseModel):
    action: Literal["done", "snooze", "tomorrow"] = Field(
        description="One of the reminder's `actions`: done (complete the task), snooze (again "
        "in an hour) or tomorrow (again at 09:00 tomorrow, the person's time)."
    )


class ReminderPressResponse(BaseModel):
    token: str
    user_id: str
    outcome: Literal["done", "snoozed"]
    content: str = Field(description="What happened, as the reminder's message would now say.")


class UndoResponse(BaseModel):
    token: str
    user_id: str
    outcome: Literal["undone"]
    content: str = Field(description="What was taken back, as the person would be told.")


class ErrorBody(BaseModel):
    detail: str
