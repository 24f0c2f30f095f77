"""Which calendar day a day phrase names ("tomorrow", "next tues", "the 15th", "15/3",
"March 15", "friday week", "end of the month"), against the person's today: dateutil's
relative dates, dateparser's month names. Pure; `dates.py` finds the phrases in a sentence."""

from __future__ import annotations

import functools
import re
from datetime import date, datetime, timedelta
from typing import Any

from dateutil.relativedelta import FR, SA, relativedelta, weekday
from dateutil.rrule import MONTHLY, rrule

from core.agent.builtin.lexicon.numbers import COUNT_WORDS, ORDINAL_WORDS
from core.agent.builtin.lexicon.time import (
    CALENDAR_UNITS,
    COUNTED_BASES,
    COUNTED_FROM,
    MONTH_WHICH,
    MONTH_WORDS,
    MONTHS,
    PERIODS,
    RELATIVE_DAYS,
    UNIT_MULTIPLES,
    UNITS,
    WEEK_AFTER,
    WEEK_WHICH,
    WEEKDAYS,
)
from core.agent.builtin.pattern import NOCASE, alt

ORD = r"(?:st|nd|rd|th)"
WD = rf"(?:{alt(WEEKDAYS)})"
MON = rf"(?:{alt(MONTHS)})\.?"
YEAR = r"(?:,?\s+(?:\d{4}))"
MONTH_DATE = (
    rf"{MON}\s+\d{{1,2}}{ORD}?{YEAR}?(?![\d:])"
    rf"|(?:the\s+)?\d{{1,2}}{ORD}?\s+(?:of\s+)?{MON}{YEAR}?"
)
ISO = r"\d{4}-\d{2}-\d{2}"
NUMERIC = r"\d{1,2}/\d{1,2}(?:/(?:\d{4}|\d{2}))?(?![\d/])|\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})?"
WHICH_MONTH = rf"(?:{alt(MONTH_WHICH)})"
OF_MONTH = rf"\s+of\s+(?:{WHICH_MONTH})\s+(?:{alt(MONTH_WORDS)})"
# "the 20th", "the 20th of next month", and "20 of this month" (the ordinal unsaid).
ORDINAL_DAY = rf"(?:the\s+)?\d{{1,2}}(?:{ORD}(?:{OF_MONTH})?|{OF_MONTH})"
WHICH_WEEK = rf"(?:{alt(WEEK_WHICH)})"
WEEKDAY = rf"(?:{WHICH_WEEK}\s+)?{WD}"
_NTH = {**{word: n for word, n in ORDINAL_WORDS.items() if -1 <= n <= 5}, "1st": 1, "2nd": 2,
        "3rd": 3, "4th": 4, "5th": 5}  # fmt: skip
# "the first monday of next month", "the last friday in March".
NTH_WEEKDAY = (
    rf"(?:the\s+)?(?:{alt(_NTH)})\s+{WD}\s+(?:of|in)\s+"
    rf"(?:(?:{WHICH_MONTH})\s+(?:{alt(MONTH_WORDS)})|{MON})"
)


# A day counted from another: "friday week" and "friday after next" (a week after the coming
# friday), "a week on friday", "two weeks from monday", "3 days after tomorrow" (not hours).
_DAY_UNITS = tuple(word for word, unit in UNITS.items() if unit.removesuffix("s") in CALENDAR_UNITS)
_COUNT = rf"(?:\d{{1,3}}|{alt(COUNT_WORDS)})"
_BASE = rf"(?:{WHICH_WEEK}\s+)?{WD}|{alt(COUNTED_BASES)}"
COUNTED = (
    rf"{WD}\s+{alt(WEEK_AFTER)}|{_COUNT}\s*{alt(_DAY_UNITS)}\s+{alt(COUNTED_FROM)}\s+(?:{_BASE})"
    rf"|{_COUNT}\s*{alt(_DAY_UNITS)}\s+{alt(COUNTED_BASES)}"
)
_AFTER = re.compile(rf"^(?P<day>{WD})\s+{alt(WEEK_AFTER)}$", NOCASE)
_FROM = re.compile(
    rf"^(?P<count>{_COUNT})\s*(?P<unit>{alt(_DAY_UNITS)})\s+(?:{alt(COUNTED_FROM)}\s+)?(?P<day>{_BASE})$",
    NOCASE,
)
_DAY_OF_MONTH = re.compile(
    rf"(?:the\s+)?(?P<day>\d{{1,2}})(?:{ORD}|(?=\s+of\s))"
    rf"(?:\s+of\s+(?P<which>{WHICH_MONTH})\s+{alt(MONTH_WORDS)})?"
)


@functools.cache
def _month_parser() -> Any:
    """dateparser's parser for calendar dates, built once (its first use loads its data)."""
    from dateparser.date import DateDataParser  # type: ignore[import-untyped]

    return DateDataParser(
        languages=["en"],
        settings={"PREFER_DAY_OF_MONTH": "first", "RETURN_TIME_AS_PERIOD": True},
    )


