"""Confirm or cancel a pending delete.
(No `from __future__ import annotations`: FastAPI reads these annotations at runtime.)
"""

from typing import Annotated

from fastapi import APIRouter, HTTPException, Path, Response

from adapters.http.api.deps import (
    PLATFORM,
    ChatDep,
    CurrentUser,
    IdempotencyKey,
    keyed,
)
from adapters.http.errors import error_responses
from adapters.http.idempotency import REPLAYED_HEADER, keyed_press
from adapters.http.schemas import (
    ConfirmationRequest,
    ConfirmationResponse,
)
from adapters.http.translate import (
    NO_CONFIRMATION,
    PRESS_STATUS,
    refusal,
)
from core.types import Action

router = APIRouter()


@router.post(
    "/confirmations/{token}",
    response_model=ConfirmationResponse,
    responses=error_responses(404, 409, 410, 422),
)
async def decide(
    user_id: CurrentUser,
    chat: ChatDep,
    token: Annotated[str, Path(min_length=1, max_length=64)],
    request: ConfirmationRequest,
    response: Response,
    key: IdempotencyKey = None,
) -> ConfirmationResponse:
    """Confirm or cancel a pending delete offered in `pending_confirmations`."""
    retry = keyed(key, user_id, f"confirmations/{token}", request.model_dump(mode="json"))
    reply = await keyed_press(
        chat,
        platform=PLATFORM,
        user_id=user_id,
        token=token,
        action=Action(request.action),
        retry=retry,
    )
    replayed = {REPLAYED_HEADER: "true"} if reply.replayed else {}
    response.headers.update(replayed)
    status, detail = refusal(PRESS_STATUS, reply.outcome, reply.text, NO_CONFIRMATION)
    if status != 200:
        raise HTTPException(status, detail, headers=replayed or None)
    return ConfirmationResponse(
        token=token,
        user_id=user_id,
        outcome="confirmed" if reply.outcome == "confirmed" else "cancelled",
        content=reply.text,
    )
