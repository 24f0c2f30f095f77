"""What every tool shares: the turn's `ToolContext` (the user travels here, never in
the arguments), the result envelope, and `audited`, which turns refusals into envelopes and
writes the audit row."""

from __future__ import annotations

import asyncio
import functools
import inspect
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, tzinfo
from typing import Any
from uuid import UUID
from zoneinfo import ZoneInfo

from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain import task_fields, task_text, task_titles
from core.domain import tasks as task_service
from core.domain.changes import Journal
from core.domain.listing import TRASH, MoreToken, done_buttons, is_listing_button
from core.domain.lists import Place
from core.domain.task_pages import Filters, TaskPage
from core.domain.when import Due, iso_local
from core.reminders import tooling as reminder_tools
from core.storage import audit
from core.storage.audit import AuditEntry
from core.storage.models import Task, iso, utcnow
from core.tools.arguments import ArgumentReader
from core.tools.stored import kept_result
from core.types import AGENT_NOTE, Action, Button, DateMention

Envelope = dict[str, Any]
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
        """Audit one call of this turn (for `user_id`, when that is not the turn's person),
        and keep it in the history of the reply that answers it."""
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
        return await task_service.list_tasks(self.session, user_id=self.user_id, status="pending")

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


def page_buttons(page: TaskPage, filters: Filters) -> list[Button]:
    """Done buttons for the page's open tasks, and **More** when the listing goes on and a
    button can name it."""
    listing = filters.more()
    if page.limit is None:
        return done_buttons(page.tasks)
    return _paged(page, page.tasks, listing)


def trash_buttons(page: TaskPage) -> list[Button]:
    """Only **More** (or back to the first page): a task in the trash is not done."""
    if page.limit is None:
        return []
    return _paged(page, [], MoreToken(TRASH, "number"))


def _paged(page: TaskPage, tasks: Sequence[Task], listing: MoreToken) -> list[Button]:
    following = page.next_start
    if following is not None:
        more = replace(listing, start=following)
        return done_buttons(tasks, following=more if more.fits() else None)
    back = replace(listing, start=0) if page.start > 0 else None
    return done_buttons(tasks, back=back if back and back.fits() else None)


def undo_button(token: str) -> Button:
    return Button(label="Undo", action=Action.UNDO, token=token)


def ok(message: str, **data: Any) -> Envelope:
    return {"ok": True, "message": message, "data": data, "error": None, "suggestion": None}


def failure(code: str, message: str, suggestion: str | None = None, **data: Any) -> Envelope:
    return {
        "ok": False,
        "message": message,
        "data": data or None,
        "error": code,
        "suggestion": suggestion,
    }


def describe(task: Task, zone: tzinfo | None = None) -> dict[str, Any]:
    """A task as tools return it; `due` is local ISO 8601 (a date, or a time with offset)."""
    due = task_text.due_of(task)
    zone = zone or ZoneInfo("UTC")
    return {
        "number": task.number,
        "id": str(task.id),
        "title": task.title,
        "description": task.description,
        "completed": task.completed,
        "created_at": iso(task.created_at),
        "due": iso_local(due, zone) if due else None,
        "due_has_time": task.due_has_time,
        "due_at": iso(due.at) if due else None,
        "priority": task.priority,
        "tags": list(task.tags),
    }


def due_argument(value: str | None, context: ToolContext) -> Due | None:
    if value is None or not value.strip():
        return None
    try:
        return task_fields.read_due(value, context.zone)
    except task_fields.FieldError as error:
        raise task_service.InvalidInput(error.message, error.suggestion) from None


def day_argument(value: str | None, what: str) -> date | None:
    if value is None or not value.strip():
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise task_service.InvalidInput(f"{what} must be a date like 2026-03-15.") from None


def task_reference(task_identifier: str | None, task_id: int | None) -> str:
    """The task a call names: by `task_identifier` (a number, an id or a title) or by
    `task_id` (its number, as the tool contract's integer), not by two different ones."""
    if task_id is None:
        return task_identifier or ""
    said = (task_identifier or "").strip()
    if said and task_service.parse_number_ref(said) != task_id:
        raise task_service.InvalidInput(
            "Give the task as task_id or as task_identifier, not both.",
            "Call the tool again with one of them.",
        )
    return f"#{task_id}"


ToolFunction = Callable[..., Awaitable[Envelope]]