def day_named(words: str, local: datetime) -> date | tuple[date, date] | None:
    today = local.date()
    if words in RELATIVE_DAYS:
        return today + timedelta(days=RELATIVE_DAYS[words])
    if words in PERIODS:
        return period(PERIODS[words], today)
    if match := re.fullmatch(rf"(?:(?P<which>{WHICH_WEEK})\s+)?(?P<wd>{WD})", words):
        which = WEEK_WHICH[" ".join(match.group("which").split())] if match.group("which") else ""
        return _weekday(WEEKDAYS[match.group("wd")], which, today)
    if re.fullmatch(NUMERIC, words):
        return _numeric(words, today)
    if match := _DAY_OF_MONTH.fullmatch(words):
        which = MONTH_WHICH.get(match.group("which") or "", "")
        return _day_of_month(int(match.group("day")), which == "next", today)
    if re.fullmatch(rf"{ISO}|{MONTH_DATE}", words, NOCASE):
        return _month_date(words, today)
    if re.fullmatch(NTH_WEEKDAY, words, NOCASE):
        return _nth_weekday(words, today)
    return _counted(words, local)


def _counted(words: str, local: datetime) -> date | None:
    """The day `words` name when they count from another day."""
    if (match := _AFTER.match(words)) is not None:
        count, unit, base = 1.0, "weeks", match.group("day")
    elif (match := _FROM.match(words)) is not None:
        raw, named = match.group("count"), UNITS[match.group("unit")]
        times, unit = UNIT_MULTIPLES.get(named, (1, named))
        count = (COUNT_WORDS[raw] if raw in COUNT_WORDS else float(raw)) * times
        base = match.group("day")
    else:
        return None
    start = day_named(base, local)
    if not isinstance(start, date) or count != int(count):
        return None
    return start + relativedelta(**{unit: int(count)})  # type: ignore[arg-type]


def _nth_weekday(words: str, today: date) -> date | None:
    """ "the first monday of next month": dateutil's nth weekday of the month named."""
    nth, day, *_, month_word = words.removeprefix("the ").split()
    if month_word in MONTH_WORDS:
        first = today.replace(day=1) + relativedelta(months=1 if "next" in words else 0)
    else:
        first = date(today.year, MONTHS[month_word.rstrip(".")], 1)
        first += relativedelta(years=1 if first.month < today.month else 0)
    count = _NTH[nth]
    found: date = first + relativedelta(
        day=1 if count > 0 else 31, weekday=weekday(WEEKDAYS[day], count)
    )
    return found if found.month == first.month else None


def period(rule: str, today: date) -> date:
    """The day a period's rule (`PERIODS`) names, from today."""
    monday = today - timedelta(days=today.weekday())
    days = {
        "next_monday": monday + timedelta(days=7),
        "week_end": monday + timedelta(days=6),
        "friday": today + relativedelta(weekday=FR),
        "next_friday": monday + timedelta(days=11),
        "saturday": today if today.weekday() >= 5 else today + relativedelta(weekday=SA),
        "next_saturday": monday + timedelta(days=12),
        "month_end": today + relativedelta(day=31),
        "next_month": today + relativedelta(months=1, day=1),
        "next_month_end": today + relativedelta(months=1, day=31),
    }
    return days.get(rule, date(today.year, 12, 31))  # year_end


def _weekday(day: int, which: str, today: date) -> date:
    """ "next friday" is next week's, "last friday" the one past, "friday" said on a Friday
    next week's ("this friday" today)."""
    if which == "next":
        return today - timedelta(days=today.weekday()) + timedelta(days=7 + day)
    if which == "last":
        return today + relativedelta(days=-1, weekday=weekday(day, -1))
    return today + relativedelta(days=0 if which.startswith("this") else 1, weekday=day)


def _day_of_month(day: int, next_month: bool, today: date) -> date | None:
    """ "the 31st": the first month from today's (or next month) that has that day."""
    if not 1 <= day <= 31:
        return None
    start = today + relativedelta(months=1, day=1) if next_month else today
    return rrule(MONTHLY, dtstart=start, bymonthday=day, count=1)[0].date()


def _numeric(words: str, today: date) -> date | tuple[date, date] | None:
    parts = [int(part) for part in re.split(r"[/.]", words) if part]
    first, second = parts[0], parts[1]
    year = parts[2] if len(parts) > 2 else None
    if year is not None and year < 100:
        year += 2000
    readings = []
    for day, month in ((first, second), (second, first)):
        try:
            candidate = date(year or today.year, month, day)
        except ValueError:
            continue
        if year is None and candidate < today:
            candidate = candidate.replace(year=today.year + 1)
        if candidate not in readings:
            readings.append(candidate)
    if not readings:
        return None
    if len(readings) == 1 or "." in words:  # dots are written day-first everywhere they are used
        return readings[0]
    return readings[0], readings[1]


def _month_date(words: str, today: date) -> date | None:
    data = _month_parser().get_date_data(words)
    if data is None or data.date_obj is None:
        return None
    found: date = data.date_obj.date()
    if re.search(r"\d{4}", words):
        return found
    try:
        found = found.replace(year=today.year)
    except ValueError:  # 29 February
        return None
    return found if found >= today else found.replace(year=today.year + 1)
