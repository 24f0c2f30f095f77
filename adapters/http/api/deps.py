"""What every chat API route depends on, as `Annotated` dependencies: the service behind the
routes, the authenticated person (bearer JWT whose subject is the path's user_id, within the
request limit), the page and retry-key parameters.
(No `from __future__ import annotations`: FastAPI reads these annotations at runtime.)
"""

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Header, HTTPException, Path, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from adapters.http.auth import AuthError, TokenVerifier
from adapters.http.idempotency import HEADER, RetryKey, retry_key
from core.chat import ChatService
from core.conversation.pages import DEFAULT_PAGE, MAX_PAGE
from core.conversation.queries import ChatQueries
from core.delivery.windows import Window

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


@dataclass(frozen=True)
class ChatApi:
    """What the routes serve from, kept on the app by `install_chat_api`."""

    chat: ChatService
    queries: ChatQueries
    verifier: TokenVerifier
    # Each person's requests to every endpoint here, across workers.
    window: Window


def get_chat_api(request: Request) -> ChatApi:
    api = request.app.state.chat_api
    if not isinstance(api, ChatApi):
        raise RuntimeError("the chat API's routes are served only after install_chat_api")
    return api


ApiDep = Annotated[ChatApi, Depends(get_chat_api)]


def get_chat(api: ApiDep) -> ChatService:
    return api.chat


def get_queries(api: ApiDep) -> ChatQueries:
    return api.queries


ChatDep = Annotated[ChatService, Depends(get_chat)]
QueriesDep = Annotated[ChatQueries, Depends(get_queries)]
bearer = HTTPBearer(auto_error=False, description="HS256 JWT; `sub` is the path's user_id.")


async def authenticated(
    user_id: UserId,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
    api: ApiDep,
) -> str:
    header = f"Bearer {credentials.credentials}" if credentials else None
    try:
        authenticated = api.verifier.authenticate(header, user_id)
    except AuthError as refused:
        headers = {"WWW-Authenticate": "Bearer"} if refused.status == 401 else None
        raise HTTPException(refused.status, refused.detail, headers=headers) from None
    wait = await api.window.retry_after(authenticated)
    if wait is not None:
        raise HTTPException(429, RATE_LIMITED, headers={"Retry-After": str(wait)})
    return authenticated


CurrentUser = Annotated[str, Depends(authenticated)]


def only_page_parameters(request: Request) -> None:
    unknown = sorted(set(request.query_params) - PAGE_PARAMETERS)
    if unknown:
        raise HTTPException(400, f"Unknown query parameter: {unknown[0][:40]}.")


Paged = Depends(only_page_parameters)


def keyed(raw: str | None, user_id: str, endpoint: str, body: dict[str, Any]) -> RetryKey | None:
    try:
        return retry_key(raw, user_id=user_id, endpoint=endpoint, body=body)
    except ValueError as bad:
        raise HTTPException(400, str(bad)) from None
