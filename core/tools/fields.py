"""What the tools share about a task's fields: a task as tools return it (`describe`), and
reading a due, a day or a task reference from the arguments."""

from __future__ import annotations

from datetime import date, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from core.domain import task_fields, task_text
from core.domain import tasks as task_service
from core.domain.task_refs import parse_number_ref
from core.domain.when import Due, iso_local
from core.storage.models import Task, iso
from core.tools.context import ToolContext


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
    if said and parse_number_ref(said) != task_id:
        raise task_service.InvalidInput(
            "Give the task as task_id or as task_identifier, not both.",
            "Call the tool again with one of them.",
        )
    return f"#{task_id}"


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
