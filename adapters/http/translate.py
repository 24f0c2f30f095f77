"""Pure translation between the chat API's JSON and the core's types (no I/O)."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from adapters.http.schemas import (
    MESSAGE_MAX,
    AttachmentOut,
    ChatResponse,
    ConversationOut,
    MessageOut,
    PendingConfirmation,
    ToolCallOut,
)
from core.message_text import without_controls
from core.types import Action, Button, Reply
from core.views import ConversationView, MessageView

EMPTY_MESSAGE = "Message field is required and cannot be empty"
LONG_MESSAGE = f"Message must be at most {MESSAGE_MAX} characters"
NEW_IN_API = (
    "To start a new conversation, send your message without a conversation_id; "
    "/new is for chat apps."
)
NOT_FOUND = "Conversation not found for this user"

# A press the core refused, by its outcome: how the API answers it. Someone else's token is
# answered as a token that does not exist (404, with the same words: `refusal`).
PRESS_STATUS = {
    "confirmed": 200,
    "cancelled": 200,
    "already_decided": 409,
    "expired": 410,
    "rate_limited": 429,
}
NO_CONFIRMATION = "No such confirmation for this user."
# A reminder's buttons as the chat API names them, and how it answers a press of one.
REMINDER_ACTIONS = {
    "done": Action.REMINDER_DONE,
    "snooze": Action.SNOOZE,
    "tomorrow": Action.TOMORROW,
}
API_REMINDER_ACTION = {action: name for name, action in REMINDER_ACTIONS.items()}
REMINDER_STATUS = {
    "done": 200,
    "snoozed": 200,
    "already_decided": 409,
    "task_gone": 410,
    "rate_limited": 429,
}
NO_REMINDER = "No such reminder for this user."
UNDO_STATUS = {
    "undone": 200,
    "already_undone": 409,
    "changed_since": 409,
    "expired": 410,
}
NO_CHANGE = "No such change to undo for this user."


def refusal(
    statuses: dict[str, int], outcome: str | None, text: str, missing: str
) -> tuple[int, str]:
    """The status and words of a press's answer. Every outcome not in `statuses` (no such
    token, someone else's) is 404 with the same words, `missing`: trying tokens tells nobody
    which ones exist."""
    status = statuses.get(outcome or "", 404)
    return status, missing if status == 404 else text


def message_problem(message: str) -> str | None:
    """Why this chat message cannot be taken, or None when it can."""
    stripped = without_controls(message).strip()
    if not stripped:
        return EMPTY_MESSAGE
    if len(message) > MESSAGE_MAX:
        return LONG_MESSAGE
    head = stripped.split(maxsplit=1)[0].lower()
    if head == "/new" or head.startswith("/new@"):
        return NEW_IN_API
    return None


def iso(moment: datetime | None) -> str:
    moment = moment or datetime.now(UTC)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def tool_call_out(call: dict[str, Any]) -> ToolCallOut:
    result = call.get("result")
    result = result if isinstance(result, dict) else {"value": result}
    ok = bool(call.get("ok", result.get("ok", True)))
    error = result.get("error") if not ok else None
    extra = {k: v for k, v in call.items() if k not in ToolCallOut.model_fields}
    return ToolCallOut(
        tool_name=str(call.get("tool_name", "")),
        input=call.get("input") if isinstance(call.get("input"), dict) else {},
        result=result,
        ok=ok,
        executed_at=str(call.get("executed_at", "")),
        error=str(error) if error else None,
        **extra,
    )


def pending_confirmations(buttons: Sequence[Button]) -> list[PendingConfirmation]:
    """Confirm/Cancel buttons grouped by their token, in the order they were offered."""
    grouped: dict[str, PendingConfirmation] = {}
    for button in buttons:
        if button.action is Action.UNDO:
            continue
        entry = grouped.setdefault(
            button.token, PendingConfirmation(token=button.token, label="", actions=[])
        )
        entry.actions.append(button.action.value)  # type: ignore[arg-type]
        if button.danger or not entry.label:
            entry.label = button.label
    return list(grouped.values())


def chat_response(user_id: str, reply: Reply) -> ChatResponse:
    if reply.message_id is None or reply.conversation_id is None:
        raise ValueError("a chat reply must have been stored (message and conversation ids)")
    attachment = None
    if reply.attachment is not None:
        attachment = AttachmentOut(
            filename=reply.attachment.filename,
            mime_type=reply.attachment.mime_type,
            content_base64=base64.b64encode(reply.attachment.content).decode(),
        )
    return ChatResponse(
        id=reply.message_id,
        conversation_id=reply.conversation_id,
        user_id=user_id,
        content=reply.text,
        tool_calls=[tool_call_out(call) for call in reply.tool_calls],
        created_at=iso(reply.created_at),
        pending_confirmations=pending_confirmations(reply.buttons),
        undo_token=next((b.token for b in reply.buttons if b.action is Action.UNDO), None),
        attachment=attachment,
    )


def conversation_out(view: ConversationView) -> ConversationOut:
    return ConversationOut(
        id=view.id,
        title=view.title,
        platform=view.platform,
        created_at=iso(view.created_at),
        updated_at=iso(view.updated_at),
    )


def message_out(view: MessageView) -> MessageOut:
    return MessageOut(
        id=view.id,
        role=view.role,
        content=view.content,
        tool_calls=[tool_call_out(call) for call in view.tool_calls],
        created_at=iso(view.created_at),
    )


def validation_detail(errors: Sequence[Any]) -> str:
    """One sentence for the first problem FastAPI found in a request."""
    if not errors:
        return "The request is not valid"
    first = errors[0]
    location = [str(part) for part in first.get("loc", ()) if part != "body"]
    kind = first.get("type", "")
    if location == ["message"]:
        if kind in ("missing", "string_too_short"):
            return EMPTY_MESSAGE
        if kind == "string_too_long":
            return LONG_MESSAGE
    if kind == "json_invalid":
        return "The request body is not valid JSON"
    if kind == "missing" and not location:
        return "The request body is missing; send a JSON object"
    where = ".".join(location) or "request body"
    return f"{where}: {first.get('msg', 'is not valid')}"
