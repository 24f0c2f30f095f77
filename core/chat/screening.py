"""A turn's edges: the message screened of what no retry gets past, the failure that means a
lost connection, the reply addressed to what was stored."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy.exc import SQLAlchemyError

from core.conversation.message_writes import NewMessage
from core.message_text import without_controls
from core.storage.db import connection_lost
from core.storage.models import Conversation
from core.tools import ToolContext
from core.types import (
    Incoming,
    Press,
    Reply,
    tools_run,
)


class AgentFailed(Exception):
    """The agent or a command raised: the turn is rolled back and stored with an apology."""


def press_source(press: Press) -> str:
    return f"{press.platform}:press"  # as `decide_press` claims a platform's presses


def lost_connection(failure: BaseException) -> SQLAlchemyError | None:
    """The lost-connection error behind a failure, even one an agent library wrapped."""
    seen: set[int] = set()
    current: BaseException | None = failure
    while current is not None and id(current) not in seen:
        if isinstance(current, SQLAlchemyError) and connection_lost(current):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def screened(incoming: Incoming) -> Incoming:
    """The message without the control characters no retry could get past (see
    `core.message_text`). The message itself when it holds none (it is frozen)."""
    text, name = without_controls(incoming.text), screened_name(incoming.display_name)
    if text == incoming.text and name == incoming.display_name:
        return incoming
    return replace(incoming, text=text, display_name=name)


def screened_name(name: str | None) -> str | None:
    return without_controls(name) if name is not None else None


def addressed(
    reply: Reply, conversation: Conversation, stored: NewMessage, context: ToolContext
) -> Reply:
    reply.conversation_id = conversation.id
    reply.message_id = stored.id
    reply.created_at = stored.created_at
    reply.tool_calls = tools_run(context.calls)
    reply.dates = list(context.dates)
    return reply
