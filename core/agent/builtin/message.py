"""One message's reading, top level: a reminder, a repeating task, or a request about tasks
(`parse`). Reminders and repeats are read first, so "remind me to call mom at 3pm" sets a
reminder rather than only adding a task; a reminder that repeats ("remind me to stretch every
day at 7am") is a repeating task, reminded each time. A message may be read in two parts: a
request and then a reminder ("finished 3, and remind me about 4 at 5pm"), or one reminder's
verb and time carried to a second task ("remind me at 5pm to call mom and to email dad")."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, tzinfo
from functools import partial
from typing import TypeGuard

from core.agent.builtin import clauses, reminding, repeating
from core.agent.builtin.context import Context
from core.agent.builtin.intents import Add, Delete, Intent, Several, Skipped, TwoIntents, ref_of
from core.agent.builtin.lexicon.reminders import (
    CANCEL_VERBS,
    REMIND_ASKS,
    REMIND_ME,
    REMINDER_LEAD_INS,
)
from core.agent.builtin.lexicon.talk import SOFTENERS
from core.agent.builtin.lexicon.tasks import ALL_SHOWN
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import at_position, is_everything, parse_ref
from core.agent.builtin.reminder_intents import (
    CancelAllReminders,
    CancelReminder,
    RemindAbout,
    RemindBefore,
    ReminderIntent,
    RemindNew,
)
from core.agent.builtin.repeating import AddRepeating, StopRepeating
from core.agent.builtin.several_requests import acts
from core.agent.builtin.single import vague
from core.agent.builtin.spans import tag
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
    repeat = partial(repeating.read, now=now, zone=zone)

    def reminder(text: str) -> ReminderIntent | None:
        asked = reminding.read(text, now=now, zone=zone, follows_reminder=follows_reminder)
        return None if isinstance(asked, RemindNew) and repeat(text) is not None else asked

    def plain_repeat(text: str) -> AddRepeating | StopRepeating | None:
        found = repeat(text)
        return None if found is None or repeating.misread(found) else found

    shown = partial(shown_reminder, context=context)
    return [("shown reminder", shown), ("reminder", reminder), ("repeat", plain_repeat)]


_LEADS = alt(REMINDER_LEAD_INS)
# Where a reminder asked after a request starts, past a clause break: lead-ins ("…, and can
# you remind me", "… then pls ping me"), then the words that ask for it.
_REMIND_STARTS = re.compile(
    rf"(?:{_LEADS}\s+)*(?=(?:{alt(REMIND_ME)}|{alt(REMIND_ASKS)})\b)", NOCASE
)
_IT = re.compile(r"\b(?:it|them)\b", NOCASE)
_POINTER = re.compile(r"^(?:|it|that|this|them|those|these)$", NOCASE)
Named = RemindNew | RemindAbout | RemindBefore


@dataclass(frozen=True)
class Parts:
    """What to do in turn: a request (or none), a reminder, and a second reminder."""

    first: Intent | None
    reminder: Named | None = None
    also: RemindNew | None = None


def read_parts(
    text: str, remind: Callable[[str], Scheduled | None], request: Callable[[str], Intent]
) -> Parts | None:
    """The two parts of `text`, or None when it is one request or one reminder."""
    if (both := request_then_reminder(text)) is not None:
        first, reminder = request(both[0]), remind(both[1])
        if isinstance(first, Delete) and names_its_task(reminder):
            return Parts(TwoIntents(*both))  # a delete's Confirm button stands alone
        if (about := _about_the_add(first, reminder)) is not None:
            return Parts(first, about)  # "add X and remind me about it at 5"
        if acts(first) and not vague(first) and names_its_task(reminder):  # a report: an aside
            # "done 3, remind me to send it": done, and the reminder said back, not guessed
            return _named(first, reminder) or Parts(Several((first, Skipped(both[1]))))
    spans = tag(text)
    when = spans[-1] if spans and not text[spans[-1].end :].strip(" .!") else None
    said, tail = (text[: when.start], " " + when.text) if when is not None else (text, "")
    # "… to call mom and to email dad tomorrow at 10": the time at the end is both reminders'
    carried = clauses.carried(said, lambda left: _title(remind(left + tail)))
    if carried is not None:
        one, other = remind(carried[0] + tail), remind(carried[1] + tail)
        if isinstance(one, RemindNew) and isinstance(other, RemindNew):
            return Parts(None, one, other)
    return None


def _about_the_add(first: Intent, reminder: Scheduled | None) -> RemindAbout | RemindBefore | None:
    """ "add X and remind me about it at 5": the reminder points at the task the add makes
    (the act reads "it" from the turn's own calls first)."""
    if not isinstance(first, Add) or not isinstance(reminder, RemindAbout | RemindBefore):
        return None
    return reminder if _POINTER.match(reminder.target) else None


def _named(first: Intent, reminder: Named) -> Parts | None:
    """ "done with the report, remind me to send it monday": "it" is the task named before."""
    if not isinstance(reminder, RemindNew) or not _IT.search(reminder.title):
        return Parts(first, reminder)
    ref = ref_of(first)
    if ref is None or ref.kind != "title":
        return None  # "done 3, remind me to send it": which title "it" has is not read here
    return Parts(first, replace(reminder, title=_IT.sub(ref.text, reminder.title)))


def request_then_reminder(text: str) -> tuple[str, str] | None:
    """ "finished 3, and remind me about 4 at 5pm", "mark the essay done and remind me …":
    what comes before the words that ask for a reminder, and the rest from them on; None
    when the reminder comes first."""
    for cut in clauses.breaks(text):
        found = _REMIND_STARTS.match(text, cut.end)
        if found is not None and text[: cut.start].strip() and (cut.mark or cut.word != "so"):
            return text[: cut.start].strip(" ,;.:-–—"), text[found.end() :]
    return None


def _title(found: Scheduled | None) -> str | None:
    return found.title if isinstance(found, RemindNew) and not found.about else None


def names_its_task(found: Scheduled | None) -> TypeGuard[Named]:
    """A reminder that names its task itself, so it stands apart from a request before it
    ("…, remind me about it at 5" points at that request's task, and is left whole)."""
    if isinstance(found, RemindNew):
        return True
    return isinstance(found, RemindAbout | RemindBefore) and not _POINTER.match(found.target)
