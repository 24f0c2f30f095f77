"""`update_task`: any field, the due's reminder following it."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from core.domain import task_text
from core.domain import tasks as task_service
from core.domain.tools.context import (
    Envelope,
    ToolContext,
    audited,
    describe,
    due_argument,
    label,
    ok,
    reminder_argument,
    set_reminder_argument,
    zone_note,
)
from core.reminders import tooling as reminder_tools
from core.storage.models import Task


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
        new_due = due_argument(due, context)
    before = task.title
    before_due, before_priority, before_tags = task.due_at, task.priority, list(task.tags)
    reminding = remind_at is not None or remind_before_due_minutes is not None
    if reminding and cancel_reminder:
        raise task_service.InvalidInput("Set a reminder or cancel it, not both.")
    remind = reminder_argument(
        context,
        remind_at,
        remind_before_due_minutes,
        due=task_text.due_of(task) if new_due is task_service.KEEP_DUE else new_due,
        subject=f"#{task.number}",
        completed=task.completed,
    )
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
    reminder = await set_reminder_argument(context, task, remind, remind_before_due_minutes)
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
        f"Done: I {summary}." + zone_note(context, task) * (task.due_at != before_due),
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
