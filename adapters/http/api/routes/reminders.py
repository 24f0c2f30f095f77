"""Press a delivered reminder's button.
(No `from __future__ import annotations`: FastAPI reads these annotations at runtime.)
"""

from typing import Annotated

from fastapi import APIRouter, Path, Response

from adapters.http.api.deps import (
    ChatDep,
    CurrentUser,
    IdempotencyKey,
    keyed,
)
from adapters.http.errors import error_responses
from adapters.http.reminders import press_reminder
from adapters.http.schemas import (
    ReminderPressRequest,
    ReminderPressResponse,
)

router = APIRouter()


@router.post(
    "/reminders/{token}",
    response_model=ReminderPressResponse,
    responses=error_responses(
        404,
        409,
        410,
        422,
        429,
        about={
            404: "No such reminder for this user (none, or someone else's).",
            409: "That reminder was already done, snoozed or moved.",
            410: "The reminder's task is gone.",
        },
    ),
)
async def press_reminder_button(
    user_id: CurrentUser,
    chat: ChatDep,
    token: Annotated[str, Path(min_length=1, max_length=64)],
    request: ReminderPressRequest,
    response: Response,
    key: IdempotencyKey = None,
) -> ReminderPressResponse:
    """Press a delivered reminder's button: `data.token` and one of `data.actions` of its
    `reminder` tool call. Only its owner, and once: the first press decides it (409 after)."""
    retry = keyed(key, user_id, f"reminders/{token}", request.model_dump(mode="json"))
    pressed, headers = await press_reminder(
        chat, user_id=user_id, token=token, action=request.action, retry=retry
    )
    response.headers.update(headers)
    return pressed
