"""`list_tasks`, and how a listing and the trash read."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal
from uuid import UUID
from zoneinfo import ZoneInfo

from core.domain import task_fields, task_pages, task_text
from core.domain import tasks as task_service
from core.domain.cursors import BadCursor, decode_cursor, encode_cursor
from core.domain.task_selection import SORTS, STATUS_FILTERS
from core.domain.when import WINDOWS
from core.reminders import tooling as reminder_tools
from core.storage.models import Task, iso, utcnow
from core.tools.auditing import audited
from core.tools.buttons import page_buttons, trash_buttons
from core.tools.context import ToolContext
from core.tools.envelope import Envelope, ok
from core.tools.fields import day_argument, describe, zone_note
from core.tools.team_note import assigned_note


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
    cursor: str | None = None,
) -> Envelope:
    """List the user's tasks, each with its number, due date, priority, tags and reminder,
    a page at a time.

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
        limit: At most this many tasks (1 to 100; 20 when left out), the first in the
            chosen order. `total` counts all that match; `next_cursor` continues.
        cursor: The `next_cursor` of the previous answer, to list the page after it.
    """
    context = ctx
    if limit is not None and not 1 <= limit <= task_pages.PAGE_MAX:
        raise task_service.InvalidInput(
            f"limit must be 1 to {task_pages.PAGE_MAX}.",
            "Leave it out for a page of 20, and follow next_cursor for the rest.",
        )
    try:
        start = decode_cursor(cursor) if cursor else 0
    except BadCursor:
        raise task_service.InvalidInput(
            "That cursor is not one a listing gave.", "Leave it out to start from the first."
        ) from None
    whole = limit is None and context.whole_listings
    size = None if whole else limit or task_pages.LIST_PAGE
    if status == "deleted":
        return await _trash(context, start=start, limit=size)
    if status not in STATUS_FILTERS:
        raise task_service.InvalidInput("The filter must be all, pending, completed or deleted.")
    if due is not None and due not in WINDOWS:
        raise task_service.InvalidInput(
            "The due filter must be one of: " + ", ".join(WINDOWS) + "."
        )
    if sort_by not in SORTS:
        raise task_service.InvalidInput("Sort by number, due, priority or created.")
    try:
        if priority is not None:
            priority = task_fields.clean_priority(priority)  # type: ignore[assignment]
        if tag is not None:
            task_fields.clean_tag(tag)
    except task_fields.FieldError as error:
        raise task_service.InvalidInput(error.message, error.suggestion) from None
    reminders = await reminder_tools.pending_times(context.session, user_id=context.user_id)
    filters = task_pages.Filters(
        status=status,
        due=due,
        due_from=day_argument(due_from, "due_from"),
        due_to=day_argument(due_to, "due_to"),
        priority=priority,
        tag=tag,
        sort_by=sort_by,
        reminders=reminders if has_reminder else None,
    )
    page = await read_listing(context, filters, start=start, limit=size)
    found = page.tasks
    message = format_page(page, filters, context=context, reminders=reminders)
    message += await assigned_note(context, first_page=start == 0, status=status)
    context.offer_listing(page_buttons(page, filters))
    return ok(
        message,
        status=status,
        **_page_data(page),
        pending_count=page.counts[False],
        completed_count=page.counts[True],
        tasks=[
            describe(task, context.zone)
            | {"reminder": reminder_tools.local_iso(reminders.get(task.id), context.zone)}
            for task in found
        ],
    )


async def _trash(context: ToolContext, *, start: int, limit: int | None) -> Envelope:
    """A page of the trash, which has no Done buttons: only More."""
    page = await task_pages.read_trash(
        context.session, user_id=context.user_id, start=start, limit=limit
    )
    context.offer_listing(trash_buttons(page))
    return ok(
        format_trash(page),
        status="deleted",
        **_page_data(page),
        tasks=[
            describe(task, context.zone)
            | {"deleted_at": iso(task.deleted_at) if task.deleted_at else None}
            for task in page.tasks
        ],
    )


def _page_data(page: task_pages.TaskPage) -> dict[str, Any]:
    """How many the page shows, how many match, where it starts and the cursor after it."""
    following = page.next_start
    return {
        "count": len(page.tasks),
        "total": page.total,
        "start": page.start,
        "next_cursor": encode_cursor(following) if following is not None else None,
    }


async def read_listing(
    context: ToolContext, filters: task_pages.Filters, *, start: int, limit: int | None
) -> task_pages.TaskPage:
    """A page of the listing (everything when `limit` is None), with the person's counts."""
    try:
        page = await task_pages.read_page(
            context.session,
            user_id=context.user_id,
            filters=filters,
            now=context.now,
            zone=context.zone,
            start=start,
            limit=limit,
        )
    except task_fields.FieldError as error:
        raise task_service.InvalidInput(error.message, error.suggestion) from None
    page.counts = await task_pages.status_counts(context.session, user_id=context.user_id)
    return page


def format_page(
    page: task_pages.TaskPage,
    filters: task_pages.Filters,
    *,
    context: ToolContext,
    reminders: dict[UUID, datetime] | None = None,
) -> str:
    """The page's lines under a heading that counts them all, and where the page sits."""
    if not page.tasks and page.start > 0:
        return f"That is past the end of the listing: it holds {page.total:,}."
    if filters.reminders is not None:  # "what reminders do I have?"
        waiting = filters.reminders
        shown = reminder_tools.reminder_list(
            page.tasks, waiting, now=context.now, zone=context.zone
        )
        return shown + page_line(page)
    return format_list(
        page.tasks,
        filters.status,
        context=context,
        due=filters.due,
        priority=filters.priority,
        tag=filters.tag,
        reminders=reminders,
        total=page.total,
    ) + page_line(page)


def page_line(page: task_pages.TaskPage) -> str:
    """ "Showing 21–40 of 5,000." when the page is not the whole listing."""
    if not page.tasks or (page.start == 0 and len(page.tasks) >= page.total):
        return ""
    last = page.start + len(page.tasks)
    return f"\nShowing {page.start + 1:,}–{last:,} of {page.total:,}."


def format_list(
    found: list[Task],
    status: str,
    *,
    context: ToolContext | None = None,
    due: str | None = None,
    priority: str | None = None,
    tag: str | None = None,
    reminders: dict[UUID, datetime] | None = None,
    total: int | None = None,
) -> str:
    """A listing's heading and lines; `total` counts every match when `found` is a page."""
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
    count = len(found) if total is None else total
    noun = "task" if count == 1 else "tasks"
    if due or narrowed:
        kind = {"pending": "pending ", "completed": "completed "}.get(status, "")
        window = task_text.window_name(due or "")
        if due == "overdue":
            kind, window = "overdue ", ""
        what = " ".join(p for p in (narrowed, f"{kind}{noun}", window) if p)
        heading = f"You have {count:,} {what}:"
    else:
        heading = {
            "pending": f"You have {count:,} pending {noun}:",
            "completed": f"You have completed {count:,} {noun}:",
        }.get(status, f"You have {count:,} {noun}:")
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


def format_trash(page: task_pages.TaskPage) -> str:
    """The trash's page under a heading that counts it all, and where the page sits."""
    if not page.tasks:
        if page.start > 0:
            return f"That is past the end of the trash: it holds {page.total:,}."
        return "Your trash is empty."
    noun = "task" if page.total == 1 else "tasks"
    restore = "say “restore” and a number to bring one back"
    lines = [f"In your trash ({page.total:,} {noun}; {restore}):"]
    lines += [f"{task.number}. {task.title}" for task in page.tasks]
    return "\n".join(lines) + page_line(page)
