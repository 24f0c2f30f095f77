"""Which calendar day a day phrase names ("tomorrow", "next tues", "the 15th", "15/3",
"March 15", "end of the month"), against the person's today. Pure; `dates.py` finds the
phrases in a sentence and reads their times."""

from __future__ import annotations

import calendar
import functools
import re
from datetime import date, datetime, timedelta
from typing import Any

from dateutil.relativedelta import relativedelta, weekday

from core.agent.builtin.lexicon.numbers import ORDINAL_WORDS
from core.agent.builtin.lexicon.time import (
    MONTH_WHICH,
    MONTH_WORDS,
    MONTHS,
    PERIODS,
    RELATIVE_DAYS,
    WEEK_WHICH,
    WEEKDAYS,
)
from core.agent.builtin.pattern import alt

NOCASE = re.IGNORECASE

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
ORDINAL_DAY = rf"(?:the\s+)?\d{{1,2}}{ORD}(?:{OF_MONTH})?"
WHICH_WEEK = rf"(?:{alt(WEEK_WHICH)})"
WEEKDAY = rf"(?:{WHICH_WEEK}\s+)?{WD}"
_NTH = {**{word: n for word, n in ORDINAL_WORDS.items() if -1 <= n <= 5}, "1st": 1, "2nd": 2,
        "3rd": 3, "4th": 4, "5th": 5}  # fmt: skip
# "the first monday of next month", "the last friday in March".
NTH_WEEKDAY = (
    rf"(?:the\s+)?(?:{alt(_NTH)})\s+{WD}\s+(?:of|in)\s+"
    rf"(?:(?:{WHICH_MONTH})\s+(?:{alt(MONTH_WORDS)})|{MON})"
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
        return _period(PERIODS[words], today)
    if re.fullmatch(ISO, words):
        try:
            return date.fromisoformat(words)
        except ValueError:
            return None
    if match := re.fullmatch(rf"(?:(?P<which>{WHICH_WEEK})\s+)?(?P<wd>{WD})", words):
        which = WEEK_WHICH[" ".join(match.group("which").split())] if match.group("which") else ""
        return _weekday(WEEKDAYS[match.group("wd")], which, today)
    if re.fullmatch(NUMERIC, words):
        return _numeric(words, today)
    if match := re.fullmatch(
        rf"(?:the\s+)?(?P<day>\d{{1,2}}){ORD}(?:\s+of\s+(?P<which>{WHICH_MONTH})\s+(?:{alt(MONTH_WORDS)}))?",
        words,
    ):
        which = MONTH_WHICH.get(match.group("which") or "", "")
        return _day_of_month(int(match.group("day")), which == "next", today)
    if re.fullmatch(MONTH_DATE, words, NOCASE):
        return _month_date(words, today)
    if re.fullmatch(NTH_WEEKDAY, words, NOCASE):
        return _nth_weekday(words, today)
    return None


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


def _period(rule: str, today: date) -> date:
    monday = today - timedelta(days=today.weekday())
    if rule == "next_monday":
        return monday + timedelta(days=7)
    if rule == "week_end":
        return monday + timedelta(days=6)
    if rule == "friday":
        return monday + timedelta(days=4) if today.weekday() <= 4 else monday + timedelta(days=11)
    if rule == "next_friday":
        return monday + timedelta(days=11)
    if rule == "saturday":
        return today if today.weekday() >= 5 else monday + timedelta(days=5)
    if rule == "next_saturday":
        return monday + timedelta(days=12)
    if rule == "month_end":
        return today.replace(day=calendar.monthrange(today.year, today.month)[1])
    if rule == "next_month":
        return today.replace(day=1) + relativedelta(months=1)
    if rule == "next_month_end":
        first = today.replace(day=1) + relativedelta(months=1)
        return first.replace(day=calendar.monthrange(first.year, first.month)[1])
    return date(today.year, 12, 31)  # year_end


def _weekday(weekday: int, which: str, today: date) -> date:
    ahead = (weekday - today.weekday()) % 7
    if which == "next":  # that day in next week
        return today - timedelta(days=today.weekday()) + timedelta(days=7 + weekday)
    if which == "last":
        return today - timedelta(days=(today.weekday() - weekday) % 7 or 7)
    if ahead == 0 and not which.startswith("this"):
        ahead = 7  # "on friday" said on a Friday is next week's
    return today + timedelta(days=ahead)


def _day_of_month(day: int, next_month: bool, today: date) -> date | None:
    if not 1 <= day <= 31:
        return None
    month = today.replace(day=1) + relativedelta(months=1 if next_month else 0)
    for _ in range(12):
        if day <= calendar.monthrange(month.year, month.month)[1]:
            candidate = month.replace(day=day)
            if candidate >= today or next_month:
                return candidate
        month += relativedelta(months=1)
    return None


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
