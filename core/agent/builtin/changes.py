"""Changes to a task's due date, priority or tags: "move the dentist to friday", "push it
back a week", "make the dentist 11am instead", "the essay has no deadline", and the changes
said with a field's name or a priority or tag verb (`field_changes.py`). Pure.

Date phrases are only checked for their shape here (`timed.is_date`); the engine resolves
them against the turn's "now" and the person's zone when it acts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC

from core.agent.builtin import due_told
from core.agent.builtin.adding import read_need
from core.agent.builtin.apart import read_apart
from core.agent.builtin.dates import AMOUNT, SHAPE_NOW, DateReading, read_amount
from core.agent.builtin.field_changes import (
    field_ref,
    read_field_change,
    read_priority_change,
    read_tag_change,
)
from core.agent.builtin.intents import EditFields
from core.agent.builtin.lexicon.fields import (
    FIELD_LABELS,
)
from core.agent.builtin.lexicon.numbers import AND_A_HALF
from core.agent.builtin.lexicon.reminders import INSTEAD
from core.agent.builtin.lexicon.talk import SOFTENERS
from core.agent.builtin.lexicon.time import (
    BE_MOVED,
    DATE_NAMES,
    DUE,
    DUE_DATE,
    GIVE_DATE_VERBS,
    MAKE_WHEN_VERBS,
    MARK_DUE_VERBS,
    MORE,
    MOVE_APART,
    MOVE_VERBS,
    MOVE_WAYS,
    NO_DATE,
    NOT_THE_OLD,
    PLACE_IT_VERBS,
    RETIME_VERBS,
    SAME_TIME,
    SHIFT_EARLIER,
    SHIFT_EARLIER_VERBS,
    SHIFT_LATER,
    SHIFT_VERBS,
)
from core.agent.builtin.lexicon.verbs import ANY_MORE, NEW_TASK_STARTS, NO_LONGER, WANT
from core.agent.builtin.pattern import alt
from core.agent.builtin.text import content_words
from core.agent.builtin.timed import is_date
from core.agent.builtin.words import NOCASE, ref_from

_DATE = alt(DATE_NAMES)
# "put the gym off till …": the verbs said apart, and what comes after the task.
_APART_VERBS, _, _PARTICLES = zip(*(said.partition(" ") for said in MOVE_APART), strict=True)
_APART = rf"(?P<verb>{alt(_APART_VERBS)})\s+(?P<apart>.+?)\s+(?P<particle>{alt(_PARTICLES)})"
_MOVE = re.compile(
    rf"^(?:{alt(MOVE_VERBS)}\s+(?P<ref>.+?)\s+(?:{alt(MOVE_WAYS)}\s+)?|{_APART}\s+)"
    rf"(?:(?:to|until|till|for|by|into|on)\s+|(?=in\s))(?P<when>.+?)(?:\s*,?\s+{alt(SAME_TIME)})?$",
    NOCASE,
)
_DUE_IS = re.compile(
    rf"^(?:{alt(MARK_DUE_VERBS)}\s+)?(?P<ref>.+?)(?:'s\s+{alt(DUE_DATE)}|\s+(?:is|should\s+be))?\s+"
    rf"(?:(?:is\s+)?{alt(DUE)}|{alt(DUE_DATE)}\s*(?:is|:)?)\s+(?:on\s+|by\s+|for\s+)?(?P<when>.+)$",
    NOCASE,
)
_CLEAR_DUE = re.compile(
    rf"^(?P<ref>.+?)\s+(?:has|needs|should\s+have)\s+no\s+{alt(DUE_DATE)}(?:\s+{alt(ANY_MORE)})?$"
    rf"|^(?:there'?s\s+|there\s+is\s+)?{alt(NO_DATE)}\s+(?:need\s+for\s+(?:a|any)\s+)?"
    rf"{alt(DUE_DATE)}\s+(?:for|on)\s+(?P<ref2>.+?)(?:\s+{alt(ANY_MORE)})?$"
    rf"|^(?P<ref3>.+?)\s+(?:{alt(NO_LONGER)}|doesn'?t|does\s+not)\s+{alt(WANT)}\s+"
    rf"(?:a|any|the|its|that)\s+{_DATE}(?:\s+{alt(ANY_MORE)})?$",
    NOCASE,
)
# "make the dentist 11am", "can the dentist be at 4pm instead": the task's words, then a date.
_MAKE_WHEN = re.compile(rf"^{alt(MAKE_WHEN_VERBS)}\s+(?P<body>.+)$", NOCASE)
_BE_WHEN = re.compile(
    r"^(?:(?:can|could|would|will|should)\s+)?(?P<ref>.+?)\s+"
    r"(?:(?:should|can|could|will|must|needs?\s+to|has\s+to)\s+)?be\s+"
    rf"(?:{alt(BE_MOVED)}\s+)?(?P<when>.+)$",
    NOCASE,
)
_WHEN_LEAD = re.compile(r"^(?:at|on|for|to|till|until|by)\s+", NOCASE)
_INSTEAD = re.compile(rf"\s*,?\s+{alt(INSTEAD)}$", NOCASE)
_NOT_THE_OLD = re.compile(
    rf"\s*[,;]?\s+(?:{alt(NOT_THE_OLD)})\s+(?P<old>(?:on\s+|at\s+|for\s+)?[^,;]+?)\s*$", NOCASE
)
# Words of a task a date may be read from: at most this many split points are tried.
MOST_WHEN_SPLITS = 12
_GIVE_DUE = re.compile(
    rf"^{alt(GIVE_DATE_VERBS)}\s+(?P<ref>.+?)\s+a\s+{alt(DUE_DATE)}\s+(?:of\s+|on\s+|for\s+)?(?P<when>.+)$",
    NOCASE,
)
_SHIFT_WAY = rf"(?P<way{{n}}>{alt(SHIFT_LATER + SHIFT_EARLIER)})"
_SHIFT = re.compile(
    rf"^(?P<verb>{alt(SHIFT_VERBS)})\s+(?P<ref>.+?)\s+(?:{_SHIFT_WAY.format(n=1)}\s+)?"
    rf"(?P<by>(?:by|for|to)\s+)?(?:{alt(MORE)}\s+)?(?P<amount>{AMOUNT}(?:\s+{alt(AND_A_HALF)})?)"
    rf"(?:\s+{_SHIFT_WAY.format(n=2)})?$",
    NOCASE,
)
_PLACE_IT = re.compile(
    rf"^{alt(PLACE_IT_VERBS)}\s+(?P<ref>it|that|this)\s+(?:for|on|to|till|until)\s+(?P<when>.+)$",
    NOCASE,
)
_RETIME = re.compile(
    rf"^(?:{alt(RETIME_VERBS)})\s+(?P<ref>.+?)\s+(?:to|for|at)\s+(?P<when>.+)$", NOCASE
)
_FIELD_NAMED = re.compile(rf"\b(?:{alt(FIELD_LABELS)})$", NOCASE)
# "the taxes are not that important, make it low priority": a clause naming the task, then
# a change that points back at it.
_ABOUT_THEN = re.compile(
    r"^(?P<clause>(?P<subject>[^,;]+?)\s+(?:is|are|isn'?t|aren'?t|was|were|can|can'?t|could|should|"
    r"shouldn'?t|has|have|needs?|seems?|looks?|got|became)\b[^,;]*)[,;]\s*"
    rf"(?:so\s+|then\s+|{alt(SOFTENERS)}\s+)?(?P<rest>.+)$",
    NOCASE,
)


def _shift(match: re.Match[str]) -> tuple[float, str] | None:
    """The amount, negative when the words pull the due in ("bring it forward an hour")."""
    amount = read_amount(match.group("amount"))
    if amount is None:
        return None
    verb = " ".join(match.group("verb").lower().split())
    ways = [w.lower() for w in (match.group("way1"), match.group("way2")) if w]
    if ways == ["in"] and not match.group("by"):
        return None  # "move it in a week": a date from now, not a shift
    if any(way in SHIFT_EARLIER for way in ways) or (not ways and verb in SHIFT_EARLIER_VERBS):
        return -amount[0], amount[1]
    return amount  # later: "push it back", "delay it", "move it 2 days"


_ADDING = re.compile(rf"^{alt(NEW_TASK_STARTS)}\b", NOCASE)
_PEOPLE = re.compile(r"^(?:i|we|you|they|he|she)$", NOCASE)


def read_change(text: str) -> EditFields | None:
    """A change to a task's due date, priority or tags; None when the text is not one."""
    # "add X due friday", "gotta finish X, it's due monday": a new task
    adding = _ADDING.match(text) is not None or read_need(text) is not None
    text = _INSTEAD.sub("", text)  # "move it to 11am instead"
    if re.match(r"^(?:what|which|when|how|is|are|do|does|any)\b", text, NOCASE):
        return None  # a question, not a change
    if not adding and (told := due_told.read_news(text, read_change)) is not None:
        return told  # "the haircut is at 4pm now", "can't do X today, move it to tomorrow"
    text = _without_the_old(text)
    for reader in _CHANGE_READERS:
        if (found := reader(text, adding)) is not None:
            return found
    return read_tag_change(text)


