"""ChatService: the one door into the core.

A turn is one transaction: the delivery is claimed (dedupe), the person found, their row
locked so their turns run in order, the message stored, the agent run, the reply stored, and
only then is anything committed. If the model fails, its tool effects are rolled back to a
savepoint and the person gets an apology; if the database connection drops, the whole turn
is retried.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from uuid import UUID

from sqlalchemy.exc import DBAPIError, PendingRollbackError, SQLAlchemyError
from sqlmodel.ext.asyncio.session import AsyncSession

from core import conversations
from core import tasks as task_service
from core.agent.base import Agent, AgentTurn
from core.commands import TOOL_COMMANDS, parse_command
from core.confirmations import Decision, Outcome, decide
from core.db import Database
from core.events import claim_event
from core.identities import find_user, lock_user, user_for
from core.models import Confirmation, Conversation, User, iso, utcnow
from core.presses import CONFIRM_ACTIONS, ConfirmAction, explain
from core.ratelimit import over_limit
from core.tools import ToolContext
from core.types import ConversationView, Incoming, MessageView, Press, Reply, TaskView

log = logging.getLogger(__name__)

APOLOGY = "Sorry, I couldn't finish that just now, so I changed nothing. Please try again."
RATE_LIMITED = (
    "You're sending messages faster than I can keep up. Give me a minute, then try again."
)
NEW_CONVERSATION = "Started a fresh conversation. Your tasks are all still here."
UNKNOWN_COMMAND = "I don't know /{name}. Send /help to see what I can do."


class ConversationNotFound(Exception):
    """An explicit conversation id that is not this person's."""


@dataclass(frozen=True)
class ChatPolicy:
    history_window: int = 50
    confirmation_ttl_seconds: int = 600
    rate_limit_per_minute: int = 30
    db_retries: int = 3


@dataclass
class CommandCall:
    """What a registered command gets: the open transaction, the person and the message."""

    session: AsyncSession
    user: User
    incoming: Incoming
    args: str
    tools: ToolContext
    conversation: Conversation


CommandFunction = Callable[[CommandCall], Awaitable[Reply | str]]
# Recognises an exact request in free text ("forget me") as a command: (name, args) or None.
TextRouter = Callable[[str], tuple[str, str] | None]


