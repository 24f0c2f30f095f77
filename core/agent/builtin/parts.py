"""A message read in two parts across the reminder and the request readers: a request and then
a reminder ("finished 3, and remind me about 4 at 5pm"), or one reminder's verb and time
carried to a second task ("remind me at 5pm to call mom and to email dad"). Pure: the
readers come in as callables, and the caller acts on the parts in turn."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeGuard

from core.agent.builtin import clauses
from core.agent.builtin.intents import Delete, Intent, Several, Skipped, ref_of
from core.agent.builtin.lexicon.reminders import (
    REMIND_ASKS,
    REMIND_ME,
    REMINDER_FILLERS,
    REMINDER_LEAD_INS,
)
from core.agent.builtin.message import Scheduled
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.reminder_intents import RemindAbout, RemindBefore, RemindNew
from core.agent.builtin.single import definite, vague
from core.agent.builtin.spans import tag

_LEADS = alt((*REMINDER_LEAD_INS, *REMINDER_FILLERS))
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


def read(
    text: str, remind: Callable[[str], Scheduled | None], request: Callable[[str], Intent]
) -> Parts | None:
    """The two parts of `text`, or None when it is one request or one reminder."""
    if (both := request_then_reminder(text)) is not None:
        first, reminder = request(both[0]), remind(both[1])
        alone = isinstance(first, Delete)  # a delete's Confirm button stands alone
        if definite(first) and not vague(first) and not alone and names_its_task(reminder):
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
