"""`update_task`: any field, the due's reminder following it."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from core.domain import task_text
from core.domain import tasks as task_service
from core.domain.task_refs import resolve_task
from core.domain.task_text import label
from core.reminders import repeats
from core.reminders import tooling as reminder_tools
from core.storage.models import Task
from core.tools.context import (
    Envelope,
    ToolContext,
    audited,
    checked_due,
    describe,
    ok,
    plan_reminder_argument,
    set_planned_reminder,
    task_reference,
    zone_note,
)


@audited
async def update_task(
    ctx: ToolContext,
    task_identifier: str | None = None,
    task_id: int | None = None,
    new_title: str | None = None,
    new_description: str | None = None,
    title: str | None = None,
    description: str | None = None,
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
        task_id: Instead of task_identifier: the task's number, as an integer.
        new_title: The new title, 1-200 characters; omit to keep the title.
        new_description: The new description, at most 1000 characters; omit to keep it.
        title: The same as new_title (either name may be used, not both).
        description: The same as new_description (either name may be used, not both).
        due: A new due date in the user's local time, "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM";
            today or later, at most 100 years ahead. A reminder at the old due, or a set
            time before it, moves with it.
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
    new_title = _one_of("new_title", new_title, "title", title)
    new_description = _one_of("new_description", new_description, "description", description)
    task = await resolve_task(
        context.session, user_id=context.user_id, ref=task_reference(task_identifier, task_id)
    )
    if due and clear_due:
        raise task_service.InvalidInput("Set a new due date or clear it, not both.")
    reminding = remind_at is not None or remind_before_due_minutes is not None
    if reminding and cancel_reminder:
        raise task_service.InvalidInput("Set a reminder or cancel it, not both.")
    previous = task_text.due_of(task)
    new_due: task_service.DueChange = task_service.KEEP_DUE
    if clear_due:
        new_due = None
    elif due:
        new_due = checked_due(due, context, keeps=previous, done="move it")
    planned = await plan_reminder_argument(
        context,
        task_id=task.id,
        named=f"#{task.number}",
        due=previous if new_due is task_service.KEEP_DUE else new_due,
        completed=task.completed,
        remind_at=remind_at,
        before_due=remind_before_due_minutes,
    )
    series = await repeats.series_next(context.session, task=task) if stop_repeating else None
    before = task.title
    before_due, before_priority, before_tags = task.due_at, task.priority, list(task.tags)
    fields = (new_title, new_description, priority, tags, add_tags, remove_tags)
    only_reminder_or_repeat = reminding or cancel_reminder or stop_repeating
    followed = ""
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
        if task.due_at != before_due and planned is None:
            followed = await reminder_tools.follow_due(
                context.session,
                task=task,
                previous=previous,
                now=context.now,
                zone=context.zone,
                journal=context.journal,
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
    if followed:
        changes.append(followed)
    reminder = await set_planned_reminder(context, task, planned)
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
        changes.append(await _stop_repeating(context, task, series))
    summary = _joined(changes) or f"left {label(task)} as it was"
    return ok(
        f"Done: I {summary}." + zone_note(context, task) * (task.due_at != before_due),
        task=describe(task, context.zone),
        previous_title=before,
        **({"reminder": reminder[1]} if reminder else {}),
        **({"reminder_cancelled": bool(cancelled)} if cancel_reminder else {}),
    )


def _one_of(name: str, value: str | None, alias: str, other: str | None) -> str | None:
    """A field the tool contract also names `alias`: either name, not two different values."""
    if other is None or other == value:
        return value
    if value is not None:
        raise task_service.InvalidInput(
            f"Give {name} or {alias}, not both.", "Call the tool again with one of them."
        )
    return other


async def _stop_repeating(context: ToolContext, task: Task, series: Task | None) -> str:
    """A finished occurrence's series goes on in the one completing it added: stop that."""
    said = (
        f"stopped {label(task)} repeating" if task.repeat else f"found {label(task)} not repeating"
    )
    for stopped in (task, series):
        if stopped is not None and stopped.repeat:
            await task_service.stop_repeating(
                context.session, task=stopped, now=context.now, journal=context.journal
            )
    if series is not None:
        said = f"stopped {label(series)} repeating (the next one after {label(task)})"
    return said


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
