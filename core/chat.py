"""ChatService: the door for conversations (handle a message, decide a press); its reads are
`ChatQueries`.

A turn is one transaction: the delivery is claimed (dedupe), the person found with their row
locked (so their turns run one at a time), the agent run, both messages stored, and only then
is anything committed. If the agent fails, the transaction is rolled back (nothing it did
stays) and the turn is stored again with an apology instead; if the database connection
drops, the whole turn is retried.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import timedelta

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel.ext.asyncio.session import AsyncSession

from core.agent.base import Agent, AgentTurn, AgentUnavailable
from core.clock import Clock, SystemClock
from core.commands import forms, typed_answers
from core.commands.extensions import CommandCall, CommandFunction, TextRouter
from core.commands.presses import CONFIRM_ACTIONS, ConfirmAction, decide_press
from core.commands.slash import TOOL_COMMANDS, parse_command
from core.commands.team_place import place_of
from core.conversation import confirmations, conversations
from core.conversation.conversations import NewMessage
from core.conversation.queries import ChatQueries, ConversationNotFound
from core.delivery import events, windows
from core.delivery.events import claim_event, release_event
from core.delivery.ratelimit import over_limit
from core.domain.zones import settle_zone
from core.message_text import excerpt, too_long, without_controls
from core.observe import NoObserver, TurnObserver
from core.people.identities import find_user, user_for
from core.people.membership import Memberships
from core.storage.db import Database, connection_lost, in_transaction
from core.storage.models import Conversation, User, iso, utcnow
from core.tools import DEFAULT_MAX_PENDING_REMINDERS, ToolContext
from core.tools.stored import kept_calls
from core.types import (
    HistoryMessage,
    Incoming,
    Press,
    Reply,
    tools_run,
)

log = logging.getLogger(__name__)

APOLOGY = "Sorry, I couldn't finish that just now, so I changed nothing. Please try again."
RATE_LIMITED = (
    "You're sending messages faster than I can keep up. Give me a minute, then try again."
)
PRESSING_TOO_FAST = "You're pressing buttons faster than I can keep up. Give me a minute."
NEW_CONVERSATION = "Started a fresh conversation. Your tasks are all still here."
UNKNOWN_COMMAND = "I don't know /{name}. Send /help to see what I can do."


class KeyReused(Exception):
    """An idempotency key already used for a different request (by the same person)."""


class _AgentFailed(Exception):
    """The agent or a command raised: the turn is rolled back and stored with an apology."""


@dataclass(frozen=True)
class ChatPolicy:
    history_window: int = 50
    confirmation_ttl_seconds: int = 600
    undo_window_seconds: int = 600
    rate_limit_per_minute: int = 30
    max_pending_reminders: int = DEFAULT_MAX_PENDING_REMINDERS
    db_retries: int = 3
    # The zone assumed for someone no platform and no message has told us about.
    default_timezone: str = "UTC"
    # How long a client's idempotency key keeps its first answer.
    idempotency_window: timedelta = timedelta(hours=24)


@dataclass(frozen=True)
class _Command:
    name: str
    args: str


@dataclass
class ChatService:
    db: Database
    agent: Agent
    policy: ChatPolicy = field(default_factory=ChatPolicy)
    commands: dict[str, CommandFunction] = field(default_factory=dict)
    memberships: Memberships = field(default_factory=Memberships)
    confirm_actions: dict[str, ConfirmAction] = field(default_factory=lambda: dict(CONFIRM_ACTIONS))
    text_routers: list[TextRouter] = field(default_factory=list)
    observer: TurnObserver = field(default_factory=NoObserver)
    # Presses leave no row of their own to count: a window shared by every process, twice
    # the message limit (a listing's Done buttons pressed in a row are fine).
    _presses: windows.Window = field(init=False, repr=False)

    def __post_init__(self) -> None:
        per_minute = self.policy.rate_limit_per_minute * 2
        self._presses = windows.request_window(self.db, per_minute, self.clock, scope="press")

    clock: Clock = field(default_factory=SystemClock)

    async def handle(self, incoming: Incoming, *, redelivered: bool = False) -> Reply | None:
        """Answer one message. None means this delivery was already handled and answered.

        A delivery's answer is kept until `answered` notes it as sent. `redelivered` (an
        earlier attempt may have died between its commit and its send) returns that kept
        answer for a delivery already applied, so it is sent after all. A client's
        idempotency key (`incoming.fingerprint` set) is such a delivery id whose answer is
        kept for `policy.idempotency_window`; KeyReused when it came with another request."""
        incoming = _screened(incoming)
        try:
            reply = await self._handle_once(incoming, redelivered=redelivered)
        except KeyReused:  # the client's mistake, not a failed turn
            raise
        except Exception:
            self.observer.failed(incoming.platform)
            raise
        self.observer.replied(incoming.platform, "message", reply)
        return reply

    async def _handle_once(self, incoming: Incoming, *, redelivered: bool) -> Reply | None:
        try:
            reply = await self._retrying(lambda session: self._kept(session, incoming))
        except _AgentFailed:
            reply = await self._retrying(
                lambda session: self._kept(session, incoming, apologise=True)
            )
        if reply is None and redelivered and incoming.event_id:
            return await self.unanswered(
                platform=incoming.platform,
                event_id=incoming.event_id,
                fingerprint=incoming.fingerprint,
            )
        return reply

    async def unanswered(
        self, *, platform: str, event_id: str, fingerprint: str | None = None
    ) -> Reply | None:
        """The answer to an applied delivery that was never sent (its worker died between
        the commit and the send); None when it was sent or cannot be sent again."""
        async with self.db.session() as session, session.begin():
            record = await events.unanswered_reply(session, source=platform, event_id=event_id)
        if record is None:
            return None
        if record.get("request") != fingerprint:
            raise KeyReused(event_id)
        return Reply.from_record(record)

    async def forget_expired_keys(self) -> int:
        """Drop idempotency keys older than their window, with their kept answers (and the
        rate limits' counted requests older than theirs)."""
        window = self.policy.idempotency_window
        async with self.db.session() as session, session.begin():
            await windows.forget_old_hits(session, now=self.clock.now())
            return await events.forget_expired_keys(session, older_than=window)

    async def answered(self, incoming: Incoming) -> None:
        """The answer to `incoming` reached the person: forget it. Best effort, as the send
        already happened; failing here can only mean one more send after a crash."""
        platform, event_id = incoming.platform, incoming.event_id
        if not event_id:
            return
        try:
            await self._retrying(
                lambda session: events.mark_answered(session, source=platform, event_id=event_id)
            )
        except SQLAlchemyError:
            log.warning("could not note that %s/%s was answered", platform, event_id)

    async def press(self, press: Press, *, redelivered: bool = False) -> Reply | None:
        """Decide one button press. None means this delivery was already handled; with
        `redelivered` and an idempotency key, the first decision's answer instead."""
        press = replace(
            press,
            token=without_controls(press.token),
            display_name=_screened_name(press.display_name),
        )
        if await self._presses.retry_after(f"{press.platform}|{press.tenant}|{press.user_ref}"):
            return Reply(text=PRESSING_TOO_FAST, ephemeral=True, outcome="rate_limited")
        try:
            reply = await self._retrying(lambda session: self._decided(session, press))
            if reply is None and redelivered and press.event_id and press.fingerprint:
                reply = await self.unanswered(
                    platform=_press_source(press),
                    event_id=press.event_id,
                    fingerprint=press.fingerprint,
                )
        except KeyReused:  # the client's mistake, not a failed turn
            raise
        except Exception:
            self.observer.failed(press.platform)
            raise
        self.observer.replied(press.platform, "press", reply)
        return reply

    async def remember_message(
        self, *, platform: str, tenant: str, user_ref: str, token: str, message_ref: str
    ) -> None:
        """The adapter sent the buttons of confirmation `token` as `message_ref` (its own
        string): kept so a typed answer can edit that message. Best effort, in its own small
        transaction after the send: without it the answer is only not shown there."""
        try:
            async with self.db.session() as session, session.begin():
                user = await find_user(
                    session, platform=platform, tenant=tenant, external_id=user_ref
                )
                if user is not None:
                    await confirmations.remember_message(
                        session, token=token, user_id=user.id, message_ref=message_ref
                    )
        except SQLAlchemyError:
            log.warning("could not note where the buttons of a confirmation were sent")

    async def submit_form(self, form: forms.TaskForm) -> forms.FormResult:
        """Save a task form through the tools, once; errors by field store nothing."""
        ttl, zone = self.policy.confirmation_ttl_seconds, self.policy.default_timezone
        now = self.clock.now()
        try:
            return await in_transaction(
                self.db,
                lambda session: forms.save(
                    session, form, ttl_seconds=ttl, now=now, default_timezone=zone
                ),
                retries=self.policy.db_retries,
            )
        except forms.FormRefused as refused:
            return forms.FormResult(errors=refused.errors)

    async def _retrying(
        self, turn: Callable[[AsyncSession], Awaitable[Reply | None]]
    ) -> Reply | None:
        return await in_transaction(self.db, turn, retries=self.policy.db_retries)

    async def _kept(
        self, session: AsyncSession, incoming: Incoming, *, apologise: bool = False
    ) -> Reply | None:
        reply = await self._handle(session, incoming, apologise=apologise)
        if reply is not None and incoming.event_id:
            await self._keep(
                session, incoming.platform, incoming.event_id, reply, incoming.fingerprint
            )
        return reply

    async def _decide(self, session: AsyncSession, press: Press) -> Reply | None:
        return await decide_press(
            session,
            press,
            self.confirm_actions,
            ttl_seconds=self.policy.confirmation_ttl_seconds,
            default_timezone=self.policy.default_timezone,
            undo_window_seconds=self.policy.undo_window_seconds,
            now=self.clock.now(),
        )

    async def _decided(self, session: AsyncSession, press: Press) -> Reply | None:
        """A press; one with an idempotency key is claimed here, so its answer is kept."""
        if not (press.event_id and press.fingerprint):
            return await self._decide(session, press)
        source = _press_source(press)
        if not await claim_event(
            session,
            source=source,
            event_id=press.event_id,
            expires_after=self.policy.idempotency_window,
        ):
            return None
        reply = await self._decide(session, replace(press, event_id=None))
        if reply is not None:
            await self._keep(session, source, press.event_id, reply, press.fingerprint)
        return reply

    async def _keep(
        self,
        session: AsyncSession,
        source: str,
        event_id: str,
        reply: Reply,
        fingerprint: str | None,
    ) -> None:
        """Keep the answer with the delivery's claim. For an idempotency key it is kept
        whatever it holds (a secret as the history shows it, without a file), except a
        rate-limit refusal, which changed nothing: the key is released for a later retry."""
        if fingerprint is None:
            record = reply.to_record()
        elif reply.rate_limited:
            await release_event(session, source=source, event_id=event_id)
            return
        else:
            record = {**reply.to_redacted_record(), "request": fingerprint}
        if record is not None:
            await events.keep_reply(session, source=source, event_id=event_id, reply=record)

    async def _handle(
        self, session: AsyncSession, incoming: Incoming, *, apologise: bool = False
    ) -> Reply | None:
        if incoming.event_id and not await claim_event(
            session,
            source=incoming.platform,
            event_id=incoming.event_id,
            expires_after=self.policy.idempotency_window if incoming.fingerprint else None,
        ):
            return None
        user = await user_for(
            session,
            platform=incoming.platform,
            tenant=incoming.tenant,
            external_id=incoming.user_ref,
            display_name=incoming.display_name,
            lock=True,
        )
        now = self.clock.now()
        zone, assumed = settle_zone(
            user,
            incoming.timezone,
            self.policy.default_timezone,
            guessed=incoming.guessed_timezone,
        )
        if await over_limit(
            session, user_id=user.id, per_minute=self.policy.rate_limit_per_minute, now=now
        ):
            return Reply(text=RATE_LIMITED, rate_limited=True)
        window = 0 if apologise else self._history_window()
        conversation, history = await self._conversation(session, user, incoming, window)
        if (refusal := too_long(incoming.text)) is not None:
            stored = NewMessage("assistant", refusal, now + timedelta(microseconds=1))
            await conversations.write_messages(
                session,
                conversation=conversation,
                messages=[NewMessage("user", excerpt(incoming.text), now), stored],
            )
            return _addressed(
                Reply(text=refusal), conversation, stored, ToolContext(session, user.id)
            )
        command = self._command(incoming)
        if command is not None and command.name == "new":
            conversation = await conversations.start_new_conversation(
                session, user_id=user.id, platform=incoming.platform, chat_key=conversation.chat_key
            )
            return Reply(text=NEW_CONVERSATION, conversation_id=conversation.id)

        text = incoming.text.strip()
        said = text if command is None or incoming.command is None else f"/{command.name} {text}"
        unwritten = [NewMessage("user", said.strip(), now)]
        if command is not None or typed_answers.typed_answer(text) is not None:
            # A command or a typed answer may read or move the person's messages (an export
            # counts this one, a link moves it); an agent's tools never do, so an agent turn
            # writes it with the reply, in one INSERT.
            await conversations.write_messages(
                session, conversation=conversation, messages=unwritten
            )
            unwritten = []
        context = ToolContext(
            session=session,
            user_id=user.id,
            conversation_id=conversation.id,
            confirmation_ttl_seconds=self.policy.confirmation_ttl_seconds,
            now=now,
            zone=zone,
            zone_assumed=assumed,
            list_controls=incoming.list_controls,
            page_controls=incoming.page_controls,
            undo_window_seconds=self.policy.undo_window_seconds,
            max_pending_reminders=self.policy.max_pending_reminders,
            place=place_of(incoming),
        )
        typed = None
        if not apologise and command is None:
            typed = await self._typed_answer(session, user, incoming, context, conversation)
        if apologise:
            reply = Reply(text=APOLOGY, failed=True)
        elif typed is not None:
            reply = typed
        else:
            answer = await self._answer(user, incoming, command, history, context, conversation)
            reply = (
                answer
                if isinstance(answer, Reply)
                else Reply(text=answer, buttons=list(context.buttons))
            )
            if not tools_run(context.calls) and not reply.buttons:
                await self._remind_pending(session, user, conversation, reply)
        stored = NewMessage(
            "assistant",
            reply.history_text or reply.text,
            max(self.clock.now(), now + timedelta(microseconds=1)),
            tool_calls=kept_calls(context.calls),
        )
        await conversations.write_messages(
            session, conversation=conversation, messages=[*unwritten, stored]
        )
        return _addressed(reply, conversation, stored, context)

    async def _answer(
        self,
        user: User,
        incoming: Incoming,
        command: _Command | None,
        history: list[HistoryMessage],
        context: ToolContext,
        conversation: Conversation,
    ) -> Reply | str:
        """Run the command or the agent. A lost connection is raised, so the turn is retried
        whole; any other failure (a database error included) voids it, for an apology."""
        try:
            if command is None:
                started = time.perf_counter()
                try:
                    return await self.agent.respond(
                        AgentTurn(text=incoming.text.strip(), history=history, tools=context)
                    )
                finally:
                    self.observer.agent_answered(time.perf_counter() - started)
            if command.name in self.commands:
                call = CommandCall(
                    context.session, user, incoming, command.args, context, conversation
                )
                return await self.commands[command.name](call)
            if command.name in TOOL_COMMANDS:
                return await TOOL_COMMANDS[command.name](context, command.args)
            return UNKNOWN_COMMAND.format(name=command.name)
        except Exception as failure:
            lost = _lost_connection(failure)
            if lost is not None:
                raise lost from lost.__cause__  # keep the driver error as the cause
            if isinstance(failure, AgentUnavailable):  # its backend logged why, in one line
                log.debug("the agent could not answer; the turn is rolled back", exc_info=True)
            else:
                log.exception("the agent failed; the turn is rolled back")
            raise _AgentFailed from failure

    async def _typed_answer(
        self,
        session: AsyncSession,
        user: User,
        incoming: Incoming,
        context: ToolContext,
        conversation: Conversation,
    ) -> Reply | None:
        """A typed yes or no that decides this conversation's pending confirmation."""
        reply = await typed_answers.answer_pending(
            session,
            user_id=user.id,
            conversation_id=conversation.id,
            platform=incoming.platform,
            user_ref=incoming.user_ref,
            text=incoming.text,
            actions=self.confirm_actions,
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

    async def _remind_pending(
        self, session: AsyncSession, user: User, conversation: Conversation, reply: Reply
    ) -> None:
        """A turn that did nothing while a question waits says how to answer it."""
        pending = await typed_answers.pending_here(
            session, user_id=user.id, conversation_id=conversation.id, now=self.clock.now()
        )
        if pending is not None:
            reply.text = f"{reply.text}\n\n{typed_answers.how_to_answer(pending)}"

    def _history_window(self) -> int:
        """The policy's window, or less when the agent says it reads less (the builtin engine)."""
        wanted = self.agent.history_window
        window = self.policy.history_window
        return min(window, wanted) if wanted is not None and wanted > 0 else window

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
        self, session: AsyncSession, user: User, incoming: Incoming, window: int
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


def queries_for(chat: ChatService) -> ChatQueries:
    """The reads over the same database, clock and default zone as `chat`'s turns."""
    return ChatQueries(chat.db, clock=chat.clock, default_timezone=chat.policy.default_timezone)


def _press_source(press: Press) -> str:
    return f"{press.platform}:press"  # as `decide_press` claims a platform's presses


def _lost_connection(failure: BaseException) -> SQLAlchemyError | None:
    """The lost-connection error behind a failure, even one an agent library wrapped."""
    seen: set[int] = set()
    current: BaseException | None = failure
    while current is not None and id(current) not in seen:
        if isinstance(current, SQLAlchemyError) and connection_lost(current):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def _screened(incoming: Incoming) -> Incoming:
    """The message without the control characters no retry could get past (see
    `core.message_text`)."""
    return replace(
        incoming,
        text=without_controls(incoming.text),
        display_name=_screened_name(incoming.display_name),
    )


def _screened_name(name: str | None) -> str | None:
    return without_controls(name) if name is not None else None


def _addressed(
    reply: Reply, conversation: Conversation, stored: NewMessage, context: ToolContext
) -> Reply:
    reply.conversation_id = conversation.id
    reply.message_id = stored.id
    reply.created_at = stored.created_at
    reply.tool_calls = tools_run(context.calls)
    reply.dates = list(context.dates)
    return reply
