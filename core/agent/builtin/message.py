"""One message's reading, top level: a reminder, a repeating task, or a request about tasks
(`parse`). Reminders and repeats are read first, so "remind me to call mom at 3pm" sets a
reminder rather than only adding a task; a reminder that repeats ("remind me to stretch every
day at 7am") is a repeating task, reminded each time."""

from __future__ import annotations

import re
from datetime import datetime, tzinfo

from core.agent.builtin import reminding, repeating
from core.agent.builtin.context import Context
from core.agent.builtin.lexicon.reminders import CANCEL_VERBS
from core.agent.builtin.lexicon.talk import SOFTENERS
from core.agent.builtin.lexicon.tasks import ALL_SHOWN
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import at_position, is_everything, parse_ref
from core.agent.builtin.reminder_intents import (
    CancelAllReminders,
    CancelReminder,
    ReminderIntent,
    RemindNew,
)
from core.agent.builtin.repeating import AddRepeating, StopRepeating
from core.agent.builtin.trace import Reader

Scheduled = ReminderIntent | AddRepeating | StopRepeating
_CANCELLING = re.compile(
    rf"^(?:{alt(SOFTENERS)}\s+)?{alt(CANCEL_VERBS)}\s+(?P<ref>.+?)(?:\s+{alt(SOFTENERS)})?[\s.!]*$",
    NOCASE,
)
_ALL_SHOWN = re.compile(alt(ALL_SHOWN), NOCASE)


def shown_reminder(text: str, context: Context) -> CancelReminder | CancelAllReminders | None:
    """ "delete it", "cancel the second one", "drop them all" right after a listing of
    reminders: the reminders it showed, by the dialogue state, not a task."""
    found = _CANCELLING.match(text.strip())
    if not context.shown_reminders or found is None:
        return None
    said = found.group("ref")
    if is_everything(said) or _ALL_SHOWN.fullmatch(said):
        return CancelAllReminders()
    ref = parse_ref(said)
    listing = list(context.listing)
    if ref is None or ref.kind == "title":
        return None
    if ref.kind == "number":
        return CancelReminder(f"#{ref.number}")
    task = at_position(listing, ref.position or 0) if ref.kind == "ordinal" else None
    if ref.kind == "pronoun" and len(listing) == 1:
        task = listing[0]
    return CancelReminder(f"#{task.number}") if task is not None else None


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

    def shown(text: str) -> CancelReminder | CancelAllReminders | None:
        return shown_reminder(text, context)

    return [("shown reminder", shown), ("reminder", reminder), ("repeat", plain_repeat)]