@dataclass
class ChatService:
    db: Database
    agent: Agent
    policy: ChatPolicy = field(default_factory=ChatPolicy)
    commands: dict[str, CommandFunction] = field(default_factory=dict)
    confirm_actions: dict[str, ConfirmAction] = field(default_factory=lambda: dict(CONFIRM_ACTIONS))
    text_routers: list[TextRouter] = field(default_factory=list)

    async def handle(self, incoming: Incoming) -> Reply | None:
        """Answer one message. None means this delivery was already handled."""
        return await self._retrying(lambda session: self._handle(session, incoming))

    async def press(self, press: Press) -> Reply | None:
        """Decide one button press. None means this delivery was already handled."""
        return await self._retrying(lambda session: self._press(session, press))

    async def open_tasks(self, *, platform: str, tenant: str, user_ref: str) -> list[TaskView]:
        """The person's pending tasks, read-only (for views like Slack's App Home)."""
        async with self.db.session() as session, session.begin():
            user = await user_for(session, platform=platform, tenant=tenant, external_id=user_ref)
            found = await task_service.list_tasks(session, user_id=user.id, status="pending")
            return [TaskView(t.number, t.title, t.description, t.completed) for t in found]

    async def conversations(
        self, *, platform: str, tenant: str, user_ref: str
    ) -> list[ConversationView]:
        """The person's conversations, newest first (read-only; a stranger has none)."""
        async with self.db.session() as session, session.begin():
            user = await find_user(session, platform=platform, tenant=tenant, external_id=user_ref)
            if user is None:
                return []
            found = await conversations.list_conversations(session, user_id=user.id)
            return [
                ConversationView(c.id, c.title, c.platform, c.created_at, c.updated_at)
                for c in found
            ]

    async def messages(
        self, *, platform: str, tenant: str, user_ref: str, conversation_id: UUID
    ) -> list[MessageView]:
        """One of the person's conversations, oldest first; ConversationNotFound otherwise."""
        async with self.db.session() as session, session.begin():
            user = await find_user(session, platform=platform, tenant=tenant, external_id=user_ref)
            found = user and await conversations.get_conversation(
                session, user_id=user.id, conversation_id=conversation_id
            )
            if user is None or not found:
                raise ConversationNotFound(str(conversation_id))
            rows = await conversations.all_messages(
                session, user_id=user.id, conversation_id=conversation_id
            )
            return [
                MessageView(m.id, m.role, m.content, list(m.tool_calls), m.created_at) for m in rows
            ]

    async def _retrying(
        self, turn: Callable[[AsyncSession], Awaitable[Reply | None]]
    ) -> Reply | None:
        for attempt in range(1, self.policy.db_retries + 1):
            try:
                async with self.db.session() as session, session.begin():
                    return await turn(session)
            except (DBAPIError, PendingRollbackError) as error:
                # PendingRollbackError: the connection was lost inside a savepoint (a tool
                # reported it and carried on); the transaction is void, so re-run it whole.
                lost = isinstance(error, PendingRollbackError) or error.connection_invalidated
                if not lost or attempt == self.policy.db_retries:
                    raise
                log.warning("database connection lost; retrying the turn (%d)", attempt)
                await asyncio.sleep(0.2 * attempt)
        raise AssertionError("unreachable")

    async def _handle(self, session: AsyncSession, incoming: Incoming) -> Reply | None:
        if incoming.event_id and not await claim_event(
            session, source=incoming.platform, event_id=incoming.event_id
        ):
            return None
        user = await user_for(
            session,
            platform=incoming.platform,
            tenant=incoming.tenant,
            external_id=incoming.user_ref,
            display_name=incoming.display_name,
        )
        user = await lock_user(session, user=user)
        now = utcnow()
        if await over_limit(
            session, user_id=user.id, per_minute=self.policy.rate_limit_per_minute, now=now
        ):
            return Reply(text=RATE_LIMITED, rate_limited=True)
        conversation = await self._conversation(session, user, incoming)
        command = self._command(incoming)
        if command is not None and command.name == "new":
            conversation = await conversations.start_new_conversation(
                session, user_id=user.id, platform=incoming.platform, chat_key=conversation.chat_key
            )
            return Reply(text=NEW_CONVERSATION, conversation_id=conversation.id)

        history = await conversations.recent_messages(
            session,
            user_id=user.id,
            conversation_id=conversation.id,
            limit=self._history_window(),
        )
        text = incoming.text.strip()
        said = text if command is None or incoming.command is None else f"/{command.name} {text}"
        await conversations.add_message(
            session, conversation=conversation, role="user", content=said.strip(), created_at=now
        )
        context = ToolContext(
            session=session,
            user_id=user.id,
            conversation_id=conversation.id,
            confirmation_ttl_seconds=self.policy.confirmation_ttl_seconds,
        )
        answer = await self._answer(
            session, user, incoming, command, history, context, conversation
        )
        if isinstance(answer, Reply):
            reply = answer
        else:
            reply = Reply(text=answer, buttons=list(context.buttons))
        stored = await conversations.add_message(
            session,
            conversation=conversation,
            role="assistant",
            content=reply.history_text or reply.text,
            tool_calls=context.calls,
            created_at=max(utcnow(), now + timedelta(microseconds=1)),
        )
        reply.conversation_id = conversation.id
        reply.message_id = stored.id
        reply.created_at = stored.created_at
        reply.tool_calls = list(context.calls)
        return reply

    async def _answer(
        self,
        session: AsyncSession,
        user: User,
        incoming: Incoming,
        command: _Command | None,
        history: list,
        context: ToolContext,
        conversation: Conversation,
    ) -> Reply | str:
        """Run the command or the agent inside a savepoint: a failure undoes its effects."""
        try:
            async with session.begin_nested():
                if command is None:
                    return await self.agent.respond(
                        AgentTurn(text=incoming.text.strip(), history=history, tools=context)
                    )
                if command.name in self.commands:
                    call = CommandCall(session, user, incoming, command.args, context, conversation)
                    return await self.commands[command.name](call)
                if command.name in TOOL_COMMANDS:
                    return await TOOL_COMMANDS[command.name](context, command.args)
                return UNKNOWN_COMMAND.format(name=command.name)
        except SQLAlchemyError:
            raise
        except Exception:
            log.exception("the agent failed; its changes were rolled back")
            context.calls.clear()
            context.buttons.clear()
            return APOLOGY

    def _history_window(self) -> int:
        """The policy's window, or less when the agent says it reads less (the builtin engine)."""
        wanted = getattr(self.agent, "history_window", None)
        window = self.policy.history_window
        return min(window, wanted) if isinstance(wanted, int) and wanted > 0 else window

    def _command(self, incoming: Incoming) -> _Command | None:
        if incoming.command:
            return _Command(incoming.command.lower(), incoming.text.strip())
        parsed = parse_command(incoming.text)
        if parsed:
            return _Command(parsed.name, parsed.args)
        for route in self.text_routers:
            routed = route(incoming.text)
            if routed is not None:
                return _Command(*routed)
        return None

    async def _conversation(
        self, session: AsyncSession, user: User, incoming: Incoming
    ) -> Conversation:
        if incoming.conversation_id is not None:
            found = await conversations.get_conversation(
                session, user_id=user.id, conversation_id=incoming.conversation_id
            )
            if found is None:
                raise ConversationNotFound(str(incoming.conversation_id))
            return found
        return await conversations.active_conversation(
            session,
            user_id=user.id,
            platform=incoming.platform,
            chat_key=conversations.chat_key(incoming.chat_ref, incoming.thread_ref),
        )

    async def _press(self, session: AsyncSession, press: Press) -> Reply | None:
        if press.event_id and not await claim_event(
            session, source=f"{press.platform}:press", event_id=press.event_id
        ):
            return None
        user = await user_for(
            session,
            platform=press.platform,
            tenant=press.tenant,
            external_id=press.user_ref,
            display_name=press.display_name,
        )
        decision = await decide(session, token=press.token, user_id=user.id, action=press.action)
        if decision.outcome is Outcome.CONFIRMED and decision.confirmation is not None:
            action = self.confirm_actions.get(decision.confirmation.kind)
            if action is None:
                raise LookupError(
                    f"no action for confirmations of kind {decision.confirmation.kind}"
                )
            text = await action(session, decision.confirmation)
            reply = Reply(text=text)
        else:
            reply = explain(decision)
        reply.outcome = decision.outcome.value
        await self._record_press(session, decision, reply)
        return reply

    async def _record_press(self, session: AsyncSession, decision: Decision, reply: Reply) -> None:
        """The owner's decision goes into their conversation, so the agent knows what happened."""
        confirmation: Confirmation | None = decision.confirmation
        if reply.ephemeral or confirmation is None or confirmation.conversation_id is None:
            return
        conversation = await conversations.get_conversation(
            session, user_id=confirmation.user_id, conversation_id=confirmation.conversation_id
        )
        if conversation is None:
            return
        call = {
            "tool_name": f"{confirmation.kind}:{decision.outcome.value}",
            "input": {"subject": confirmation.subject},
            "result": {"ok": True, "message": reply.text},
            "ok": True,
            "executed_at": iso(utcnow()),
        }
        await conversations.add_message(
            session,
            conversation=conversation,
            role="assistant",
            content=reply.text,
            tool_calls=[call],
        )


@dataclass(frozen=True)
class _Command:
    name: str
    args: str
