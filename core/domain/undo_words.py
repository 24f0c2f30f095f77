"""What an undo says: the changes it took back, or why it took back nothing."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from core.domain.undoing import UndoOutcome, UndoResult
from core.storage.models import Change

_FIELD_NAMES = {"due_at": "due date", "due": "due date", "remind_at": "reminder time"}
# Columns that change along with another and need no words of their own.
_BOOKKEEPING = frozenset({"completed_at", "deleted_at", "due_has_time"})


def window_words(seconds: int) -> str:
    if seconds % 60 == 0 and seconds >= 60:
        minutes = seconds // 60
        return f"{minutes} minute" + ("" if minutes == 1 else "s")
    return f"{seconds} seconds"


def describe_undo(undone: list[Change]) -> str:
    """One sentence naming every change taken back, newest first as they were undone."""
    parts = [_taken_back(change) for change in undone]
    return "Undone: " + "; ".join(parts) + "."


# What taking back a change of each kind says, of its subject.
_TAKEN_BACK = {
    "added": "removed {subject}, which you had just added",
    "completed": "{subject} is not done any more",
    "reopened": "{subject} is done again",
    "deleted": "{subject} is back from the trash",
    "restored": "{subject} is back in the trash",
    "reminder_cancelled": "{subject} is set again",
    "reminder_set": "{subject} is cancelled",
    "reminder_moved": "{subject} is back at its earlier time",
}


def _taken_back(change: Change) -> str:
    subject = change.summary
    before: dict[str, Any] = change.before or {}
    if change.kind == "updated":
        return _fields_back(change, before)
    if change.kind == "assigned":
        held = before.get("assignee_id")
        return f"{subject} is back with its earlier holder" if held else f"{subject} has no holder"
    template = _TAKEN_BACK.get(change.kind)
    if template is not None:
        return template.format(subject=subject)
    return f"took back the {change.kind.replace('_', ' ')} of {subject}"


def _fields_back(change: Change, before: dict[str, Any]) -> str:
    number = change.summary.split(" ", 1)[0]
    parts = []
    for name, value in before.items():
        if name == "title":
            parts.append(f"{number} is called “{value}” again")
        elif name == "description":
            parts.append(
                f"the description of {number} is back to “{value}”"
                if value
                else f"{number} has no description again"
            )
        elif name not in _BOOKKEEPING:
            field = _FIELD_NAMES.get(name, name.replace("_", " "))
            shown = _shown(value)
            parts.append(
                f"the {field} of {number} is back to {shown}"
                if shown not in (None, "", [])
                else f"{number} has no {field} again"
            )
    return " and ".join(parts) or f"{change.summary} is as it was"


def _shown(value: Any) -> Any:
    if isinstance(value, list):
        return ", ".join("#" + str(item) for item in value)
    if isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            return value
        return moment.strftime("%Y-%m-%d %H:%M UTC")
    return value


def refusal(result: UndoResult, *, window_seconds: int) -> str:
    window = window_words(window_seconds)
    match result.outcome:
        case UndoOutcome.NOTHING:
            return (
                f"Nothing to undo: you have made no change in the last {window} that is not "
                "undone already, so I changed nothing."
            )
        case UndoOutcome.EXPIRED:
            return f"Too late to undo that: a change can be undone for {window}."
        case UndoOutcome.ALREADY_UNDONE:
            return "That was already undone; nothing more to do."
        case UndoOutcome.CHANGED_SINCE:
            subject = result.changes[0].summary if result.changes else "That task"
            return (
                f"I can't undo that: {subject} has changed since. "
                "Say “undo” to take back your latest change first."
            )
        case UndoOutcome.NOT_YOURS:
            return "Only the person who made this change can undo it."
    return "That Undo button no longer works."
