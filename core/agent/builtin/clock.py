"""Times of day as people write them: "3pm", "15:00", "noon", "at 7", "at 3.15", "by 5", "half
3" (British: half past three), "quarter to 6", "at 10 to 6". A bare hour, with or without
minutes, is read one way everywhere: 1 to 6 are afternoon hours, 7 to 12 morning ones, and all
are afternoon after an evening word ("tonight at 9"); "at 20h" is 20:00. Pure."""

from __future__ import annotations

import re
from datetime import date, datetime, time

from core.agent.builtin.lexicon.time import (
    BARE_HOUR_LEADS,
    CLOCK_HOURS,
    CLOCK_LEADS,
    CLOCK_MINUTES,
    CLOCK_PAST,
    CLOCK_TO,
    HALF_HOUR,
    LATE_PARTS,
    NAMED_TIMES,
    PARTS_OF_DAY,
    TIME_LEADS,
)
from core.agent.builtin.pattern import NOCASE, alt

_SUFFIX = r"\s*(?:a\.?m\.?|p\.?m\.?)(?![\w])"
# The hour, then its am/pm or an end ("half 3.30" and "quarter past 9s" are no times).
_HOUR = rf"(?:\d{{1,2}}|{alt(CLOCK_HOURS)})(?:{_SUFFIX}|(?![\w]|[:.]\d))"
_SIDE = rf"(?:{alt(CLOCK_PAST)}|{alt(CLOCK_TO)})"
# "half 3", "quarter past 9am", "twenty to 6": minutes in words may stand without a lead.
SPOKEN = rf"(?:{alt(HALF_HOUR)})\s+{_HOUR}|(?:{alt(CLOCK_MINUTES)})\s+{_SIDE}\s+{_HOUR}"
# "at 10 to 6", "at 5 past 9": minutes in digits only after "at" ("chapters 10 to 12").
_SPOKEN_DIGITS = rf"\d{{1,2}}\s+{_SIDE}\s+{_HOUR}"
CLOCK = (
    rf"\d{{1,2}}(?:[:.][0-5]\d)?{_SUFFIX}|(?:[01]?\d|2[0-3]):[0-5]\d(?:\s*h)?"
    rf"|{alt(NAMED_TIMES)}"
)
_AT = r"(?:at|@)\s*"
# Times that are a time wherever they stand: "at 7", "3pm", "at quarter past 9", and "at
# 3.15" as people write it in Britain (a dotted time needs its "at" or its am/pm: "£4.50"
# and "section 3.2" are no times).
STRONG_TIME = (
    rf"{_AT}(?:{_SPOKEN_DIGITS}|{SPOKEN})"
    rf"|(?:(?:{alt(TIME_LEADS)})\s*)?(?:{CLOCK})|{_AT}\d{{1,2}}h?(?![\d:/.\w])"
    rf"|{_AT}(?:[01]?\d|2[0-3])\.[0-5]\d(?![\w/:]|\.\d)"
)
# Every time: the strong ones, then those that need an edge or a day beside them ("quarter
# past 9" alone, "by 5").
TIME = (
    rf"(?:{alt(TIME_LEADS)})\s*(?:{SPOKEN})|{STRONG_TIME}|{SPOKEN}"
    rf"|(?:{alt(BARE_HOUR_LEADS)})\s*\d{{1,2}}(?![\d:/.\w])"
)
_SPOKEN_PARTS = re.compile(
    rf"^(?:(?P<half>{alt(HALF_HOUR)})|(?P<minutes>{alt(CLOCK_MINUTES)}|\d{{1,2}})\s+"
    rf"(?:(?P<past>{alt(CLOCK_PAST)})|{alt(CLOCK_TO)}))\s+(?P<hour>\d{{1,2}}|{alt(CLOCK_HOURS)})"
    r"\s*(?P<suffix>a\.?m\.?|p\.?m\.?)?$",
    NOCASE,
)
_LEADS = re.compile(rf"^(?:{alt(TIME_LEADS, BARE_HOUR_LEADS)})\s*", NOCASE)
_DIGITS = re.compile(r"(\d{1,2})(?:([:.])(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|h)?")
NOON = 12


def time_of_day(clock: str | None, part: str | None) -> time | None:
    """The time a clock phrase and a part of the day ("morning", "tonight") name."""
    late = part is not None and part.split()[-1] in LATE_PARTS
    # "at 6:45 tomorrow morning": a part of the day before noon keeps a bare hour in it
    early = part is not None and not late and PARTS_OF_DAY.get(part, (NOON, 0))[0] < NOON
    if clock is not None:
        text = _LEADS.sub("", " ".join(clock.lower().split())).strip()
        if text in NAMED_TIMES:
            return time(*NAMED_TIMES[text])
        if (spoken := _SPOKEN_PARTS.match(text)) is not None:
            return _spoken(spoken, late, early=early)
        return _digits(text, late, early=early)
    if part is not None:
        return time(*PARTS_OF_DAY[part])
    return None