def _shifted(text: str, adding: bool) -> EditFields | None:
    if adding or not (match := _SHIFT.match(text)):
        return None
    ref, shift = field_ref(match.group("ref")), _shift(match)
    return EditFields(ref, shift=shift) if ref is not None and shift is not None else None


def _about_then(text: str, adding: bool) -> EditFields | None:
    """ "the taxes are not that important, make it low priority": the change, on the task."""
    if not (
        not adding  # "i have to renew the passport, it's due next month" is a new task
        and (match := _ABOUT_THEN.match(text))
        and not _PEOPLE.match(match.group("subject"))
        and read_change(match.group("clause")) is None  # "X is due friday, make it urgent": two
        and (then := read_change(match.group("rest")))
    ):
        return None
    subject = ref_from(match.group("subject"))
    if then.ref.kind == "pronoun" and subject is not None and subject.kind == "title":
        return replace(then, ref=subject)
    return then


def _due_said(text: str, adding: bool) -> EditFields | None:
    for pattern in (_MOVE, _PLACE_IT, _GIVE_DUE, _DUE_IS, _RETIME):
        if adding and pattern is _DUE_IS:
            continue
        if (match := pattern.match(text)) and is_date(match.group("when")):
            if pattern is _RETIME and _FIELD_NAMED.search(match.group("ref")):
                continue  # "change task 1's description to before noon": the text itself
            words = _task_words(match)
            ref = field_ref(_without_date_named(words)) if words is not None else None
            if ref is not None:
                return EditFields(ref, due_phrase=match.group("when").strip())
    return None


