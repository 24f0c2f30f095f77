"""Lines that are tasks by the date they name. A bare line with its date and no adding verb
("pay the water bill by friday", "haircut saturday 11am") is added, one without a date only
offered (`Unknown.maybe_task`); small talk around a day ("see you tomorrow") and questions are
no tasks. A header naming the day of a list ("tasks for tomorrow: gym, laundry", "friday's
todos: …", "add these for saturday: …") gives each task its date. A clause that told a new
task's date ("renew the insurance, it's due on the 14th") is, once the date is taken, no part
of its title. Pure: dates are only checked for their shape; the engine resolves them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from core.agent.builtin.adding import read_need
from core.agent.builtin.dates import DateReading, is_date, shape_of
from core.agent.builtin.intents import Add, Unknown
from core.agent.builtin.lexicon.links import (
    DUE_LINK_BARE,
    DUE_LINK_RELATIVES,
    DUE_LINK_STATES,
    DUE_LINK_SUBJECTS,
    DUE_LINK_VERBS,
)
from core.agent.builtin.lexicon.talk import NOT_A_TASK_STARTS, NOT_IN_TITLES, SMALL_TALK_STARTS
from core.agent.builtin.lexicon.tasks import LIST_HEADERS, ONE_TASK_HEADERS
from core.agent.builtin.lexicon.time import DATE_NAMES
from core.agent.builtin.lexicon.verbs import INTENSIFIERS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import parse_ref
from core.agent.builtin.text import clean, tidy_title
from core.agent.builtin.timed import title_fields

_SMALL_TALK = re.compile(rf"^{alt(SMALL_TALK_STARTS)}(?![\w'])", NOCASE)
_WORD = re.compile(r"[^\W\d_]{2,}")
_QUOTED = re.compile(r"[\"“”‘]|(?:^|\s)'")
# "buy milk should be done by friday", "the report is due friday, make it high": a sentence
# about a task (or two clauses), not a task's title
_SENTENCE = re.compile(rf"[,;.!]\s*\w|\b{alt(NOT_IN_TITLES)}\b", NOCASE)

_NOT_A_TASK = re.compile(
    r"^(?:what|why|how|when|where|who|which|is|are|do|does|did|has|have|had|was|were|should|"
    rf"can|could|would|will|you|your|this|that|let|{alt(NOT_A_TASK_STARTS)})\b",
    NOCASE,
)


def maybe_task(text: str) -> str | None:
    """Short, statement-like text could be a task the person wants noted."""
    words = text.split()
    if not words or len(words) > 12 or text.endswith("?") or len(text) > 200:
        return None
    ref = parse_ref(text)
    if ref is None or ref.kind != "title" or ref.text != tidy_title(text):
        return None  # "the milk one", "it", "2": pointing at a task, not naming a new one
    if _NOT_A_TASK.match(text):
        return None
    return tidy_title(text) or None


def added(text: str, found: Unknown) -> Add | None:
    """The whole message, which nothing else read, as a task with its date; None when it is
    not one (no date, no title left, a question, small talk, a sentence about something)."""
    if _QUOTED.search(text) or "?" in text:
        return None
    fields = title_fields(text)  # "prep slides - due wed, high prio, tag work"
    reading = shape_of(fields.title if fields.priority or fields.tags else text)
    if reading is None:
        return None
    rest = reading.rest.strip(" ,.!:;-–—")
    if (needed := read_need(rest)) is not None and maybe_task(needed):
        return Add(f"{needed} {reading.phrase}")  # "tomorrow I need to pick up the suit"
    title = found.maybe_task or (maybe_task(rest) and tidy_title(text))
    if not title or not _WORD.search(rest) or _SMALL_TALK.match(rest) or _SENTENCE.search(rest):
        return None
    return Add(title)


_HEADER = alt(LIST_HEADERS)
_NOUN_FIRST = re.compile(rf"^(?:(?:my|the|our)\s+)?(?P<noun>{_HEADER})\s+(?P<when>.+)$", NOCASE)
_DAY_FIRST = re.compile(rf"^(?P<when>.+?)(?:['’]s)?\s+(?P<noun>{_HEADER})$", NOCASE)


@dataclass(frozen=True)
class Header:
    when: str  # the date words, as said ("for tomorrow")
    one: bool = False  # "task for friday:": one task is named; its commas are its own


def dated_header(head: str, asks_to_add: Callable[[str], bool]) -> Header | None:
    said = clean(head).rstrip(" :-–—")
    for pattern in (_NOUN_FIRST, _DAY_FIRST):
        if (match := pattern.match(said)) and is_date(match.group("when")):
            one = " ".join(match.group("noun").lower().split()) in ONE_TASK_HEADERS
            return Header(match.group("when"), one=one)
    if is_date(said):
        return Header(said)
    reading = shape_of(said)  # "add these for tomorrow"
    if isinstance(reading, DateReading) and reading.rest and asks_to_add(reading.rest):
        return Header(reading.phrase)
    return None


_BREAK = r"(?:\s*[,;:]|\s+[-–—]+|\s+(?:and|but|so))\s*(?:(?:and|but|so)\s+)?"
_SAID = (
    rf"(?:['’]?s\b|\s*(?:['’]|\s)\s*{alt(DUE_LINK_VERBS)})"  # "it's", "its", "it has to be"
    rf"(?:\s+{alt(INTENSIFIERS)})?"
    rf"(?:\s+{alt(DUE_LINK_STATES)})?(?:\s+(?:the\s+)?{alt(DATE_NAMES)}(?:\s+is)?)?"
)
_LINK = re.compile(
    rf"(?:{_BREAK}(?:{alt(DUE_LINK_SUBJECTS)}{_SAID}|{alt(DUE_LINK_BARE)}"
    rf"(?:\s+{alt(DUE_LINK_STATES)})?|(?:the|its|their)(?:\s+{alt(DATE_NAMES)}(?:\s+is)?)?)"
    rf"|\s+{alt(DUE_LINK_RELATIVES)}{_SAID})\s*$",
    NOCASE,
)


def without_due_link(title: str) -> str:
    """`title` without the rest of a clause that told its date; the title itself if that
    would leave nothing."""
    match = _LINK.search(title)
    if match is None or not title[: match.start()].strip(" ,;-–—"):
        return title
    return title[: match.start()].strip(" ,;-–—")