def audited(fn: ToolFunction) -> ToolFunction:
    """Read the arguments against the tool's signature, turn refusals into envelopes and
    write the audit row.

    A database error is not caught here: it has voided the turn's transaction, so nothing
    this turn does can be kept. It propagates, and the turn is retried whole (a dropped
    connection) or rolled back and answered with an apology. No savepoint is needed:
    every tool validates before its first write, so a refusal has changed nothing."""
    reader = ArgumentReader(fn)

    @functools.wraps(fn)
    async def wrapper(context: ToolContext, /, *args: Any, **kwargs: Any) -> Envelope:
        arguments = dict(zip(reader.names, args, strict=False)) | kwargs
        async with context.lock:
            started = time.perf_counter()
            try:
                given = reader.given(args, kwargs)
                arguments = {
                    name: value
                    for name, value in given.items()
                    if not _is_default(reader.signature, name, value)
                }
                result = await fn(context, **reader.read(given))
            except task_service.AmbiguousTask as refusal:
                result = failure(
                    refusal.code,
                    refusal.message + " Which one do you mean?",
                    refusal.suggestion,
                    candidates=[describe(task, context.zone) for task in refusal.candidates],
                )
            except task_service.TaskError as refusal:
                result = failure(refusal.code, refusal.message, refusal.suggestion)
            context.offer_undo()
            await context.audit(
                fn.__name__,
                _recordable(arguments),
                result,
                duration_ms=(time.perf_counter() - started) * 1000,
            )
        return result

    return wrapper


def _is_default(signature: inspect.Signature, name: str, value: Any) -> bool:
    """An optional field left as it was (a model backend sends every one): kept out of the
    audit, which records what was asked for."""
    default = signature.parameters[name].default
    return (
        name not in _ALWAYS_AUDITED and default is not inspect.Parameter.empty and value == default
    )


def _recordable(arguments: dict[str, Any]) -> dict[str, Any]:
    """What the audit's JSON can hold of what was sent (a refused value may be anything)."""
    try:
        json.dumps(arguments)
    except (TypeError, ValueError):
        return {name: repr(value)[:500] for name, value in arguments.items()}
    return arguments


_ALWAYS_AUDITED = frozenset({"title", "description", "status", "task_identifier"})


async def plan_reminder_argument(
    context: ToolContext,
    *,
    task_id: UUID | None,
    named: str,
    due: Due | None,
    completed: bool,
    remind_at: str | None,
    before_due: int | None,
) -> reminder_tools.PlannedReminder | None:
    """The reminder add_task and update_task were asked for (a time, or minutes before the
    due), checked before anything is written: its time, and room under the person's cap."""
    planned = reminder_tools.plan_reminder(
        remind_at,
        before_due,
        due=due,
        named=named,
        completed=completed,
        now=context.now,
        zone=context.zone,
    )
    if planned is not None:
        await reminder_tools.make_room(
            context.session,
            user_id=context.user_id,
            task_id=task_id,
            limit=context.max_pending_reminders,
        )
    return planned


async def set_planned_reminder(
    context: ToolContext, task: Task, planned: reminder_tools.PlannedReminder | None
) -> tuple[str, dict[str, Any]] | None:
    if planned is None:
        return None
    return await reminder_tools.set_reminder(
        context.session,
        task=task,
        planned=planned,
        conversation_id=context.conversation_id,
        now=context.now,
        zone=context.zone,
        journal=context.journal,
    )


def checked_due(
    value: str | None, context: ToolContext, *, keeps: Due | None = None, done: str = "add it"
) -> Due | None:
    """A due being set now: readable, today or later, and within the horizon (unless it is
    the one the task `keeps`: an edit form sends the due it had)."""
    due = due_argument(value, context)
    if due is not None and due != keeps:
        try:
            task_fields.check_new_due(due, now=context.now, zone=context.zone, done=done)
        except task_fields.FieldError as error:
            raise task_service.InvalidInput(error.message, error.suggestion) from None
    return due


def zone_note(context: ToolContext, *tasks: Task) -> str:
    """Until the person has told us their zone, a time we show says which zone it is in."""
    if not context.zone_assumed or not any(task.due_has_time for task in tasks):
        return ""
    return (
        f" (Times are in {context.zone}; tell me your time zone, e.g. "
        "“my time zone is Europe/Berlin”, if that's not yours.)"
    )
