"""The JSON chat API: talk, list conversations, read one back, confirm a delete.

Every route is authenticated by a bearer JWT whose subject is the path's user_id; that user is
the `api` identity of one internal user, shared with Slack and Telegram once accounts are linked.
(No `from __future__ import annotations`: FastAPI reads these annotations at runtime, and the
authenticated-user alias is local to the router.)
"""

import uuid
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Depends, Header, HTTPException, Path, Query, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from adapters.http.auth import AuthError, TokenVerifier
from adapters.http.errors import error_responses
from adapters.http.idempotency import (
    HEADER,
    KEY_REUSED,
    REPLAYED_HEADER,
    RetryKey,
    keyed_press,
    retry_key,
)
from adapters.http.limits import API_BODY_MAX
from adapters.http.reminders import press_reminder
from adapters.http.schemas import (
    ChatRequest,
    ChatResponse,
    ConfirmationRequest,
    ConfirmationResponse,
    ConversationList,
    MessageList,
    ReminderPressRequest,
    ReminderPressResponse,
    UndoResponse,
)
from adapters.http.translate import (
    NO_CHANGE,
    NO_CONFIRMATION,
    NOT_FOUND,
    PRESS_STATUS,
    UNDO_STATUS,
    chat_response,
    conversation_out,
    message_out,
    message_problem,
    refusal,
)
from core.chat import ChatService, ConversationNotFound, KeyReused, queries_for
from core.conversation.pages import DEFAULT_PAGE, MAX_PAGE, BadCursor
from core.delivery.windows import request_window
from core.types import Action, Incoming, Press

PLATFORM = "api"
UserId = Annotated[
    str,
    Path(
        min_length=1,
        max_length=128,
        pattern=r"^[^\x00-\x1f\x7f]+$",
        description="The token's subject.",
    ),
]
PageLimit = Annotated[
    int, Query(ge=1, le=MAX_PAGE, description=f"Items per page (default {DEFAULT_PAGE}).")
]
Cursor = Annotated[
    str | None, Query(max_length=200, description="`next_cursor` of the previous page.")
]
BAD_CURSOR = "That cursor is not one this list handed out; start again without it."
RATE_LIMITED = "Too many requests; retry after a minute."
PAGE_PARAMETERS = frozenset({"limit", "cursor"})
IdempotencyKey = Annotated[
    str | None,
    Header(
        alias=HEADER,
        description="Makes the request safe to retry: the same key from the same person within "
        "24 hours returns the first answer and applies nothing again (a concurrent retry waits "
        "for the first); the same key with a different request is 422. Any 1-255 printable "
        'ASCII characters, bare or quoted (`"…"`); a UUID per request is a good key. A 429 '
        "leaves the key unused.",
    ),
]


def chat_api_router(
    chat: ChatService, verifier: TokenVerifier, *, requests_per_minute: int = 0
) -> APIRouter:
    """`requests_per_minute` (0: none) limits each person's requests to every endpoint here,
    across workers; chat messages are also limited by the stored ones."""
    window = request_window(chat.db, requests_per_minute, chat.clock, scope="api")
    bearer = HTTPBearer(auto_error=False, description="HS256 JWT; `sub` is the path's user_id.")

    async def authenticated(
        user_id: UserId,
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
    ) -> str:
        header = f"Bearer {credentials.credentials}" if credentials else None
        try:
            authenticated = verifier.authenticate(header, user_id)
        except AuthError as refused:
            headers = {"WWW-Authenticate": "Bearer"} if refused.status == 401 else None
            raise HTTPException(refused.status, refused.detail, headers=headers) from None
        wait = await window.retry_after(authenticated)
        if wait is not None:
            raise HTTPException(429, RATE_LIMITED, headers={"Retry-After": str(wait)})
        return authenticated

    User = Annotated[str, Depends(authenticated)]

    def only_page_parameters(request: Request) -> None:
        unknown = sorted(set(request.query_params) - PAGE_PARAMETERS)
        if unknown:
            raise HTTPException(400, f"Unknown query parameter: {unknown[0][:40]}.")

    Paged = Depends(only_page_parameters)
    router = APIRouter(prefix="/api/{user_id}", tags=["chat"], max_body_size=API_BODY_MAX)

    def keyed(
        raw: str | None, user_id: str, endpoint: str, body: dict[str, Any]
    ) -> RetryKey | None:
        try:
            return retry_key(raw, user_id=user_id, endpoint=endpoint, body=body)
        except ValueError as bad:
            raise HTTPException(400, str(bad)) from None

    @router.post("/chat", response_model=ChatResponse, responses=error_responses(404, 422, 429))
    async def send_message(
        user_id: User, request: ChatRequest, response: Response, key: IdempotencyKey = None
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

    @router.get(
        "/conversations",
        response_model=ConversationList,
        responses=error_responses(429),
        dependencies=[Paged],
    )
    async def list_conversations(
        user_id: User, limit: PageLimit = DEFAULT_PAGE, cursor: Cursor = None
    ) -> ConversationList:
        """The person's conversations, most recently active first (FR-345), a page at a time:
        pass `next_cursor` back as `cursor` for the next page (null: there is none)."""
        try:
            found = await queries_for(chat).conversations(
                platform=PLATFORM, tenant="", user_ref=user_id, limit=limit, cursor=cursor
            )
        except BadCursor:
            raise HTTPException(400, BAD_CURSOR) from None
        return ConversationList(
            user_id=user_id,
            conversations=[conversation_out(view) for view in found.items],
            next_cursor=found.next_cursor,
        )

    @router.get(
        "/conversations/{conversation_id}/messages",
        response_model=MessageList,
        responses=error_responses(404, 429),
        dependencies=[Paged],
    )
    async def read_conversation(
        user_id: User,
        conversation_id: Annotated[str, Path(max_length=64)],
        limit: PageLimit = DEFAULT_PAGE,
        cursor: Cursor = None,
    ) -> MessageList:
        """One of the person's conversations, oldest message first (FR-346), a page at a
        time: pass `next_cursor` back as `cursor` for the next page (null: there is none)."""
        try:
            wanted = UUID(conversation_id)
        except ValueError:
            raise HTTPException(404, NOT_FOUND) from None
        try:
            found = await queries_for(chat).messages(
                platform=PLATFORM,
                tenant="",
                user_ref=user_id,
                conversation_id=wanted,
                limit=limit,
                cursor=cursor,
            )
        except ConversationNotFound:
            raise HTTPException(404, NOT_FOUND) from None
        except BadCursor:
            raise HTTPException(400, BAD_CURSOR) from None
        return MessageList(
            conversation_id=wanted,
            messages=[message_out(m) for m in found.items],
            next_cursor=found.next_cursor,
        )

    @router.post(
        "/confirmations/{token}",
        response_model=ConfirmationResponse,
        responses=error_responses(404, 409, 410, 422),
    )
    async def decide(
        user_id: User,
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
        user_id: User,
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

    @router.post(
        "/undo/{token}",
        response_model=UndoResponse,
        responses=error_responses(403, 404, 409, 410),
    )
    async def undo(
        user_id: User, token: Annotated[str, Path(min_length=1, max_length=64)]
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

    return router
