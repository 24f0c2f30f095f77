"""Take back one turn's changes.
(No `from __future__ import annotations`: FastAPI reads these annotations at runtime.)
"""

from typing import Annotated

from fastapi import APIRouter, HTTPException, Path

from adapters.http.api.deps import (
    PLATFORM,
    ChatDep,
    CurrentUser,
)
from adapters.http.errors import error_responses
from adapters.http.schemas import (
    UndoResponse,
)
from adapters.http.translate import (
    NO_CHANGE,
    UNDO_STATUS,
    refusal,
)
from core.types import Action, Press

router = APIRouter()


@router.post(
    "/undo/{token}",
    response_model=UndoResponse,
    responses=error_responses(403, 404, 409, 410),
)
async def undo(
    user_id: CurrentUser, chat: ChatDep, token: Annotated[str, Path(min_length=1, max_length=64)]
) -> UndoResponse:
    """Take back the changes of one turn, by the `undo_token` its response carried.

    Once only, by their owner, within the undo window: 409 when already undone (or the
    task changed since), 410 when the window has passed. To restore a deleted task later,
    say “show my deleted tasks” and “restore 2” through POST /chat."""
    reply = await chat.press(
        Press(platform=PLATFORM, user_ref=user_id, token=token, action=Action.UNDO)
    )
    if reply is None:
        raise RuntimeError("a chat API press has no delivery id, so it cannot be a duplicate")
    status, detail = refusal(UNDO_STATUS, reply.outcome, reply.text, NO_CHANGE)
    if status != 200:
        raise HTTPException(status, detail)
    return UndoResponse(token=token, user_id=user_id, outcome="undone", content=reply.text)
