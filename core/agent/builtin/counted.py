"""A day counted from another day: "friday week" and "friday after next" (British: a week
after the coming friday), "a week on friday", "two weeks from monday", "a week today", "a
week from tomorrow", "3 days after tomorrow". Pure; `dates.py` finds the phrase, this says
which day it names."""

from __future__ import annotations

import re
from datetime import date, datetime

from dateutil.relativedelta import relativedelta

from core.agent.builtin.days import WD, WHICH_WEEK, day_named
from core.agent.builtin.lexicon.numbers import COUNT_WORDS
from core.agent.builtin.lexicon.time import (
    CALENDAR_UNITS,
    COUNTED_BASES,
    COUNTED_FROM,
    UNIT_MULTIPLES,
    UNITS,
    WEEK_AFTER,
)
from core.agent.builtin.pattern import NOCASE, alt

# Units a day can be counted in (not hours: "2 hours from tomorrow" is no day).
_DAY_UNITS = tuple(word for word, unit in UNITS.items() if unit.removesuffix("s") in CALENDAR_UNITS)
_COUNT = rf"(?:\d{{1,3}}|{alt(COUNT_WORDS)})"
COUNTED = (
    rf"{WD}\s+{alt(WEEK_AFTER)}"
    rf"|{_COUNT}\s*{alt(_DAY_UNITS)}\s+{alt(COUNTED_FROM)}\s+(?:{WHICH_WEEK}\s+)?{WD}"
    rf"|{_COUNT}\s*{alt(_DAY_UNITS)}\s+(?:{alt(COUNTED_FROM)}\s+)?{alt(COUNTED_BASES)}"
)
_AFTER = re.compile(rf"^(?P<day>{WD})\s+{alt(WEEK_AFTER)}$", NOCASE)
_FROM = re.compile(
    rf"^(?P<count>{_COUNT})\s*(?P<unit>{alt(_DAY_UNITS)})\s+(?:{alt(COUNTED_FROM)}\s+)?"
    rf"(?P<day>(?:{WHICH_WEEK}\s+)?{WD}|{alt(COUNTED_BASES)})$",
    NOCASE,
)


def day_counted(words: str, local: datetime) -> date | None:
    """The day `words` names when they count from another day; None otherwise."""
    words = " ".join(words.lower().split())
    if (match := _AFTER.match(words)) is not None:
        count, unit, base = 1.0, "weeks", match.group("day")
    elif (match := _FROM.match(words)) is not None:
        raw, named = match.group("count"), UNITS[match.group("unit")]
        count = COUNT_WORDS[raw] if raw in COUNT_WORDS else float(raw)
        times, unit = UNIT_MULTIPLES.get(named, (1, named))
        count, base = count * times, match.group("day")
    else:
        return None
    start = day_named(base, local)
    if not isinstance(start, date) or count != int(count):
        return None
    return start + relativedelta(**{unit: int(count)})  # type: ignore[arg-type]
