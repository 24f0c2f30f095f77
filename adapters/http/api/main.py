"""The JSON chat API: talk, list conversations, read one back, confirm a delete.

Every route is authenticated by a bearer JWT whose subject is the path's user_id; that user is
the `api` identity of one internal user, shared with Slack and Telegram once accounts are linked.
"""

from __future__ import annotations

from fastapi import APIRouter, FastAPI

from adapters.http.api.deps import ChatApi
from adapters.http.api.routes import (
    chat,
    confirmations,
    conversations,
    reminders,
    team_changes,
    teams,
    undo,
)
from adapters.http.auth import TokenVerifier
from adapters.http.limits import API_BODY_MAX
from core.chat import ChatService
from core.conversation.queries import ChatQueries
from core.delivery.windows import request_window

api_router = APIRouter(prefix="/api/{user_id}", tags=["chat"], max_body_size=API_BODY_MAX)
api_router.include_router(chat.router)
api_router.include_router(conversations.router)
api_router.include_router(confirmations.router)
api_router.include_router(reminders.router)
api_router.include_router(undo.router)
api_router.include_router(teams.router)
api_router.include_router(team_changes.router)


def install_chat_api(
    app: FastAPI,
    chat: ChatService,
    queries: ChatQueries,
    verifier: TokenVerifier,
    *,
    requests_per_minute: int = 0,
) -> None:
    """Serve the chat API: its turns from `chat`, its reads from `queries`.
    `requests_per_minute` (0: none) limits each person's requests to every endpoint here,
    across workers; chat messages are also limited by the stored ones."""
    window = request_window(chat.db, requests_per_minute, chat.clock, scope="api")
    app.state.chat_api = ChatApi(chat, queries, verifier, window)
    app.include_router(api_router)
