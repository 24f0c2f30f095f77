"""Tasks as plain text in the person's zone: listing lines, headings and change summaries.
Pure; the console, Telegram and the API show these, Slack swaps in its date tokens."""

from __future__ import annotations

from datetime import datetime, tzinfo

from core.domain.when import Due, show_due, show_due_plain
from core.storage.models import Task
from core.types import DateMention

__all__ = ["show_due_plain"]

PRIORITY_MARK = {"high": "‼️ high", "medium": "❗ medium"}
_WINDOW_NAMES = {
    "overdue": "overdue",
    "today": "due today",
    "tomorrow": "due tomorrow",
    "this_week": "due this week",
    "next_week": "due next week",
    "no_due": "without a due date",
}


def label(task: Task) -> str:
    """How a task is named in an answer: `#3 “call mom”`."""
    return f"#{task.number} “{task.title}”"


def due_of(task: Task) -> Due | None:
    return Due(task.due_at, task.due_has_time) if task.due_at is not None else None


def tags_text(tags: list[str]) -> str:
    return " ".join(f"#{tag}" for tag in tags)


def details(task: Task, *, now: datetime, zone: tzinfo) -> list[str]:
    """The marks after a title: due, priority (when not low), tags."""
    parts = []
    due = due_of(task)
    if due is not None and not task.completed:
        shown = show_due(due, now=now, zone=zone)
        parts.append(shown if shown.startswith("overdue") else "due " + shown)
    elif due is not None:
        parts.append("was due " + show_due_plain(due, zone, now=now))
    if task.priority in PRIORITY_MARK:
        parts.append(PRIORITY_MARK[task.priority])
    if task.tags:
        parts.append(tags_text(task.tags))
    return parts


def task_line(task: Task, *, now: datetime, zone: tzinfo, show_done: bool = True) -> str:
    mark = "✓ " if task.completed and show_done else ""
    description = f" — {task.description}" if task.description else ""
    marks = details(task, now=now, zone=zone)
    shown = f" ({', '.join(marks)})" if marks else ""
    return f"{task.number}. {mark}{task.title}{shown}{description}"


def window_name(window: str) -> str:
    return _WINDOW_NAMES.get(window, window)


def added_details(task: Task, *, now: datetime, zone: tzinfo) -> str:
    """ " due tomorrow (Tue 3 Mar) at 15:00, high priority, #errands" or ""."""
    parts = []
    due = due_of(task)
    if due is not None:
        parts.append("due " + show_due_plain(due, zone, now=now))
    if task.priority != "low":
        parts.append(f"{task.priority} priority")
    if task.tags:
        parts.append("tagged " + tags_text(task.tags))
    return ", ".join(parts)


def mentions(task: Task, *, now: datetime, zone: tzinfo) -> list[DateMention]:
    """The ways the texts here show this task's due, unless it has passed (that reads as
    "overdue by …", which needs no localising)."""
    due = due_of(task)
    if due is None or due.deadline(zone) <= now:
        return []
    shown = {show_due(due, now=now, zone=zone), show_due_plain(due, zone, now=now)}
    return [
        DateMention(text, due.at, due.has_time) for text in sorted(shown, key=len, reverse=True)
    ]
