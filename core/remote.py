"""The five tools for a client outside any conversation (an MCP client): the other front door.

Each call is one transaction, like a chat turn: the person's row is locked (their calls run one
at a time), the per-person rate limit is checked over their audited tool calls, and the same
tool function runs with the same validation, audit row and envelope as in a chat. A delete is
never decided by the caller's arguments: it is asked first (`delete_target`), and only the
person's own answer, relayed by the client, reaches `decide_delete`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core.clock import Clock, SystemClock
from core.conversation.confirmations import Outcome, decide
from core.conversation.presses import CONFIRM_ACTIONS, explain
from core.delivery.ratelimit import tool_calls_over_limit
from core.domain import tasks as task_service
from core.domain import tools
from core.domain.tools import Envelope, ToolContext, ToolFunction, failure, ok
from core.domain.zones import settle_zone
from core.observe import NoObserver, TurnObserver
from core.people.identities import find_user, user_for
from core.storage.db import Database, in_transaction
from core.storage.models import User
from core.types import Action, Reply

OBSERVED_AS = "mcp"  # the platform label of these calls in the metrics
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


@dataclass(frozen=True)
class DeleteTarget:
    """The task a delete would remove, as the person is asked about it."""

    id: UUID
    number: int
    title: str

    @property
    def label(self) -> str:
        return f"#{self.number} “{self.title}”"


@dataclass
class RemoteTools:
    db: Database
    rate_limit_per_minute: int = 30
    confirmation_ttl_seconds: int = 600
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

    async def open_tasks(self, account: Account) -> list[dict[str, Any]]:
        """The person's pending tasks as the tools describe them, read-only (a stranger has
        none)."""

        async def read(session: AsyncSession) -> list[dict[str, Any]]:
            user = await self._find(session, account)
            if user is None:
                return []
            zone, _assumed = settle_zone(user, None, self.default_timezone)
            found = await task_service.list_tasks(session, user_id=user.id, status="pending")
            return [tools.describe(task, zone) for task in found]

        return await in_transaction(self.db, read, retries=self.db_retries)

    async def delete_target(self, account: Account, task_identifier: str) -> DeleteTarget | None:
        """The one task a delete would ask about; None when the reference does not name exactly
        one (the delete itself then answers why, through the tool)."""

        async def read(session: AsyncSession) -> DeleteTarget | None:
            user = await self._find(session, account)
            if user is None:
                return None
            try:
                task = await task_service.resolve_task(
                    session, user_id=user.id, ref=task_identifier
                )
            except task_service.TaskError:
                return None
            return DeleteTarget(task.id, task.number, task.title)

        return await in_transaction(self.db, read, retries=self.db_retries)

    async def request_delete(self, account: Account, task_identifier: str) -> Envelope:
        """The chat's delete: a pending confirmation the person decides with a Confirm button
        where they talk to todobot (the console shows it when it starts)."""
        return await self.call(account, tools.delete_task, {"task_identifier": task_identifier})

    async def decide_delete(
        self, account: Account, target: DeleteTarget, action: Action
    ) -> Envelope:
        """The person answered: the same pending confirmation as a button, decided at once.

        The confirmation is claimed with one conditional update, so a retried answer cannot
        delete twice; a task gone in the meantime is reported, not guessed at."""

        async def run(context: ToolContext) -> Envelope:
            asked = await tools.delete_task(context, task_identifier=str(target.id))
            if not asked["ok"]:
                return asked
            token = next(b.token for b in context.buttons if b.action is Action.CONFIRM)
            decision = await decide(
                context.session, token=token, user_id=context.user_id, action=action
            )
            if decision.outcome is Outcome.CONFIRMED and decision.confirmation is not None:
                done = await CONFIRM_ACTIONS["delete_task"](context.session, decision.confirmation)
                message = done.text if isinstance(done, Reply) else done
                return ok(message, status="deleted", task=asked["data"]["task"])
            status = "kept" if decision.outcome is Outcome.CANCELLED else decision.outcome.value
            return ok(explain(decision).text, status=status, task=asked["data"]["task"])

        return await self._as(account, run)

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
            )
            envelope = await work(context)
            calls.extend(context.calls)
            return envelope

        try:
            envelope = await in_transaction(self.db, turn, retries=self.db_retries)
        except Exception:
            self.observer.failed(OBSERVED_AS)
            raise
        limited = envelope["error"] == "RATE_LIMITED"
        done = Reply(text=envelope["message"], tool_calls=calls, rate_limited=limited)
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
