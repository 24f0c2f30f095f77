"""The five tools for a client outside any conversation (an MCP client): the other front door.

Each call is one transaction, like a chat turn: the person's row is locked (their calls run one
at a time), the per-person rate limit is checked over their audited tool calls, and the same
tool function runs with the same validation, audit row and envelope as in a chat. A delete is
never decided by the caller's arguments: it is a pending confirmation (`ask_delete`), and only
the person's own answer to it, relayed by the client, decides it (`answer_delete`), once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from core import tools
from core.clock import Clock, SystemClock
from core.commands.presses import CONFIRM_ACTIONS, decide_confirmation
from core.conversation.confirmations import Outcome, confirmed_task
from core.delivery.ratelimit import tool_calls_over_limit
from core.domain import task_pages
from core.domain.zones import settle_zone
from core.observe import NoObserver, TurnObserver
from core.people.identities import find_user, user_for
from core.storage.db import Database, in_transaction
from core.storage.models import User
from core.tools import (
    DEFAULT_MAX_PENDING_REMINDERS,
    Envelope,
    ToolContext,
    ToolFunction,
    failure,
    ok,
)
from core.types import Action, Press, Reply

OBSERVED_AS = "mcp"  # the platform label of these calls in the metrics
RESOURCE_TASKS = 100  # the open tasks resource: the first so many (list_tasks pages on)
RATE_LIMITED = (
    "Too many calls in the last minute. Wait a minute, then try again; nothing was changed."
)


@dataclass(frozen=True)
class Account:
    """Whose list a remote client works on: one platform account, as in `Incoming`."""

    platform: str
    external_id: str
    tenant: str = ""
    display_name: str | None = None


@dataclass
class RemoteTools:
    db: Database
    rate_limit_per_minute: int = 30
    confirmation_ttl_seconds: int = 600
    max_pending_reminders: int = DEFAULT_MAX_PENDING_REMINDERS
    db_retries: int = 3
    default_timezone: str = "UTC"
    clock: Clock = field(default_factory=SystemClock)
    observer: TurnObserver = field(default_factory=NoObserver)

    async def call(
        self, account: Account, tool: ToolFunction, arguments: dict[str, Any]
    ) -> Envelope:
        """Run one tool for the account, in a transaction of its own."""

        async def run(context: ToolContext) -> Envelope:
            return await tool(context, **arguments)

        return await self._as(account, run)

    async def open_tasks(self, account: Account) -> tuple[list[dict[str, Any]], int]:
        """The person's first `RESOURCE_TASKS` pending tasks by number as the tools describe
        them, and how many there are in all; read-only (a stranger has none)."""

        async def read(session: AsyncSession) -> tuple[list[dict[str, Any]], int]:
            user = await self._find(session, account)
            if user is None:
                return [], 0
            zone, _assumed = settle_zone(user, None, self.default_timezone)
            page = await task_pages.read_page(
                session,
                user_id=user.id,
                filters=task_pages.Filters(status="pending"),
                now=self.clock.now(),
                zone=zone,
                limit=RESOURCE_TASKS,
            )
            return [tools.describe(task, zone) for task in page.tasks], page.total

        return await in_transaction(self.db, read, retries=self.db_retries)

    async def ask_delete(
        self, account: Account, arguments: dict[str, Any]
    ) -> tuple[Envelope, str | None]:
        """The chat's delete: a pending confirmation, and its token for the person's answer
        (None when the delete was refused: no such task, several, a wrong argument)."""
        token: str | None = None

        async def run(context: ToolContext) -> Envelope:
            nonlocal token
            asked = await tools.delete_task(context, **arguments)
            token = next((b.token for b in context.buttons if b.action is Action.CONFIRM), None)
            return asked

        envelope = await self._as(account, run)
        return envelope, token if envelope.ok else None

    async def answer_delete(self, account: Account, token: str, action: Action) -> Envelope:
        """The person answered the question of confirmation `token`: it is decided at once,
        like its button, by one conditional update, so an answer sent again (or replayed
        later) decides nothing more, whatever happened to the task since."""

        async def run(context: ToolContext) -> Envelope:
            reply = await decide_confirmation(
                context.session,
                user_id=context.user_id,
                press=Press(account.platform, account.external_id, token, action, account.tenant),
                actions={"delete_task": CONFIRM_ACTIONS["delete_task"]},
                remember=False,
                now=context.now,
            )
            task = await self._asked_about(context, token)
            if reply.outcome == Outcome.CONFIRMED:
                return ok(reply.text, status="deleted", task=task)
            if reply.outcome == Outcome.CANCELLED:
                envelope = ok(reply.text, status="kept", task=task)
            else:
                envelope = failure(
                    "ALREADY_DECIDED" if reply.outcome == Outcome.ALREADY_DECIDED else "EXPIRED",
                    reply.text,
                    "Nothing was deleted now. Ask to delete the task again if it should go.",
                )
            await context.audit(f"delete_task.{reply.outcome}", {"answer": action.value}, envelope)
            return envelope

        return await self._as(account, run)

    @staticmethod
    async def _asked_about(context: ToolContext, token: str) -> dict[str, Any] | None:
        """The task a delete question was about, as the tools describe it (in the trash too)."""
        found = await confirmed_task(context.session, user_id=context.user_id, token=token)
        return tools.describe(found, context.zone) if found is not None else None

    async def _as(
        self, account: Account, work: Callable[[ToolContext], Awaitable[Envelope]]
    ) -> Envelope:
        calls: list[dict[str, Any]] = []

        async def turn(session: AsyncSession) -> Envelope:
            calls.clear()  # a retried transaction starts over
            user = await user_for(
                session,
                platform=account.platform,
                tenant=account.tenant,
                external_id=account.external_id,
                display_name=account.display_name,
                lock=True,
            )
            now = self.clock.now()
            if await tool_calls_over_limit(
                session, user_id=user.id, per_minute=self.rate_limit_per_minute, now=now
            ):
                return failure("RATE_LIMITED", RATE_LIMITED, "Wait a minute before calling again.")
            zone, assumed = settle_zone(user, None, self.default_timezone)
            context = ToolContext(
                session=session,
                user_id=user.id,
                confirmation_ttl_seconds=self.confirmation_ttl_seconds,
                now=now,
                zone=zone,
                zone_assumed=assumed,
                max_pending_reminders=self.max_pending_reminders,
            )
            envelope = await work(context)
            calls.extend(context.calls)
            return envelope

        try:
            envelope = await in_transaction(self.db, turn, retries=self.db_retries)
        except Exception:
            self.observer.failed(OBSERVED_AS)
            raise
        limited = envelope.error == "RATE_LIMITED"
        done = Reply(text=envelope.message, tool_calls=calls, rate_limited=limited)
        self.observer.replied(OBSERVED_AS, "tool", done)
        return envelope

    async def _find(self, session: AsyncSession, account: Account) -> User | None:
        return await find_user(
            session,
            platform=account.platform,
            tenant=account.tenant,
            external_id=account.external_id,
        )

    async def known(self, account: Account) -> bool:
        """Whether todobot has seen the account (for `--as`, which must name a real one)."""

        async def read(session: AsyncSession) -> bool:
            return await self._find(session, account) is not None

        return await in_transaction(self.db, read, retries=self.db_retries)