def _digits(text: str, late: bool, *, early: bool = False) -> time | None:
    match = _DIGITS.fullmatch(text)
    if match is None:
        return None
    said, dotted, minutes = match.group(1), match.group(2) == ".", match.group(3)
    hour, suffix = int(said), (match.group(4) or "").replace(".", "")  # "h": a 24-hour clock
    if suffix in ("am", "pm") or (not suffix and minutes is None and hour <= NOON):
        found = _hour(hour, suffix, late=late, early=early)  # "3pm", "at 9": by am/pm, or bare
        if found is None:
            return None
        hour = found
    elif (
        not suffix
        and hour < NOON
        and (late or (not early and 1 <= hour <= 6 and (dotted or len(said) == 1)))
    ):
        hour += NOON  # "tonight at 9:30", "at 3.15", "at 4:15": as a bare hour is
    if hour > 23:
        return None
    return time(hour, int(minutes or 0))


def _hour(hour: int, suffix: str, *, late: bool, early: bool = False) -> int | None:
    """The 24-hour hour of a twelve-hour one: by its am/pm, else as a bare hour (1 to 6 and
    any after an evening word are afternoon hours)."""
    if suffix in ("am", "pm"):
        if not 1 <= hour <= NOON:
            return None
        return hour % NOON + (NOON if suffix == "pm" else 0)
    if (late and hour < NOON) or (not early and 1 <= hour <= 6):
        return hour + NOON
    return hour


def _spoken(match: re.Match[str], late: bool, *, early: bool = False) -> time | None:
    """ "half 3", "quarter to 6pm": the hour as a bare hour (or by its am/pm), then the
    minutes past it or before it."""
    said = match.group("hour").lower()
    hour = CLOCK_HOURS[said] if said in CLOCK_HOURS else int(said)
    suffix = (match.group("suffix") or "").replace(".", "").lower()
    if not 0 <= hour <= NOON or (hour == 0 and suffix):
        return None
    resolved = _hour(hour, suffix, late=late, early=early) if hour else 0
    if resolved is None:
        return None
    if match.group("half"):
        minutes = 30
    else:
        raw = " ".join(match.group("minutes").lower().split())
        minutes = CLOCK_MINUTES[raw] if raw in CLOCK_MINUTES else int(raw)
        if not 0 < minutes < 60:
            return None
        if not match.group("past"):
            minutes = -minutes  # "quarter to 6": 15 minutes before 6
    total = (resolved * 60 + minutes) % (24 * 60)
    return time(total // 60, total % 60)


# "4:30", "at 9.15", "5", "half 6": an hour of the twelve-hour clock with no half said.
_BARE_CLOCK = re.compile(
    rf"^\s*(?:{alt(CLOCK_LEADS)}\s+)?(?:(?P<hour>0?[1-9]|1[0-2])(?:[:.][0-5]\d)?|{SPOKEN})\s*$",
    NOCASE,
)


def in_old_half(phrase: str, new: time, old: time) -> time:
    """A bare clock time that corrects a timed due takes the old time's half of the day,
    unless the other half is nearer: with the dentist at 3pm "make it 4:30" is 16:30, "at
    10" after 2:30pm is 10am. A time that says its half ("4:30am", "16:30") is as said."""
    match = _BARE_CLOCK.match(phrase)
    if match is None or (match.group("hour") or "").startswith("0") or re.search(_SUFFIX, phrase):
        return new
    morning = new.replace(hour=new.hour % NOON)
    evening = morning.replace(hour=morning.hour + NOON)
    return min((morning, evening), key=lambda at: abs(_minutes(at) - _minutes(old)))


def _minutes(at: time) -> int:
    return at.hour * 60 + at.minute


def ahead_today(at: time, clock: str, day: date, local: datetime) -> time:
    """ "4:15 today" said at 8am is 16:15: a morning clock time without am/pm that has
    passed today is the afternoon one when that is still ahead."""
    passed = day == local.date() and at <= local.time().replace(tzinfo=None)
    if passed and at.hour < NOON and not re.search(r"[ap]\.?m|h\b", clock, NOCASE):
        later = time(at.hour + NOON, at.minute)
        return later if later > local.time().replace(tzinfo=None) else at
    return at