# "move the invoice deadline to noon": the task is the invoice, its date the one moved.
_DATE_NAMED = re.compile(rf"(?:['’]s)?\s+{alt(DATE_NAMES)}$", NOCASE)


def _without_date_named(words: str) -> str:
    left = _DATE_NAMED.sub("", words)
    return left if content_words(left) else words  # "move the date": the task in mind


def _task_words(match: re.Match[str]) -> str | None:
    """The words naming the task: `ref`, or those between a verb said apart and its own
    particle ("put X off"; not "put X back")."""
    named = match.groupdict()
    if named["ref"] or not named.get("apart"):
        return named["ref"]
    said = f"{named['verb']} {named['particle']}".casefold()
    return named["apart"] if said in MOVE_APART else None


def _due_cleared(text: str, adding: bool) -> EditFields | None:
    if not (match := _CLEAR_DUE.match(text)):
        return None
    refs = [match.group(f"ref{n}") for n in ("", 2, 3)]
    ref = field_ref(next((words for words in refs if words), None))
    return EditFields(ref, clear_due=True) if ref is not None else None


def _field(text: str, adding: bool) -> EditFields | None:
    found = read_field_change(text)
    return found if isinstance(found, EditFields) else None


def _without_the_old(text: str) -> str:
    """ "the bbq should be on sunday, not saturday": without the old date said after."""
    match = _NOT_THE_OLD.search(text)
    if match is None or not (is_date(match.group("old")) or match.group("old").isdigit()):
        return text
    return text[: match.start()]


def _told_when(text: str, adding: bool) -> EditFields | None:
    """ "make the dentist 11am", "can the dentist be at 4pm", "the vet should be on monday":
    the task's words, then a whole date. Without a move verb the words may be a new task
    ("make pancakes 8am tomorrow"), so the change is only tentative: the engine offers to add
    them when no task is named so."""
    if adding:
        return None
    if match := _MAKE_WHEN.match(text):
        words = match.group("body").split()
        for split in range(1, min(len(words), MOST_WHEN_SPLITS)):
            if (when := _date_of(" ".join(words[split:]))) is not None:
                return _tentative(" ".join(words[:split]), when, text)
            fields = read_apart(" ".join(words[split:]), now=SHAPE_NOW, zone=UTC)
            if fields is not None and isinstance(fields.reading, DateReading):
                # "make it high priority and due friday": a date and more fields
                found = _tentative(" ".join(words[:split]), fields.reading.phrase, text)
                if found is None:
                    return None
                return replace(found, priority=fields.priority, add_tags=fields.tags)
    if (match := _BE_WHEN.match(text)) and (when := _date_of(match.group("when"))) is not None:
        return _tentative(match.group("ref"), when, text)
    return None


def _date_of(words: str) -> str | None:
    """The words as a date ("at 10", "monday"), with or without the word that leads it."""
    for when in (words, _WHEN_LEAD.sub("", words)):
        if is_date(when):
            return when
    return None


_SOMETHING_NEW = re.compile(r"^(?:a|an|some|another)\b", NOCASE)


def _tentative(words: str, when: str, text: str) -> EditFields | None:
    """`words` name a task, unless they are a date or something new ("make a cake at 5")."""
    ref = field_ref(words)
    if ref is None or is_date(words) or _SOMETHING_NEW.match(words):
        return None
    return EditFields(ref, due_phrase=when, tentative=text if ref.kind == "title" else None)


# In order: the first reading found wins.
_CHANGE_READERS: tuple[Callable[[str, bool], EditFields | None], ...] = (
    _shifted,
    _about_then,
    _field,
    _due_said,
    _told_when,
    _due_cleared,
    read_priority_change,
)
