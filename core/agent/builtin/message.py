"""One message's reading, top level: a reminder, a repeating task, or a request about tasks
(`parse`). Reminders and repeats are read first, so "remind me to call mom at 3pm" sets a
reminder rather than only adding a task; a reminder that repeats ("remind me to stretch every
day at 7am") is a repeating task, reminded each time."""

from __future__ import annotations

from datetime import datetime, tzinfo

from core.agent.builtin import reminding, repeating
from core.agent.builtin.context import Context
from core.agent.builtin.reminder_intents import ReminderIntent, RemindNew
from core.agent.builtin.repeating import AddRepeating, StopRepeating
from core.agent.builtin.trace import Reader

Scheduled = ReminderIntent | AddRepeating | StopRepeating


def scheduling_readers(
    context: Context, *, now: datetime, zone: tzinfo
) -> list[Reader[str, Scheduled | None]]:
    """The readers of reminders and repeats, in rank order, for a prepared message."""
    follows_reminder = bool(context.last_input.get("remind_at"))

    def repeat(text: str) -> AddRepeating | StopRepeating | None:
        return repeating.read(text, now=now, zone=zone)

    def reminder(text: str) -> ReminderIntent | None:
        asked = reminding.read(text, now=now, zone=zone, follows_reminder=follows_reminder)
        if isinstance(asked, RemindNew) and repeat(text) is not None:
            return None
        return asked

    def plain_repeat(text: str) -> AddRepeating | StopRepeating | None:
        found = repeat(text)
        return None if found is None or repeating.misread(found) else found

    return [("reminder", reminder), ("repeat", plain_repeat)]
