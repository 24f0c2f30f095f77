"""A turn's parts before the answer: its conversation and history, a command it names, a typed
answer to a waiting question (or a reminder that one waits)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo

from sqlmodel.ext.asyncio.session import AsyncSession

from core.agent.base import Agent
from core.chat.policy import ChatPolicy
from core.chat.screening import _addressed
from core.commands import typed_answers
from core.commands.extensions import TextRouter
from core.commands.presses import ConfirmAction
from core.commands.slash import parse_command
from core.commands.team_place import place_of
from core.conversation import conversations
from core.conversation.message_writes import NewMessage, write_messages
from core.conversation.queries import ConversationNotFound
from core.message_text import excerpt
from core.storage.models import Conversation, User, iso, utcnow
from core.tools import ToolContext
from core.types import HistoryMessage, Incoming, Reply


@dataclass(frozen=True)
class Command:
    name: str
    args: str


async def conversation_of(
    session: AsyncSession, user: User, incoming: Incoming, window: int
) -> tuple[Conversation, list[HistoryMessage]]:
    """The turn's conversation and its last `window` messages, in one read."""
    if incoming.conversation_id is not None:
        found, history = await conversations.with_window(
            session, user_id=user.id, conversation_id=incoming.conversation_id, limit=window
        )
        if found is None:
            raise ConversationNotFound(str(incoming.conversation_id))
        return found, history
    chat_key = conversations.chat_key(incoming.chat_ref, incoming.thread_ref)
    found, history = await conversations.with_window(
        session, user_id=user.id, chat_key=chat_key, limit=window
    )
    if found is None:
        found = await conversations.new_conversation(
            session, user_id=user.id, platform=incoming.platform, chat_key=chat_key
        )
    return found, history


async def typed_answer(
    session: AsyncSession,
    user: User,
    incoming: Incoming,
    context: ToolContext,
    conversation: Conversation,
    actions: dict[str, ConfirmAction],
) -> Reply | None:
    """A typed yes or no that decides this conversation's pending confirmation."""
    reply = await typed_answers.answer_pending(
        session,
        user_id=user.id,
        conversation_id=conversation.id,
        platform=incoming.platform,
        user_ref=incoming.user_ref,
        text=incoming.text,
        actions=actions,
        now=context.now,
    )
    if reply is not None:
        context.calls.append(
            {
                "tool_name": f"confirmation:{reply.outcome}",
                "input": {"answer": incoming.text.strip()},
                "result": {"ok": True, "message": reply.text},
                "ok": True,
                "executed_at": iso(utcnow()),
            }
        )
    return reply


async def remind_pending(
    session: AsyncSession, user: User, conversation: Conversation, reply: Reply, now: datetime
) -> None:
    """A turn that did nothing while a question waits says how to answer it."""
    pending = await typed_answers.pending_here(
        session, user_id=user.id, conversation_id=conversation.id, now=now
    )
    if pending is not None:
        reply.text = f"{reply.text}\n\n{typed_answers.how_to_answer(pending)}"


def command_of(incoming: Incoming, routers: list[TextRouter]) -> Command | None:
    """The command a message names: the platform's, a slash word, or a text router's."""
    if incoming.command:
        return Command(incoming.command.lower(), incoming.text.strip())
    parsed = parse_command(incoming.text)
    if parsed:
        return Command(parsed.name, parsed.args)
    for route in routers:
        routed = route(incoming.text)
        if routed is not None:
            return Command(*routed)
    return None


def tool_context(
    session: AsyncSession,
    user: User,
    conversation: Conversation,
    incoming: Incoming,
    policy: ChatPolicy,
    now: datetime,
    zone: tzinfo,
    assumed: bool,
) -> ToolContext:
    """What the turn's tools and commands work with."""
    return ToolContext(
        session=session,
        user_id=user.id,
        conversation_id=conversation.id,
        confirmation_ttl_seconds=policy.confirmation_ttl_seconds,
        now=now,
        zone=zone,
        zone_assumed=assumed,
        list_controls=incoming.list_controls,
        page_controls=incoming.page_controls,
        undo_window_seconds=policy.undo_window_seconds,
        max_pending_reminders=policy.max_pending_reminders,
        place=place_of(incoming),
    )


async def refused_as_too_long(
    session: AsyncSession,
    user: User,
    conversation: Conversation,
    incoming: Incoming,
    refusal: str,
    now: datetime,
) -> Reply:
    """A message too long to read: an excerpt of it is stored with the refusal."""
    stored = NewMessage("assistant", refusal, now + timedelta(microseconds=1))
    await write_messages(
        session,
        conversation=conversation,
        messages=[NewMessage("user", excerpt(incoming.text), now), stored],
    )
    return _addressed(Reply(text=refusal), conversation, stored, ToolContext(session, user.id))


def history_window(agent: Agent, policy: ChatPolicy) -> int:
    """The policy's window, or less when the agent says it reads less (the builtin engine)."""
    wanted = agent.history_window
    window = policy.history_window
    return min(window, wanted) if wanted is not None and wanted > 0 else window
