"""`update_task`: any field, the due's reminder following it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from core.domain import task_text
from core.domain import tasks as task_service
from core.domain.task_refs import resolve_task
from core.domain.task_text import label
from core.domain.when import Due
from core.reminders import repeats
from core.reminders import tooling as reminder_tools
from core.storage.models import Task
from core.tools.auditing import audited
from core.tools.context import ToolContext
from core.tools.envelope import Envelope, ok
from core.tools.fields import checked_due, describe, task_reference, zone_note
from core.tools.reminding import plan_reminder_argument, set_planned_reminder


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
    reminding = remind_at is not None or remind_before_due_minutes is not None
    _check_pairs(due=due, clear_due=clear_due, reminding=reminding, cancel=cancel_reminder)
    previous = task_text.due_of(task)
    new_due = _new_due(due, clear_due, context, keeps=previous)
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
    before = _Before(task)
    edit = _Edit(new_title, new_description, new_due, priority, tags, add_tags, remove_tags)
    followed = ""
    if edit.any_field() or not (reminding or cancel_reminder or stop_repeating):
        followed = await _apply(context, task, edit, previous, follows=planned is None)
    changes = _named_changes(task, before, new_title, new_description)
    changes += _field_changes(task, context, before.due_at, before.priority, before.tags)
    if followed:
        changes.append(followed)
    reminder = await set_planned_reminder(context, task, planned)
    if reminder is not None:
        changes.append(f"will remind you about {label(task)} {reminder[1]['when']}")
    cancelled = await _cancel(context, task, changes) if cancel_reminder else ""
    context.dates.extend(task_text.mentions(task, now=context.now, zone=context.zone))
    if stop_repeating:
        changes.append(await _stop_repeating(context, task, series))
    summary = _joined(changes) or f"left {label(task)} as it was"
    return ok(
        f"Done: I {summary}." + zone_note(context, task) * (task.due_at != before.due_at),
        task=describe(task, context.zone),
        previous_title=before.title,
        **({"reminder": reminder[1]} if reminder else {}),
        **({"reminder_cancelled": bool(cancelled)} if cancel_reminder else {}),
    )


class _Before:
    """The task's fields before the change, to say what changed."""

    def __init__(self, task: Task) -> None:
        self.title = task.title
        self.due_at = task.due_at
        self.priority = task.priority
        self.tags = list(task.tags)


@dataclass(frozen=True)
class _Edit:
    """The task's own fields a call changes (None keeps one)."""

    title: str | None
    description: str | None
    due: task_service.DueChange
    priority: str | None
    tags: list[str] | None
    add_tags: list[str] | None
    remove_tags: list[str] | None

    def any_field(self) -> bool:
        fields = (self.title, self.description, self.priority, self.tags)
        return (
            self.due is not task_service.KEEP_DUE
            or any(value is not None for value in fields)
            or self.add_tags is not None
            or self.remove_tags is not None
        )


def _check_pairs(*, due: str | None, clear_due: bool, reminding: bool, cancel: bool) -> None:
    if due and clear_due:
        raise task_service.InvalidInput("Set a new due date or clear it, not both.")
    if reminding and cancel:
        raise task_service.InvalidInput("Set a reminder or cancel it, not both.")


def _new_due(
    due: str | None, clear_due: bool, context: ToolContext, *, keeps: Due | None
) -> task_service.DueChange:
    if clear_due:
        return None
    if due:
        return checked_due(due, context, keeps=keeps, done="move it")
    return task_service.KEEP_DUE


async def _apply(
    context: ToolContext, task: Task, edit: _Edit, previous: Due | None, *, follows: bool
) -> str:
    """Write the fields; a reminder tied to the due follows it (unless one is being set)."""
    before_due = task.due_at
    await task_service.update_task(
        context.session,
        task=task,
        title=edit.title,
        description=edit.description,
        due=edit.due,
        priority=edit.priority,
        tags=edit.tags,
        add_tags=edit.add_tags or (),
        remove_tags=edit.remove_tags or (),
        now=context.now,
        journal=context.journal,
    )
    if task.due_at == before_due or not follows:
        return ""
    return await reminder_tools.follow_due(
        context.session,
        task=task,
        previous=previous,
        now=context.now,
        zone=context.zone,
        journal=context.journal,
    )


def _named_changes(
    task: Task, before: _Before, new_title: str | None, new_description: str | None
) -> list[str]:
    changes = []
    if new_title is not None and task.title != before.title:
        changes.append(f"renamed #{task.number} from “{before.title}” to “{task.title}”")
    if new_description is not None:
        changes.append(
            f"set the description of #{task.number} to “{task.description}”"
            if task.description
            else f"cleared the description of #{task.number}"
        )
    return changes


async def _cancel(context: ToolContext, task: Task, changes: list[str]) -> str:
    cancelled = await reminder_tools.cancel_reminder(
        context.session, task=task, journal=context.journal
    )
    changes.append(
        f"cancelled the reminder for {label(task)}"
        if cancelled
        else f"found no reminder to cancel on {label(task)}"
    )
    return cancelled


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
