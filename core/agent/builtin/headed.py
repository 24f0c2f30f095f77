"""A list under a header that names the day its tasks are for: "tasks for tomorrow: gym,
laundry", "things to do this weekend: …", "friday's todos: …", "tomorrow: …", "add these for
saturday: …". Pure: the header in, the date words each of its tasks takes (or None)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from core.agent.builtin.dates import DateReading, is_date, shape_of
from core.agent.builtin.lexicon.tasks import LIST_HEADERS, ONE_TASK_HEADERS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.text import clean

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
