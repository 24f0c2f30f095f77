"""The turn's `ToolContext`: who the tools act for (the user travels here, never in the
arguments), and what they did this turn."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any
from uuid import UUID
from zoneinfo import ZoneInfo

from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain import task_titles
from core.domain.changes import Journal
from core.domain.listing import is_listing_button
from core.domain.lists import Place
from core.domain.task_selection import list_tasks
from core.storage import audit
from core.storage.audit import AuditEntry
from core.storage.models import Task, iso, utcnow
from core.tools.buttons import undo_button
from core.tools.envelope import Envelope
from core.tools.stored import kept_result
from core.types import AGENT_NOTE, Action, Button, DateMention

DEFAULT_MAX_PENDING_REMINDERS = 200


@dataclass
class ToolContext:
    """Who the tools act for, and what they did this turn.

    `session` is the turn's transaction, for the tools and the core's own commands. An agent
    never touches it: it acts through the tools and reads through `open_tasks`, and audits a
    call it could not make with `audit`."""

    session: AsyncSession
    user_id: UUID
    conversation_id: UUID | None = None
    confirmation_ttl_seconds: int = 600
    # Where the message came from, when it was a shared place (a channel, a group): the
    # one place whose shared list this turn may touch. Never taken from what was typed.
    place: Place | None = None
    # The turn's one "now" (from ChatService's clock) and the person's zone; `zone_assumed`
    # says nobody has told us the zone yet, so replies that show a time should say so.
    now: datetime = field(default_factory=utcnow)
    zone: tzinfo = field(default_factory=lambda: ZoneInfo("UTC"))
    zone_assumed: bool = False
    undo_window_seconds: int = 600
    calls: list[dict[str, Any]] = field(default_factory=list)
    # the due dates replies showed this turn, for platforms that localise them per reader
    dates: list[DateMention] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # The place shows a Done button per listed open task (a DM or a private chat).
    list_controls: bool = False
    # The place shows only a long listing's More button (`Incoming.page_controls`).
    page_controls: bool = False
    # The most reminders one person may have waiting (MAX_PENDING_REMINDERS).
    max_pending_reminders: int = DEFAULT_MAX_PENDING_REMINDERS

    # The builtin engine's own lookups read a listing whole (it stores none of them).
    whole_listings: bool = False

    def offer_listing(self, buttons: list[Button]) -> None:
        """The latest listing's Done and More buttons, unless a question's buttons are
        waiting; a place with only page controls keeps More."""
        if any(not is_listing_button(b) for b in self.buttons):
            return
        if self.list_controls:
            self.buttons = buttons
        elif self.page_controls:
            self.buttons = [b for b in buttons if b.action is Action.MORE]

    _journal: Journal | None = None

    @property
    def journal(self) -> Journal:
        """Where this turn's changes are recorded; they share one token (the Undo button's)."""
        if self._journal is None:
            self._journal = Journal(
                user_id=self.user_id, conversation_id=self.conversation_id, now=self.now
            )
        return self._journal

    async def audit(
        self,
        action: str,
        arguments: dict[str, Any],
        result: Envelope,
        *,
        duration_ms: float = 0.0,
        user_id: UUID | None = None,
    ) -> AuditEntry:
        """Audit one tool call of this turn (for `user_id`, when that is not the turn's
        person), and keep it in the history of the reply that answers it."""
        return await self.record(
            action, arguments, result.as_json(), duration_ms=duration_ms, user_id=user_id
        )

    async def record(
        self,
        action: str,
        arguments: dict[str, Any],
        result: dict[str, Any],
        *,
        duration_ms: float = 0.0,
        user_id: UUID | None = None,
    ) -> AuditEntry:
        """Audit a call whose result is already JSON (a command's own, not a tool's)."""
        entry = AuditEntry(
            user_id=user_id or self.user_id,
            conversation_id=self.conversation_id,
            action=action,
            input=arguments,
            result=kept_result(result),
            ok=bool(result["ok"]),
            duration_ms=duration_ms,
        )
        await audit.record(self.session, entry)
        # the turn reads the whole result; its message keeps what `kept_calls` keeps
        self.calls.append(entry.as_history() | {"result": result})
        return entry

    async def open_tasks(self) -> list[Task]:
        """The person's open tasks: a read for an agent that only looks, so it leaves no
        audit row (everything that changes a task goes through a tool)."""
        return await list_tasks(self.session, user_id=self.user_id, status="pending")

    async def titles(self, *, open_only: bool) -> Sequence[task_titles.TitleRow]:
        """Number, title and state of the person's tasks, to match a name against: a narrow
        read, neither audited nor stored."""
        return await task_titles.titles(self.session, user_id=self.user_id, open_only=open_only)

    async def open_titled(self, title: str) -> task_titles.TitleRow | None:
        """The open task of exactly this title (case and spacing aside), if any: a read."""
        return await task_titles.open_titled(self.session, user_id=self.user_id, title=title)

    def note(self, data: dict[str, Any]) -> None:
        """Keep what the agent's reply left open with this turn's calls (`AGENT_NOTE`)."""
        self.calls.append(
            {"tool_name": AGENT_NOTE, "input": {}, "ok": True, "executed_at": iso(utcnow()),
             "result": {"ok": True, "message": "", "data": data}}
        )  # fmt: skip

    def offer_undo(self) -> None:
        """One Undo button under a reply whose turn changed something (and only one)."""
        journal = self._journal
        if journal is None or not journal.recorded:
            return
        if any(button.action is Action.UNDO for button in self.buttons):
            return
        self.buttons.append(undo_button(journal.token))
