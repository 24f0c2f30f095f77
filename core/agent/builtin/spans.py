"""The temporal tagger: which words of a message say a date, a time, an amount of time or a
repeat. Every reader that must not take such words for a title asks here; `todobot explain`
shows them. Days and times are `dates.py`'s phrases (dateutil and dateparser underneath),
repeats are the patterns below (a rule, or how `repeating.py` makes one)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from typing import Literal

from core.agent.builtin.dates import SHAPE_NOW, DateReading, is_duration, phrases
from core.agent.builtin.lexicon.numbers import DAYS_OF_MONTH
from core.agent.builtin.lexicon.repeats import (
    DAILY,
    EVERY,
    MONTH,
    MONTHLY,
    ON_WORKDAYS,
    WEEKLY,
    WORKDAYS,
)
from core.agent.builtin.lexicon.time import WEEKDAYS
from core.agent.builtin.pattern import alt

Kind = Literal["date", "time", "datetime", "duration", "recurrence", "ambiguous date"]
_DAY = alt(WEEKDAYS)
# "monday", "mondays and thursdays", "tue, thu": a repeat's days (`repeating.py` reads them).
DAYS = rf"{_DAY}s?(?:\s*(?:,|and)\s*{_DAY}s?)*"
_EVERY = alt(EVERY)
_MONTH = alt(MONTH)
# A day of the month: "the 1st", "the first" (`repeating.py` reads it).
_NTH = rf"(?:\d{{1,2}}(?:st|nd|rd|th)?|{alt(DAYS_OF_MONTH)})"
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"\b{_EVERY}\s+{alt(WORKDAYS)}\b|\b{alt(ON_WORKDAYS)}\b", re.I),
     "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
    (re.compile(rf"\b{_EVERY}\s+(?P<days>{DAYS})\b", re.I),
     "weekly"),
    (re.compile(rf"\b(?:on\s+)?the\s+(?P<n>{_NTH})\s+of\s+{_EVERY}\s+{_MONTH}\b"
                rf"|\b{_EVERY}\s+{_MONTH}\s+on\s+the\s+(?P<m>{_NTH})\b", re.I),
     "monthday"),
    (re.compile(rf"\b{alt(DAILY)}\b", re.I), "FREQ=DAILY"),
    (re.compile(rf"\b{alt(WEEKLY)}\b", re.I), "FREQ=WEEKLY"),
    (re.compile(rf"\b{alt(MONTHLY)}\b", re.I), "FREQ=MONTHLY"),
)  # fmt: skip


@dataclass(frozen=True)
class Span:
    kind: Kind
    start: int
    end: int
    text: str
    value: str  # what it reads as: an ISO date or minute, or a repeat rule

    def __str__(self) -> str:
        return f"{self.kind} [{self.start}:{self.end}] “{self.text}” = {self.value}"


def tag(text: str, *, now: datetime = SHAPE_NOW, zone: tzinfo = UTC) -> list[Span]:
    """Every temporal span, in the order it starts (a repeat's days are the repeat's)."""
    repeats = _repeats(text)
    found = [Span("recurrence", start, end, text[start:end], rule) for start, end, rule in repeats]
    for match, reading in phrases(text, now=now, zone=zone):
        start, end = match.span()
        if any(span.start <= start < span.end for span in found):
            continue
        found.append(_dated(text, start, end, reading))
    return sorted(found, key=lambda span: span.start)


def _repeats(text: str) -> list[tuple[int, int, str]]:
    found: list[tuple[int, int, str]] = []
    for pattern, rule in PATTERNS:
        for match in pattern.finditer(text):
            if not any(start <= match.start() < end for start, end, _ in found):
                found.append((match.start(), match.end(), rule))
    return found


def _dated(text: str, start: int, end: int, reading: object) -> Span:
    said = text[start:end].strip()
    if not isinstance(reading, DateReading):
        return Span("ambiguous date", start, end, said, "asked which")
    timed: Kind = "datetime" if reading.at is not None else "date"
    kind: Kind = "duration" if is_duration(said) else timed
    return Span(kind, start, end, said, local_iso(reading))


def local_iso(reading: DateReading) -> str:
    """The local date, or date and minute, a reading names: as `add_task` and
    `update_task` take a due, and as `explain` shows a span."""
    if reading.at is None:
        return reading.day.isoformat()
    return f"{reading.day.isoformat()}T{reading.at.isoformat(timespec='minutes')}"
