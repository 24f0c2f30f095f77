"""The task tools: typed async functions whose docstrings become their schemas.

The five task tools (add, list, complete, update, delete), where `complete_task` also
reopens and `list_tasks` also shows the trash, plus three that take things back:
`undo_last_change`, `restore_task` (out of the trash) and `empty_trash`. They are tools of
their own because none of the five can reach a deleted task or a past change.

The user travels in the context (`ToolContext`, the first parameter), never in the
arguments, so no model output can point a tool at someone else's tasks. The functions
need no agent framework: the chat agent, the slash commands, the builtin engine and the
MCP server all call these same functions (the OpenAI backend adapts them into Agents SDK
function tools). Every call is timed and lands in the
`tool_call` audit; the result is one envelope:
`{"ok", "message", "data", "error", "suggestion"}`.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from typing import Any, Literal
from uuid import UUID
from zoneinfo import ZoneInfo

from sqlmodel.ext.asyncio.session import AsyncSession

from core.conversation.confirmations import request_confirmation
from core.domain import changes as change_log
from core.domain import task_fields, task_text
from core.domain import tasks as task_service
from core.domain.changes import Journal
from core.domain.listing import done_buttons, is_listing_button
from core.domain.undo_words import describe_undo, refusal
from core.domain.when import WINDOWS, Due, iso_local
from core.reminders import tooling as reminder_tools
from core.storage import audit
from core.storage.audit import AuditEntry
from core.storage.models import Task, iso, utcnow
from core.types import AGENT_NOTE, Action, Button, DateMention

Envelope = dict[str, Any]


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

    def offer_listing(self, tasks: list[Task]) -> None:
        """The latest listing's Done buttons, unless a question's buttons are waiting."""
        if not self.list_controls or any(not is_listing_button(b) for b in self.buttons):
            return
        self.buttons = done_buttons(tasks)

    _journal: Journal | None = None

    @property
    def journal(self) -> Journal:
        """Where this turn's changes are recorded; they share one token (the Undo button's)."""
        if self._journal is None:
            self._journal = Journal(
                user_id=self.user_id, conversation_id=self.conversation_id, now=self.now
            )
        return self._journal

    def audit(
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
            result=result,
            ok=bool(result["ok"]),
            duration_ms=duration_ms,
        )
        audit.record(self.session, entry)
        self.calls.append(entry.as_history())
        return entry

    async def open_tasks(self) -> list[Task]:
        """The person's open tasks: a read for an agent that only looks, so it leaves no
        audit row (everything that changes a task goes through a tool)."""
        return await task_service.list_tasks(self.session, user_id=self.user_id, status="pending")

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


def _due(value: str | None, context: ToolContext) -> Due | None:
    if value is None or not value.strip():
        return None
    try:
        return task_fields.read_due(value, context.zone)
    except task_fields.FieldError as error:
        raise task_service.InvalidInput(error.message, error.suggestion) from None


def _day(value: str | None, what: str) -> date | None:
    if value is None or not value.strip():
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise task_service.InvalidInput(f"{what} must be a date like 2026-03-15.") from None


def label(task: Task) -> str:
    return f"#{task.number} “{task.title}”"


ToolFunction = Callable[..., Awaitable[Envelope]]


def audited(fn: ToolFunction) -> ToolFunction:
    """Turn refusals into envelopes and write the audit row.

    A database error is not caught here: it has voided the turn's transaction, so nothing
    this turn does can be kept. It propagates, and the turn is retried whole (a dropped
    connection) or rolled back and answered with an apology. No savepoint is needed:
    every tool validates before its first write."""
    signature = inspect.signature(fn)

    @functools.wraps(fn)
    async def wrapper(context: ToolContext, *args: Any, **kwargs: Any) -> Envelope:
        bound = signature.bind(context, *args, **kwargs)
        arguments = {
            name: value
            for name, value in bound.arguments.items()
            if name != "ctx" and not _is_default(signature, name, value)
        }
        async with context.lock:
            started = time.perf_counter()
            try:
                result = await fn(context, *args, **kwargs)
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
            context.audit(
                fn.__name__,
                arguments,
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


_ALWAYS_AUDITED = frozenset({"title", "description", "status", "task_identifier"})


@audited
async def add_task(
    ctx: ToolContext,
    title: str,
    description: str = "",
    due: str | None = None,
    priority: Literal["low", "medium", "high"] = "low",
    tags: list[str] | None = None,
    remind_at: str | None = None,
    remind_before_due_minutes: int | None = None,
    repeat: str | None = None,
) -> Envelope:
    """Create a new task for the user, optionally with a reminder or repeating.

    Args:
        title: The task's title, 1-200 characters, without words like "add" or "remind me to"
            and without the due date, priority or tags.
        description: Optional details about the task, at most 1000 characters.
        due: Optional due date in the user's local time: "YYYY-MM-DD" for a day, or
            "YYYY-MM-DDTHH:MM" when a time was said. Today or later.
        priority: "low" (the default), "medium" or "high".
        tags: Optional tags, at most 5, each 1-30 characters, without "#".
        remind_at: When to remind the user, in their local time: "YYYY-MM-DDTHH:MM" (a bare
            "YYYY-MM-DD" means 09:00 that day). Must be in the future.
        remind_before_due_minutes: Instead of remind_at: remind this many minutes before
            the due date (needs `due`).
        repeat: Make it recurring: an RFC 5545 RRULE such as "FREQ=WEEKLY;BYDAY=MO" (every
            Monday), "FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR". Without
            `due`, the first occurrence is its due. Completing it adds the next one.
    """
    context = ctx
    rule = reminder_tools.repeat_rule(repeat)
    due_at = _due(due, context) or reminder_tools.first_due(rule, context.now, context.zone)
    if due_at is not None:
        try:
            task_fields.check_not_past(due_at, now=context.now, zone=context.zone)
        except task_fields.FieldError as error:
            raise task_service.InvalidInput(error.message, error.suggestion) from None
    task = await task_service.create_task(
        context.session,
        user_id=context.user_id,
        title=title,
        description=description,
        due=due_at,
        priority=priority,
        tags=tags or (),
        now=context.now,
        journal=context.journal,
    )
    if rule:
        task.repeat = rule
        context.session.add(task)
    extras = task_text.added_details(task, now=context.now, zone=context.zone)
    context.dates.extend(task_text.mentions(task, now=context.now, zone=context.zone))
    details = f" ({task.description})" if task.description else ""
    said = f"Added {label(task)}{details}" + (f", {extras}" if extras else "") + "."
    if rule:
        said += " It repeats: when you finish it, I'll add the next one."
    reminder = await _remind(context, task, remind_at, remind_before_due_minutes)
    if reminder is not None:
        said += " " + reminder[0]
    return ok(
        said + _zone_note(context, task),
        task=describe(task, context.zone),
        **({"reminder": reminder[1]} if reminder else {}),
    )


async def _remind(
    context: ToolContext, task: Task, remind_at: str | None, before_due: int | None
) -> tuple[str, dict[str, Any]] | None:
    return await reminder_tools.set_reminder(
        context.session,
        task=task,
        remind_at=remind_at,
        before_due_minutes=before_due,
        conversation_id=context.conversation_id,
        now=context.now,
        zone=context.zone,
        journal=context.journal,
    )


def _zone_note(context: ToolContext, *tasks: Task) -> str:
    """Until the person has told us their zone, a time we show says which zone it is in."""
    if not context.zone_assumed or not any(task.due_has_time for task in tasks):
        return ""
    return (
        f" (Times are in {context.zone}; tell me your time zone, e.g. "
        "“my time zone is Europe/Berlin”, if that's not yours.)"
    )


@audited
async def list_tasks(
    ctx: ToolContext,
    status: Literal["all", "pending", "completed", "deleted"] = "all",
    due: Literal["overdue", "today", "tomorrow", "this_week", "next_week", "no_due"] | None = None,
    due_from: str | None = None,
    due_to: str | None = None,
    priority: Literal["low", "medium", "high"] | None = None,
    tag: str | None = None,
    sort_by: Literal["number", "due", "priority", "created"] = "number",
    has_reminder: bool = False,
) -> Envelope:
    """List the user's tasks, each with its number, due date, priority, tags and reminder.

    Args:
        status: Which tasks: "pending" (not done yet), "completed" (done), "all", or
            "deleted" (the trash: deleted tasks, kept for a while and restorable).
        due: Only tasks due in this window of the user's local calendar ("this_week" runs
            to Sunday); "no_due" means tasks without a due date.
        due_from: Only tasks due on or after this local date, "YYYY-MM-DD".
        due_to: Only tasks due on or before this local date, "YYYY-MM-DD".
        priority: Only tasks of this priority.
        tag: Only tasks with this tag (without "#").
        sort_by: "number" (the default), "due" (soonest first, overdue first), "priority"
            (high first) or "created".
        has_reminder: True for only the tasks with a pending reminder, soonest first
            ("what reminders do I have?").
    """
    context = ctx
    if status == "deleted":
        trash = await task_service.list_trash(ctx.session, user_id=ctx.user_id)
        return ok(
            format_trash(trash),
            status=status,
            count=len(trash),
            tasks=[
                describe(task, ctx.zone)
                | {"deleted_at": iso(task.deleted_at) if task.deleted_at else None}
                for task in trash
            ],
        )
    if status not in task_service.STATUS_FILTERS:
        raise task_service.InvalidInput("The filter must be all, pending, completed or deleted.")
    if due is not None and due not in WINDOWS:
        raise task_service.InvalidInput(
            "The due filter must be one of: " + ", ".join(WINDOWS) + "."
        )
    if sort_by not in task_service.SORTS:
        raise task_service.InvalidInput("Sort by number, due, priority or created.")
    if priority is not None:
        try:
            priority = task_fields.clean_priority(priority)  # type: ignore[assignment]
        except task_fields.FieldError as error:
            raise task_service.InvalidInput(error.message, error.suggestion) from None
    every = await task_service.list_tasks(context.session, user_id=context.user_id)
    found = [task for task in every if status == "all" or task.completed == (status == "completed")]
    try:
        found = task_service.select_tasks(
            found,
            now=context.now,
            zone=context.zone,
            due=due,
            due_from=_day(due_from, "due_from"),
            due_to=_day(due_to, "due_to"),
            priority=priority,
            tag=tag,
            sort_by=sort_by,
        )
    except task_fields.FieldError as error:
        raise task_service.InvalidInput(error.message, error.suggestion) from None
    pending = sum(1 for task in every if not task.completed)
    reminders = await reminder_tools.pending_times(context.session, user_id=context.user_id)
    if has_reminder:
        found = sorted((t for t in found if t.id in reminders), key=lambda t: reminders[t.id])
        message = reminder_tools.reminder_list(found, reminders, now=context.now, zone=context.zone)
    else:
        message = format_list(
            found, status, context=context, due=due, priority=priority, tag=tag, reminders=reminders
        )
    context.offer_listing(found)
    return ok(
        message,
        status=status,
        count=len(found),
        pending_count=pending,
        completed_count=len(every) - pending,
        tasks=[
            describe(task, context.zone)
            | {"reminder": reminder_tools.local_iso(reminders.get(task.id), context.zone)}
            for task in found
        ],
    )


def format_list(
    found: list[Task],
    status: str,
    *,
    context: ToolContext | None = None,
    due: str | None = None,
    priority: str | None = None,
    tag: str | None = None,
    reminders: dict[UUID, datetime] | None = None,
) -> str:
    now = context.now if context else utcnow()
    zone = context.zone if context else ZoneInfo("UTC")
    narrowed = " ".join(
        part
        for part in (
            f"{priority}-priority" if priority else "",
            f"#{task_fields.clean_tag(tag)}" if tag else "",
        )
        if part
    )
    if not found:
        if due or narrowed:
            what = " ".join(p for p in (narrowed, "tasks", task_text.window_name(due or "")) if p)
            return f"You have no {what.strip()}."
        return {
            "pending": "You have no pending tasks. Nice work!",
            "completed": "No completed tasks yet.",
        }.get(status, "Your list is empty. Tell me something to add.")
    noun = "task" if len(found) == 1 else "tasks"
    if due or narrowed:
        kind = {"pending": "pending ", "completed": "completed "}.get(status, "")
        window = task_text.window_name(due or "")
        if due == "overdue":
            kind, window = "overdue ", ""
        what = " ".join(p for p in (narrowed, f"{kind}{noun}", window) if p)
        heading = f"You have {len(found)} {what}:"
    else:
        heading = {
            "pending": f"You have {len(found)} pending {noun}:",
            "completed": f"You have completed {len(found)} {noun}:",
        }.get(status, f"You have {len(found)} {noun}:")
    lines = [heading]
    for task in found:
        line = task_text.task_line(task, now=now, zone=zone, show_done=status != "completed")
        at = (reminders or {}).get(task.id)
        lines.append(line + (f" ⏰ {reminder_tools.when(at, zone, now)}" if at else ""))
    if context is not None:
        for task in found:
            context.dates.extend(task_text.mentions(task, now=now, zone=zone))
    note = _zone_note(context, *found) if context else ""
    return "\n".join(lines) + ("\n" + note.strip() if note else "")


def format_trash(trash: list[Task]) -> str:
    if not trash:
        return "Your trash is empty."
    noun = "task" if len(trash) == 1 else "tasks"
    lines = [f"In your trash ({len(trash)} {noun}; say “restore” and a number to bring one back):"]
    lines += [f"{task.number}. {task.title}" for task in trash]
    return "\n".join(lines)


@audited
async def complete_task(ctx: ToolContext, task_identifier: str, done: bool = True) -> Envelope:
    """Mark one of the user's tasks as done, or (done=false) reopen a done task as pending.

    Args:
        task_identifier: The task's number (like "2" or "#2"), its id, or its title or part of it.
        done: True marks it done; false sets a completed task back to not done (reopens it).
    """
    if not done:
        return await _reopen(ctx, task_identifier)
    task = await task_service.resolve_task(
        ctx.session, user_id=ctx.user_id, ref=task_identifier, prefer_pending=True
    )
    if not await task_service.complete_task(
        ctx.session, task=task, now=ctx.now, journal=ctx.journal
    ):
        return ok(
            f"{label(task)} is already done.",
            task=describe(task, ctx.zone),
            already_completed=True,
        )
    cancelled = await reminder_tools.cancel_reminder(ctx.session, task=task, journal=ctx.journal)
    following = await reminder_tools.next_occurrence(
        ctx.session, task=task, now=ctx.now, zone=ctx.zone
    )
    return ok(
        f"Marked {label(task)} as done."
        + (f" {cancelled}" if cancelled else "")
        + (f" {following[0]}" if following else ""),
        task=describe(task, ctx.zone),
        already_completed=False,
        reminder_cancelled=bool(cancelled),
        **({"next": following[1]} if following else {}),
    )


async def _reopen(ctx: ToolContext, task_identifier: str) -> Envelope:
    try:
        task = await task_service.resolve_task(
            ctx.session, user_id=ctx.user_id, ref=task_identifier
        )
    except task_service.AmbiguousTask as several:
        done = [task for task in several.candidates if task.completed]
        if len(done) != 1:
            raise
        task = done[0]
    if not await task_service.reopen_task(ctx.session, task=task, journal=ctx.journal):
        return ok(f"{label(task)} is not done, so it is still open.", task=describe(task, ctx.zone))
    return ok(f"Reopened {label(task)}: it is not done any more.", task=describe(task, ctx.zone))


@audited
async def update_task(
    ctx: ToolContext,
    task_identifier: str,
    new_title: str | None = None,
    new_description: str | None = None,
    due: str | None = None,
    clear_due: bool = False,
    priority: Literal["low", "medium", "high"] | None = None,
    tags: list[str] | None = None,
    add_tags: list[str] | None = None,
    remove_tags: list[str] | None = None,
    remind_at: str | None = None,
    remind_before_due_minutes: int | None = None,
    cancel_reminder: bool = False,
    stop_repeating: bool = False,
) -> Envelope:
    """Change a task's title, description, due date, priority, tags or reminder.

    Args:
        task_identifier: The task's number (like "2" or "#2"), its id, or its current title.
        new_title: The new title, 1-200 characters; omit to keep the title.
        new_description: The new description, at most 1000 characters; omit to keep it.
        due: A new due date in the user's local time, "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM".
        clear_due: True to remove the due date.
        priority: The new priority: "low", "medium" or "high".
        tags: Replace all tags with these (an empty list removes every tag).
        add_tags: Tags to add (at most 5 in all).
        remove_tags: Tags to remove.
        remind_at: Set (or move) the task's reminder to this local time, "YYYY-MM-DDTHH:MM"
            (a bare "YYYY-MM-DD" means 09:00 that day).
        remind_before_due_minutes: Set the reminder this many minutes before the due date.
        cancel_reminder: True to cancel the task's pending reminder ("don't remind me").
        stop_repeating: True to stop a recurring task from adding its next occurrence.
    """
    context = ctx
    task = await task_service.resolve_task(
        context.session, user_id=context.user_id, ref=task_identifier
    )
    if due and clear_due:
        raise task_service.InvalidInput("Set a new due date or clear it, not both.")
    new_due: task_service.DueChange = task_service.KEEP_DUE
    if clear_due:
        new_due = None
    elif due:
        new_due = _due(due, context)
    before = task.title
    before_due, before_priority, before_tags = task.due_at, task.priority, list(task.tags)
    reminding = remind_at is not None or remind_before_due_minutes is not None
    if reminding and cancel_reminder:
        raise task_service.InvalidInput("Set a reminder or cancel it, not both.")
    fields = (new_title, new_description, priority, tags, add_tags, remove_tags)
    only_reminder_or_repeat = reminding or cancel_reminder or stop_repeating
    if due or clear_due or any(v is not None for v in fields) or not only_reminder_or_repeat:
        await task_service.update_task(
            context.session,
            task=task,
            title=new_title,
            description=new_description,
            due=new_due,
            priority=priority,
            tags=tags,
            add_tags=add_tags or (),
            remove_tags=remove_tags or (),
            now=context.now,
            journal=context.journal,
        )
        if task.due_at != before_due:
            await reminder_tools.follow_due(
                context.session, task=task, now=context.now, journal=context.journal
            )
    changes = []
    if new_title is not None and task.title != before:
        changes.append(f"renamed #{task.number} from “{before}” to “{task.title}”")
    if new_description is not None:
        changes.append(
            f"set the description of #{task.number} to “{task.description}”"
            if task.description
            else f"cleared the description of #{task.number}"
        )
    changes += _field_changes(task, context, before_due, before_priority, before_tags)
    reminder = await _remind(context, task, remind_at, remind_before_due_minutes)
    if reminder is not None:
        changes.append(f"will remind you about {label(task)} {reminder[1]['when']}")
    cancelled = ""
    if cancel_reminder:
        cancelled = await reminder_tools.cancel_reminder(
            context.session, task=task, journal=context.journal
        )
        changes.append(
            f"cancelled the reminder for {label(task)}"
            if cancelled
            else f"found no reminder to cancel on {label(task)}"
        )
    context.dates.extend(task_text.mentions(task, now=context.now, zone=context.zone))
    if stop_repeating:
        changes.append(
            f"stopped {label(task)} repeating"
            if task.repeat
            else f"found {label(task)} not repeating"
        )
        task.repeat = None
        context.session.add(task)
    summary = _joined(changes) or f"left {label(task)} as it was"
    return ok(
        f"Done: I {summary}." + _zone_note(context, task) * (task.due_at != before_due),
        task=describe(task, context.zone),
        previous_title=before,
        **({"reminder": reminder[1]} if reminder else {}),
        **({"reminder_cancelled": bool(cancelled)} if cancel_reminder else {}),
    )


def _joined(parts: list[str]) -> str:
    return (
        parts[0]
        if len(parts) == 1
        else ", ".join(parts[:-1]) + " and " + parts[-1]
        if parts
        else ""
    )


def _field_changes(
    task: Task,
    context: ToolContext,
    before_due: datetime | None,
    before_priority: str,
    before_tags: list[str],
) -> list[str]:
    changes = []
    number = f"#{task.number}"
    if task.due_at != before_due:
        due = task_text.due_of(task)
        changes.append(
            f"moved {number} to {task_text.show_due_plain(due, context.zone, now=context.now)}"
            if due
            else f"removed the due date of {number}"
        )
    if task.priority != before_priority:
        changes.append(f"set {number} to {task.priority} priority")
    if task.tags != before_tags:
        added = [tag for tag in task.tags if tag not in before_tags]
        removed = [tag for tag in before_tags if tag not in task.tags]
        if added:
            changes.append(f"tagged {number} {task_text.tags_text(added)}")
        if removed:
            changes.append(f"removed {task_text.tags_text(removed)} from {number}")
    return changes


@audited
async def delete_task(ctx: ToolContext, task_identifier: str) -> Envelope:
    """Ask the user to confirm deleting one task. Nothing is deleted until they press Confirm.

    Args:
        task_identifier: The task's number (like "2" or "#2"), its id, or its title or part of it.
    """
    context = ctx
    task = await task_service.resolve_task(
        context.session, user_id=context.user_id, ref=task_identifier
    )
    confirmation = await request_confirmation(
        context.session,
        user_id=context.user_id,
        kind="delete_task",
        task_id=task.id,
        conversation_id=context.conversation_id,
        subject=label(task),
        ttl_seconds=context.confirmation_ttl_seconds,
        now=context.now,
    )
    context.buttons = [b for b in context.buttons if not is_listing_button(b)]
    context.buttons.extend(delete_buttons(task, confirmation.token))
    reminded = await reminder_tools.has_reminder(context.session, task=task)
    return ok(
        f"Delete {label(task)}?"
        + (" Its reminder will be cancelled too." if reminded else "")
        + " Press Confirm to delete it or Cancel to keep it.",
        status="confirmation_required",
        task=describe(task, context.zone),
    )


def delete_buttons(task: Task, token: str) -> list[Button]:
    short = task.title if len(task.title) <= 30 else task.title[:29] + "…"
    return [
        Button(label=f"Delete “{short}”", action=Action.CONFIRM, token=token, danger=True),
        Button(label="Cancel", action=Action.CANCEL, token=token),
    ]


@audited
async def restore_task(ctx: ToolContext, task_identifier: str) -> Envelope:
    """Take a deleted task out of the trash, back onto the list with its old number.

    Args:
        task_identifier: The deleted task's number (like "#2"), its id, or its title or part of it.
    """
    task = await task_service.resolve_task(
        ctx.session, user_id=ctx.user_id, ref=task_identifier, in_trash=True
    )
    await task_service.restore_task(ctx.session, task=task, journal=ctx.journal)
    return ok(f"Restored {label(task)} from the trash.", task=describe(task, ctx.zone))


@audited
async def empty_trash(ctx: ToolContext) -> Envelope:
    """Ask the user to confirm erasing every task in their trash for good (no undo after)."""
    trash = await task_service.list_trash(ctx.session, user_id=ctx.user_id)
    if not trash:
        return ok("Your trash is already empty.", count=0)
    noun = "task" if len(trash) == 1 else "tasks"
    confirmation = await request_confirmation(
        ctx.session,
        user_id=ctx.user_id,
        kind="empty_trash",
        conversation_id=ctx.conversation_id,
        subject=f"the {len(trash)} {noun} in your trash",
        ttl_seconds=ctx.confirmation_ttl_seconds,
        now=ctx.now,
    )
    ctx.buttons.extend(
        [
            Button("Empty the trash", Action.CONFIRM, confirmation.token, danger=True),
            Button("Cancel", Action.CANCEL, confirmation.token),
        ]
    )
    return ok(
        f"Erase the {len(trash)} {noun} in your trash for good? "
        "Press Confirm to empty it or Cancel to keep them.",
        status="confirmation_required",
        count=len(trash),
    )


@audited
async def undo_last_change(ctx: ToolContext) -> Envelope:
    """Undo the user's most recent change (an add, done, reopen, edit, delete or restore) made
    within the undo window; called again, it undoes the change before that."""
    result = await change_log.undo_last(
        ctx.session, user_id=ctx.user_id, window_seconds=ctx.undo_window_seconds, now=ctx.now
    )
    return undo_envelope(result, window_seconds=ctx.undo_window_seconds)


def undo_envelope(result: change_log.UndoResult, *, window_seconds: int) -> Envelope:
    if result.outcome is change_log.UndoOutcome.UNDONE:
        return ok(
            describe_undo(result.changes),
            undone=[change.summary for change in result.changes],
            more=result.more,
        )
    code = "NOT_FOUND" if result.outcome is change_log.UndoOutcome.NOTHING else "CONFLICT"
    return failure(code, refusal(result, window_seconds=window_seconds))


TOOLS: tuple[ToolFunction, ...] = (add_task, list_tasks, complete_task, delete_task, update_task)
# Taking things back: the chat agents have these too. The MCP server offers only the five
# (emptying the trash waits for a chat button, which an MCP client cannot press).
TAKE_BACK_TOOLS: tuple[ToolFunction, ...] = (restore_task, empty_trash, undo_last_change)
CHAT_TOOLS: tuple[ToolFunction, ...] = TOOLS + TAKE_BACK_TOOLS
