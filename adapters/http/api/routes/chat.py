"""POST /chat: one message, answered in the same response.
(No `from __future__ import annotations`: FastAPI reads these annotations at runtime.)
"""

import uuid

from fastapi import APIRouter, HTTPException, Response

from adapters.http.api.deps import (
    PLATFORM,
    ChatDep,
    CurrentUser,
    IdempotencyKey,
    keyed,
)
from adapters.http.errors import error_responses
from adapters.http.idempotency import KEY_REUSED, REPLAYED_HEADER
from adapters.http.schemas import (
    ChatRequest,
    ChatResponse,
)
from adapters.http.translate import (
    NOT_FOUND,
    chat_response,
    message_problem,
)
from core.chat.policy import KeyReused
from core.conversation.queries import ConversationNotFound
from core.types import Incoming

router = APIRouter()


@router.post("/chat", response_model=ChatResponse, responses=error_responses(404, 422, 429))
async def send_message(
    user_id: CurrentUser,
    chat: ChatDep,
    request: ChatRequest,
    response: Response,
    key: IdempotencyKey = None,
) -> ChatResponse:
    """Send one message; the agent answers in the same response (FR-301..FR-317)."""
    problem = message_problem(request.message)
    if problem:
        raise HTTPException(400, problem)
    retry = keyed(key, user_id, "chat", request.model_dump(mode="json"))
    # No conversation_id: a new conversation (FR-310), in a chat of its own.
    chat_ref = "api" if request.conversation_id else f"api/{uuid.uuid4().hex}"
    incoming = Incoming(
        platform=PLATFORM,
        user_ref=user_id,
        chat_ref=chat_ref,
        text=request.message.strip(),
        conversation_id=request.conversation_id,
        event_id=retry.event_id if retry else None,
        fingerprint=retry.fingerprint if retry else None,
    )
    try:
        reply = await chat.handle(incoming, redelivered=True)
    except ConversationNotFound:
        raise HTTPException(404, NOT_FOUND) from None
    except KeyReused:
        raise HTTPException(422, KEY_REUSED) from None
    if reply is None:
        raise RuntimeError("a keyed turn taken by another attempt has its answer kept")
    if reply.rate_limited:
        raise HTTPException(429, reply.text, headers={"Retry-After": "60"})
    if reply.replayed:
        response.headers[REPLAYED_HEADER] = "true"
    return chat_response(user_id, reply)
