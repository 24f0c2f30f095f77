"""Test drivers that read like the product: `await chat.push("add milk")`."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from sqlmodel import col, select

from core import tools
from core.agent.base import Agent, AgentTurn
from core.agent.builtin import BuiltinAgent
from core.chat import ChatService
from core.chat.policy import ChatPolicy
from core.clock import PinnedClock
from core.storage import audit
from core.storage.audit import AuditEntry
from core.storage.db import Database
from core.storage.models import Identity, Task
from core.types import Action, Incoming, Press, Reply
from tests.standin import CommandLineAgent


@dataclass
class ScriptedAgent(Agent):
    """Reads messages as command lines, unless a test queued exact tool calls for a turn.

    `queue(("complete_task", {"task_identifier": "2"}))` makes the next turn make exactly
    those calls; `fail_next()` makes it raise after them, as a broken model would.
    """

    planned: list[list[tuple[str, dict[str, Any]]]] = field(default_factory=list)
    failing: bool = False
    turns: list[AgentTurn] = field(default_factory=list)

    def queue(self, *calls: tuple[str, dict[str, Any]]) -> None:
        self.planned.append(list(calls))

    def fail_next(self) -> None:
        self.failing = True

    async def respond(self, turn: AgentTurn) -> str:
        self.turns.append(turn)
        if not self.planned:
            answer = await CommandLineAgent().respond(turn)
        else:
            messages = []
            for name, arguments in self.planned.pop(0):
                tool = tools.TOOL_REGISTRY[cast(tools.ToolName, name)]
                messages.append((await tool(turn.tools, **arguments)).message)
            answer = " ".join(messages)
        if self.failing:
            self.failing = False
            raise RuntimeError("the model went away")
        return answer


def build_chat(database: Database, agent: Any, **policy: Any) -> ChatService:
    return ChatService(db=database, agent=agent, policy=ChatPolicy(**policy))


def builtin_chat(database: Database, at: datetime) -> ChatDriver:
    """Alice and the builtin engine, on a clock that stands at `at`, without a rate limit."""
    service = ChatService(
        db=database,
        agent=BuiltinAgent(),
        policy=ChatPolicy(rate_limit_per_minute=0),
        clock=PinnedClock(at, frozen=True),
    )
    return ChatDriver(service, database)


@dataclass
class ChatDriver:
    """One person in one chat. `as_user("bob")` gives another person on the same service."""

    service: ChatService
    database: Database
    user: str = "alice"
    platform: str = "console"
    chat_ref: str = "terminal"
    last: Reply | None = None

    def as_user(self, user: str, **changes: Any) -> ChatDriver:
        return ChatDriver(
            self.service,
            self.database,
            user=user,
            platform=changes.get("platform", self.platform),
            chat_ref=changes.get("chat_ref", f"{user}-chat"),
        )

    async def push(self, text: str, **fields: Any) -> Reply | None:
        incoming = Incoming(
            platform=self.platform,
            user_ref=self.user,
            chat_ref=self.chat_ref,
            text=text,
            **fields,
        )
        reply = await self.service.handle(incoming)
        if reply is not None:
            self.last = reply
        return reply

    async def say(self, text: str, **fields: Any) -> str:
        reply = await self.push(text, **fields)
        assert reply is not None, f"{text!r} was treated as a duplicate"
        return reply.text

    async def press(
        self, action: str = "confirm", *, reply: Reply | None = None, event_id: str | None = None
    ) -> Reply | None:
        source = reply or self.last
        assert source is not None and source.buttons, "no buttons to press"
        token = source.buttons[0].token
        return await self.service.press(
            Press(
                platform=self.platform,
                user_ref=self.user,
                token=token,
                action=Action(action),
                event_id=event_id,
            )
        )

    async def user_id(self):
        async with self.database.session() as session:
            identity = (
                await session.exec(
                    select(Identity).where(
                        Identity.platform == self.platform, Identity.external_id == self.user
                    )
                )
            ).one()
            return identity.user_id

    async def tasks(self, *, in_trash: bool = False) -> list[Task]:
        """The person's tasks as they see them (deleted ones only `in_trash`)."""
        user_id = await self.user_id()
        deleted = col(Task.deleted_at)
        async with self.database.session() as session:
            result = await session.exec(
                select(Task)
                .where(Task.user_id == user_id)
                .where(deleted.is_not(None) if in_trash else deleted.is_(None))
                .order_by(col(Task.number))
            )
            return list(result.all())

    async def titles(self) -> list[str]:
        return [task.title for task in await self.tasks()]

    async def audit(self) -> list[AuditEntry]:
        user_id = await self.user_id()
        async with self.database.session() as session:
            return await audit.entries(session, user_id=user_id)
