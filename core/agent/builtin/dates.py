"""Reading a date or time out of what a person wrote: text, their "now" and zone in; the text
without the date phrase and the due it names out. A phrase is an optional lead ("due", "by"),
a day (`days.py`), a time (`clock.py`) and a part of the day, in either order. A day-and-month
in digits that reads both ways ("3/4") is an `AmbiguousDate`, so the engine asks back.

    >>> read_date("call mom tomorrow at 3pm", now=now, zone=zone)
    DateReading(rest='call mom', phrase='tomorrow at 3pm', due=Due(...15:00...), ...)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from dateutil.relativedelta import relativedelta

from core.agent.builtin.clock import STRONG_TIME, TIME, ahead_today, time_of_day
from core.agent.builtin.days import (
    COUNTED,
    ISO,
    MONTH_DATE,
    NTH_WEEKDAY,
    NUMERIC,
    ORDINAL_DAY,
    WEEKDAY,
    WHICH_WEEK,
    day_named,
)
from core.agent.builtin.lexicon.numbers import AND_A_HALF, COUNT_WORDS, HALF
from core.agent.builtin.lexicon.time import (
    DATES_ANYWHERE,
    DUE_LEADS,
    PARTS_OF_DAY,
    PERIODS,
    RELATIVE_DAYS,
    SAME_NEXT,
    UNIT_MULTIPLES,
    UNITS,
)
from core.agent.builtin.pattern import NOCASE, alt
from core.domain.when import Due, due_on


@dataclass(frozen=True)
class DateReading:
    rest: str  # the text without the date phrase
    phrase: str  # the words read as the date, as written
    due: Due
    day: date  # the local day
    at: time | None  # the local time, when one was said


@dataclass(frozen=True)
class AmbiguousDate:
    """ "3/4": the 3rd of April or March 4th? Never guessed; the engine asks."""

    rest: str
    phrase: str
    readings: tuple[date, date]


Reading = DateReading | AmbiguousDate


_HALF = rf"(?:\s+(?:{alt(AND_A_HALF)}))?"
_RELATIVE = rf"(?:{alt(RELATIVE_DAYS)})"
_PERIOD = rf"(?:{alt(PERIODS)})"
_COUNT = rf"(?:\d+(?:\.\d+)?|{alt(COUNT_WORDS)})"
_DURATION = (
    rf"in\s+{_COUNT}\s*(?:{alt(UNITS)}){_HALF}"
    rf"|{_COUNT}\s*(?:{alt(UNITS)})\s+(?:from\s+now|ago)"
)
_PART = rf"(?:{alt(PARTS_OF_DAY)})"
_DAY = (
    rf"(?:{COUNTED}|{_RELATIVE}|{_PERIOD}|{ISO}|{NTH_WEEKDAY}|{MONTH_DATE}|{NUMERIC}|{ORDINAL_DAY}"
    rf"|{WEEKDAY})"
)
_TAIL = rf"(?:\s*,?\s*(?:{TIME}|{_PART}))"
_LEAD = rf"(?:(?:{alt(DUE_LEADS)})\s+)"
_PHRASE = re.compile(
    rf"(?<![\w#/.:-])(?P<lead>{_LEAD})?(?P<body>"
    rf"{_DAY}{_TAIL}{{0,2}}"
    rf"|(?:{TIME})(?:\s*,?\s*(?:on\s+)?(?:{_DAY}(?:\s+{_PART})?|{_PART}))?"
    rf"|{_PART}(?:\s*,?\s*(?:{TIME}))?"
    rf"|{_DURATION}"
    r")(?![\w/])",
    NOCASE,
)
# Bodies that are clearly dates wherever they stand; the rest need a lead or an edge.
_STRONG = re.compile(
    rf"^(?:{_RELATIVE}|{ISO}|{MONTH_DATE}|{NTH_WEEKDAY}|{WHICH_WEEK}\s+|in\s+\d|in\s+(?:a|an|{alt(HALF)})\b|"
    rf"{_PERIOD}$|(?:{STRONG_TIME})|{alt(DATES_ANYWHERE)})",
    NOCASE,
)


# Any instant will do when only the shape of a phrase matters.
SHAPE_NOW = datetime(2026, 1, 7, 12, 0, tzinfo=UTC)


def shape_of(text: str) -> Reading | None:
    """The first date phrase in `text` by its shape; the engine resolves it when it acts."""
    return read_date(text, now=SHAPE_NOW, zone=UTC)


def is_date(text: str) -> bool:
    """`text` is nothing but a date ("friday", "next week at 9")."""
    return read_whole_date(text, now=SHAPE_NOW, zone=UTC) is not None


def read_date(text: str, *, now: datetime, zone: tzinfo) -> Reading | None:
    """The first date phrase in `text` that reads as one, with the rest of the text; a day
    and a time said on either side of a title ("tmrw dentist appt 10am") are one due."""
    first = next((reading for _, reading in phrases(text, now=now, zone=zone)), None)
    if not isinstance(first, DateReading) or first.at is not None:
        return first
    then = next((reading for _, reading in phrases(first.rest, now=now, zone=zone)), None)
    if not isinstance(then, DateReading) or then.at is None or not is_time_only(then.phrase):
        return first
    phrase = f"{first.phrase} … {then.phrase}"
    return DateReading(then.rest, phrase, due_on(first.day, then.at, zone), first.day, then.at)


def phrases(text: str, *, now: datetime, zone: tzinfo) -> Iterator[tuple[re.Match[str], Reading]]:
    """Every date phrase in `text` that reads as one, in order, with what it reads as."""
    local = now.astimezone(zone)
    for match in _phrase_matches(text):
        lead, body = match.group("lead") or "", match.group("body")
        at_end = not text[match.end() :].strip(" ,.!?;")
        at_start = not text[: match.start()].strip(" ,")
        if not (lead or at_end or at_start or _STRONG.match(body)):
            continue  # "plan monday meeting": a weekday inside a title is part of it
        reading = _resolve(body, local, zone)
        if reading is None:
            continue
        rest = _without(text, match.start(), match.end())
        phrase = text[match.start() : match.end()].strip()
        if isinstance(reading, DateReading):
            yield match, replace(reading, rest=rest, phrase=phrase)
        else:
            yield match, AmbiguousDate(rest, phrase, reading)


@functools.lru_cache(maxsize=256)
def _phrase_matches(text: str) -> tuple[re.Match[str], ...]:
    """Where date phrases may stand in `text`: one scan of the long pattern per message,
    though its follow-ups, reminders and spans each look for dates in it."""
    return tuple(_PHRASE.finditer(text))


def is_duration(body: str) -> bool:
    """ "in 20 minutes", "2 days from now": an amount of time from now."""
    return re.fullmatch(_DURATION, " ".join(body.lower().split()), NOCASE) is not None


def read_whole_date(text: str, *, now: datetime, zone: tzinfo) -> Reading | None:
    """`text` read as nothing but a date ("friday", "next week at 9"); None otherwise."""
    reading = read_date(text.strip(), now=now, zone=zone)
    if reading is None or reading.rest.strip(" ,.!?"):
        return None
    return reading


def is_time_only(text: str) -> bool:
    """ "11am", "at 5:30pm", "noon": a time of day with no day (a change keeps the task's day)."""
    return re.fullmatch(rf"\s*(?:{TIME})\s*", text, NOCASE) is not None


# "the same day next week" is an amount too: a due moved by it keeps its weekday and time.
AMOUNT = rf"(?:(?P<count>{_COUNT})\s*(?P<unit>{alt(UNITS)})|{alt(SAME_NEXT)})"


def read_amount(text: str) -> tuple[float, str] | None:
    """ "two days", "an hour", "30 mins": the count and the unit (UNITS' plural name)."""
    match = re.fullmatch(rf"\s*{AMOUNT}{_HALF}\s*", text, NOCASE)
    if match is None:
        return None
    if match.group("unit") is None:  # "and a half" makes no sense after "the same day next week"
        said = " ".join(text.lower().split())
        return (1, SAME_NEXT[said]) if said in SAME_NEXT else None
    raw = match.group("count").lower()
    count = COUNT_WORDS[raw] if raw in COUNT_WORDS else float(raw)
    if any(half in text.lower() for half in AND_A_HALF):
        count += 0.5
    return _in_units(count, UNITS[match.group("unit").lower()])


_UNIT_MINUTES = {"minutes": 1, "hours": 60, "days": 60 * 24, "weeks": 60 * 24 * 7}


def minutes_in(text: str) -> int | None:
    """ "30 min", "an hour", "half an hour", "2 days": the amount in minutes."""
    amount = read_amount(text)
    if amount is None or amount[1] not in _UNIT_MINUTES:
        return None
    return int(amount[0] * _UNIT_MINUTES[amount[1]])


def _in_units(count: float, unit: str) -> tuple[float, str]:
    """A fortnight as two weeks: the count in a unit the calendar knows."""
    times, unit = UNIT_MULTIPLES.get(unit, (1, unit))
    return count * times, unit


def _without(text: str, start: int, end: int) -> str:
    rest = (text[:start].rstrip() + " " + text[end:].lstrip()).strip()
    rest = re.sub(r"\s+([,.;!?])", r"\1", rest)
    rest = re.sub(r"\s{2,}", " ", rest)
    return rest.strip(" ,;-–—").strip()


_Resolved = DateReading | tuple[date, date]  # without its rest and phrase yet


def _resolve(body: str, local: datetime, zone: tzinfo) -> _Resolved | None:
    words = " ".join(body.lower().split())
    if match := re.fullmatch(_DURATION, words, NOCASE):
        return _duration(match.group(0), local, zone)
    clock, words = _take_time(words)
    part, words = _take_part(words, clocked=clock is not None)
    words = re.sub(r"^(?:on|at)\s+|\s*,\s*$", "", words).strip(" ,")
    at = time_of_day(clock, part)
    if words:
        day = day_named(words, local)
        if day is None:
            return None
        if isinstance(day, tuple):
            return day
    elif at is None:
        return None
    else:  # a time alone: the next time the clock shows it
        day = local.date()
        passed = datetime.combine(day, at) <= local.replace(tzinfo=None)
        if passed and (part is None or part in ("night", "at night")):
            day += timedelta(days=1)
    if at is None and part is None and words == "tonight":
        at = time(*PARTS_OF_DAY["tonight"])
    if clock is None and at is not None and datetime.combine(day, at) <= local.replace(tzinfo=None):
        at = None  # "tonight" said at 21:30: later today, the part's own hour gone by
    if at is not None and clock is not None and part is None:
        at = ahead_today(at, clock, day, local)
    return DateReading("", "", due_on(day, at, zone), day, at)


def _take_time(words: str) -> tuple[str | None, str]:
    match = re.search(rf"(?:^|\s|,)(?P<time>{TIME})$|^(?P<first>{TIME})(?:\s|,|$)", words, NOCASE)
    if match is None:
        return None, words
    found = match.group("time") or match.group("first")
    start, end = match.span("time") if match.group("time") else match.span("first")
    return found, (words[:start] + " " + words[end:]).strip(" ,")


def _take_part(words: str, *, clocked: bool) -> tuple[str | None, str]:
    """The part of the day said last; "tomorrow morning" without a time is one relative day
    (its own hour), with one ("at 6:45 tomorrow morning") the part says which 6:45."""
    if words in RELATIVE_DAYS and words != "tonight" and not clocked:
        return None, words
    match = re.search(rf"(?:^|\s)(?P<part>{_PART})$", words, NOCASE)
    if match is None:
        return None, words
    part = match.group("part")
    rest = words[: match.start("part")].strip(" ,")
    if part == "tonight":
        return "tonight", rest or "today"
    return part, rest


def _duration(text: str, local: datetime, zone: tzinfo) -> _Resolved | None:
    amount = read_amount(re.sub(r"^in\s+|\s+(?:from\s+now|ago)$", "", text))
    if amount is None:
        return None
    count, unit = amount
    try:
        return _after(-count if text.endswith("ago") else count, unit, local, zone)
    except (OverflowError, ValueError):  # "in 99999 years": past the calendar's end, which
        return DateReading("", "", due_on(date.max, None, zone), date.max, None)  # the tools refuse


def _after(count: float, unit: str, local: datetime, zone: tzinfo) -> DateReading:
    if unit in ("minutes", "hours"):  # elapsed time, so across a DST change too
        moment = _whole_second(local.astimezone(UTC) + timedelta(**{unit: count}))
        shown = moment.astimezone(zone)
        return DateReading("", "", Due(moment, True), shown.date(), shown.time())
    whole = int(count)
    day = local.date() + relativedelta(**{unit: whole})  # type: ignore[arg-type]
    if count != whole and unit == "days":
        day += timedelta(days=1)
    return DateReading("", "", due_on(day, None, zone), day, None)


def _whole_second(moment: datetime) -> datetime:
    """ "in a minute" read at 10:00:30 is 10:01:30, not 10:01: a reminder never goes off
    before the moment asked (a part of a second counts as a whole one)."""
    whole = moment.replace(microsecond=0)
    return whole if whole == moment else whole + timedelta(seconds=1)
