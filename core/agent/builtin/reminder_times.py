"""When a reminder goes off, from the words that said it (`reminding.py`): a day alone is
at 09:00 (`tooling.DEFAULT_HOUR`); a time of day already past, said without a day ("at 8am"
at 9:00), is tomorrow's; a new time said as a bare number ("change that reminder to 6") is an
hour, read as a bare hour is everywhere. Pure."""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta, tzinfo

from core.agent.builtin.dates import DateReading, read_date, read_whole_date
from core.agent.builtin.lexicon.time import (
    CALENDAR_UNITS,
    MONTHS,
    PERIODS,
    RELATIVE_DAYS,
    WEEKDAYS,
)
from core.agent.builtin.pattern import alt
from core.domain.when import local_instant
from core.reminders.tooling import DEFAULT_HOUR

_DAY_NAMES = alt(WEEKDAYS, MONTHS, RELATIVE_DAYS, PERIODS)
DAY_WORDS = re.compile(
    rf"\b{_DAY_NAMES}\b|\d{{1,2}}/\d{{1,2}}|\d{{4}}-\d{{2}}-\d{{2}}"
    rf"|\d+(?:st|nd|rd|th)\b|\bin\s+\S+\s+{alt(CALENDAR_UNITS)}",
    re.I,
)


def as_hour(when: str) -> str:
    """ "change that reminder to 11": a reminder's new time, so a bare number is an hour,
    read as a bare hour is everywhere ("to 6" is 18:00); "to 15" is 15:00."""
    bare = when.strip(" ,.!?")
    if re.fullmatch(r"(?:1[3-9]|2[0-3]|0\d)", bare):
        return f"{bare}:00"
    return f"at {bare}" if re.fullmatch(r"(?:[1-9]|1[0-2])", bare) else when


def reading_of(text: str, *, now: datetime, zone: tzinfo) -> DateReading | None:
    reading = read_date(text, now=now, zone=zone)
    return reading if isinstance(reading, DateReading) else None


def when(text: str, *, now: datetime, zone: tzinfo) -> datetime | None:
    reading = read_whole_date(text, now=now, zone=zone)
    if not isinstance(reading, DateReading):
        return None
    return adjusted(reading, now=now, zone=zone)


def adjusted(reading: DateReading, *, now: datetime, zone: tzinfo) -> datetime:
    """The moment a reading names: a bare day at 09:00; a time of day already past, said
    without a day, tomorrow (as Slack's /remind reads "at 8am")."""
    if reading.at is None:
        return local_instant(reading.day, time(DEFAULT_HOUR), zone)
    at = reading.due.at
    if at <= now and not DAY_WORDS.search(reading.phrase):
        return local_instant(reading.day + timedelta(days=1), reading.at, zone)
    return at
