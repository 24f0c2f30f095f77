"""ChatService: the door for conversations (handle a message, decide a press); its reads are
`ChatQueries`.

A turn is one transaction: the delivery claimed (dedupe), the person's row locked (their turns
run one at a time), the agent run, both messages stored, then the commit. An agent that fails
rolls back all it did and the turn is stored with an apology; a dropped connection retries it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import timedelta

from sqlmodel.ext.asyncio.session import AsyncSession

from core.agent.base import Agent
from core.chat import turn_parts
from core.chat.answering import Answering
from core.chat.kept import decided, keep_answer, kept_reply, note_send
from core.chat.policy import (
    NEW_CONVERSATION,
    PRESSING_TOO_FAST,
    RATE_LIMITED,
    ChatPolicy,
    KeyReused,
)
from core.chat.screening import (
    AgentFailed,
    addressed,
    press_source,
    screened,
    screened_name,
)
from core.chat.sent_buttons import remember_sent_buttons
from core.clock import Clock, SystemClock
from core.commands import forms, typed_answers
from core.commands.extensions import CommandFunction, Memberships, TextRouter
from core.commands.press_actions import PressAction
from core.commands.presses import CONFIRM_ACTIONS, ConfirmAction
from core.conversation import conversations
from core.conversation.message_writes import NewMessage, write_messages
from core.delivery import events, windows
from core.delivery.events import claim_event
from core.delivery.ratelimit import over_limit
from core.domain.zones import settle_zone
from core.message_text import too_long, without_controls
from core.observe import NoObserver, TurnObserver
from core.people import seen_names
from core.people.identities import user_for
from core.storage.db import Database, in_transaction
from core.tools.stored import kept_calls
from core.types import Action, Incoming, Press, Reply

log = logging.getLogger(__name__)


@dataclass
class ChatService:
    db: Database
    agent: Agent
    policy: ChatPolicy = field(default_factory=ChatPolicy)
    commands: dict[str, CommandFunction] = field(default_factory=dict)
    memberships: Memberships = field(default_factory=Memberships)
    confirm_actions: dict[str, ConfirmAction] = field(default_factory=lambda: dict(CONFIRM_ACTIONS))
    text_routers: list[TextRouter] = field(default_factory=list)
    press_actions: dict[Action, PressAction] = field(default_factory=dict)
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
        incoming = screened(incoming)
        try:
            reply = await self._handle_once(incoming, redelivered=redelivered)
        except (KeyReused, events.SendInFlight):  # not a failed turn
            raise
        except Exception:
            self.observer.failed(incoming.platform)
            raise
        self.observer.replied(incoming.platform, "message", reply)
        return reply

    async def _handle_once(self, incoming: Incoming, *, redelivered: bool) -> Reply | None:
        try:
            reply = await self._retrying(lambda session: self._kept(session, incoming))
        except AgentFailed:
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
        return await kept_reply(
            self.db,
            source=platform,
            event_id=event_id,
            fingerprint=fingerprint,
            now=self.clock.now(),
            claim=self.policy.send_claim,
        )

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
        await note_send(self.db, incoming, events.mark_answered, retries=self.policy.db_retries)

    async def unsent(self, incoming: Incoming) -> None:
        """Sending the answer to `incoming` failed: let its send go, so the delivery's next
        attempt sends it at once (else it waits for the claim to run out)."""
        await note_send(self.db, incoming, events.release_send, retries=self.policy.db_retries)

    async def press(self, press: Press, *, redelivered: bool = False) -> Reply | None:
        """Decide one button press. None means this delivery was already handled; with
        `redelivered` and an idempotency key, the first decision's answer instead."""
        press = replace(
            press,
            token=without_controls(press.token),
            display_name=screened_name(press.display_name),
        )
        if await self._presses.retry_after(f"{press.platform}|{press.tenant}|{press.user_ref}"):
            return Reply(text=PRESSING_TOO_FAST, ephemeral=True, outcome="rate_limited")
        try:
            reply = await self._retrying(lambda session: self._decided(session, press))
            if reply is None and redelivered and press.event_id and press.fingerprint:
                reply = await self.unanswered(
                    platform=press_source(press),
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
        """The adapter sent the buttons of confirmation `token` as `message_ref` (see
        `core.chat.sent_buttons`)."""
        await remember_sent_buttons(
            self.db,
            platform=platform,
            tenant=tenant,
            user_ref=user_ref,
            token=token,
            message_ref=message_ref,
        )

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
            until = self.clock.now() + self.policy.send_claim
            await keep_answer(
                session,
                incoming.platform,
                incoming.event_id,
                reply,
                incoming.fingerprint,
                sending_until=until,
            )
        return reply

    async def _decided(self, session: AsyncSession, press: Press) -> Reply | None:
        return await decided(
            session,
            press,
            self.confirm_actions,
            policy=self.policy,
            now=self.clock.now(),
            press_actions=self.press_actions,
        )

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
        await seen_names.note(session, incoming)
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
        window = 0 if apologise else turn_parts.history_window(self.agent, self.policy)
        conversation, history = await turn_parts.conversation_of(session, user, incoming, window)
        if (refusal := too_long(incoming.text)) is not None:
            return await turn_parts.refused_as_too_long(
                session, user, conversation, incoming, refusal, now
            )
        command = turn_parts.command_of(incoming, self.text_routers)
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
            await write_messages(session, conversation=conversation, messages=unwritten)
            unwritten = []
        context = turn_parts.tool_context(
            session, user, conversation, incoming, self.policy, now, zone, assumed
        )
        answering = Answering(
            self.agent, self.commands, self.observer, self.confirm_actions, self.clock
        )
        reply = await answering.reply(
            session, user, incoming, command, history, context, conversation, apologise=apologise
        )
        stored = NewMessage(
            "assistant",
            reply.history_text or reply.text,
            max(self.clock.now(), now + timedelta(microseconds=1)),
            tool_calls=kept_calls(context.calls),
        )
        await write_messages(session, conversation=conversation, messages=[*unwritten, stored])
        return addressed(reply, conversation, stored, context)
