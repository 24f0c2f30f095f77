"""`list_tasks`, and how a listing and the trash read."""

from __future__ import annotations

from datetime import datetime
from typing import Literal
from uuid import UUID
from zoneinfo import ZoneInfo

from core.domain import task_fields, task_text
from core.domain import tasks as task_service
from core.domain.when import WINDOWS
from core.reminders import tooling as reminder_tools
from core.storage.models import Task, iso, utcnow
from core.tools.context import (
    Envelope,
    ToolContext,
    audited,
    day_argument,
    describe,
    ok,
    zone_note,
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
    limit: int | None = None,
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
        limit: At most this many tasks, the first in the chosen order (`total` counts all
            that match).
    """
    context = ctx
    if limit is not None and limit < 1:
        raise task_service.InvalidInput("limit must be 1 or more.", "Leave it out to list all.")
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
            due_from=day_argument(due_from, "due_from"),
            due_to=day_argument(due_to, "due_to"),
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
    total = len(found)
    found = found[:limit]
    if has_reminder:
        message = reminder_tools.reminder_list(found, reminders, now=context.now, zone=context.zone)
    else:
        message = format_list(
            found, status, context=context, due=due, priority=priority, tag=tag, reminders=reminders
        )
    if total > len(found):
        message += f"\n(The first {len(found)} of {total}.)"
    context.offer_listing(found)
    return ok(
        message,
        status=status,
        count=len(found),
        total=total,
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
    note = zone_note(context, *found) if context else ""
    return "\n".join(lines) + ("\n" + note.strip() if note else "")


def format_trash(trash: list[Task]) -> str:
    if not trash:
        return "Your trash is empty."
    noun = "task" if len(trash) == 1 else "tasks"
    lines = [f"In your trash ({len(trash)} {noun}; say “restore” and a number to bring one back):"]
    lines += [f"{task.number}. {task.title}" for task in trash]
    return "\n".join(lines)
