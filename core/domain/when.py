"""Due dates in a person's own time zone: storing, comparing and showing them. Pure.

A due is an instant plus `has_time`. With a time it is that instant. Without one it is a
calendar day, kept as that date's midnight UTC, so the day it names never shifts when the
person's zone changes; it lasts the whole local day (overdue from the next local midnight).

New dues and reminders lie within `HORIZON_YEARS` of now (`beyond_horizon`). A row stored
before that bound, at the very end of the calendar, still shows: a moment whose local clock
would pass the year 9999 is shown on UTC's clock (`local_time`) instead of raising.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import MAXYEAR, UTC, date, datetime, time, timedelta, tzinfo
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# How far ahead a due or a reminder may be.
HORIZON_YEARS = 100

Window = Literal["overdue", "today", "tomorrow", "this_week", "next_week", "no_due"]
WINDOWS: tuple[str, ...] = ("overdue", "today", "tomorrow", "this_week", "next_week", "no_due")


@dataclass(frozen=True)
class Due:
    at: datetime
    has_time: bool

    def day(self, zone: tzinfo) -> date:
        """The local day it falls on."""
        return local_time(self.at, zone).date() if self.has_time else self.at.astimezone(UTC).date()

    def deadline(self, zone: tzinfo) -> datetime:
        """The instant it passes: the time itself, or the next local midnight."""
        if self.has_time:
            return self.at
        try:
            return local_midnight(self.day(zone) + timedelta(days=1), zone)
        except OverflowError:  # the calendar's last day
            return datetime.max.replace(tzinfo=UTC)

    def local_minute(self, zone: tzinfo) -> datetime:
        return local_time(self.at, zone).replace(second=0, microsecond=0, tzinfo=None)


def local_time(moment: datetime, zone: tzinfo) -> datetime:
    """`moment` on the zone's clock, or on UTC's when the zone's would pass the year 9999."""
    try:
        return moment.astimezone(zone)
    except OverflowError:
        return moment.astimezone(UTC)


def horizon(now: datetime) -> datetime:
    """The latest moment a new due or reminder may be: `HORIZON_YEARS` from now."""
    try:
        return now.replace(year=now.year + HORIZON_YEARS)
    except ValueError:  # 29 February
        return now.replace(year=now.year + HORIZON_YEARS, day=28)


def beyond_horizon(due: Due, *, now: datetime) -> bool:
    return due.at > horizon(now)


def zone_named(name: str | None) -> ZoneInfo | None:
    """The IANA zone called `name`, or None when there is no such zone."""
    if not name or not re.fullmatch(r"[A-Za-z0-9_+\-]+(?:/[A-Za-z0-9_+\-]+){0,2}", name):
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def local_midnight(day: date, zone: tzinfo) -> datetime:
    return local_instant(day, time(0, 0), zone)


def local_instant(day: date, at: time, zone: tzinfo) -> datetime:
    """The UTC instant of a local wall-clock time. A time skipped by a DST change moves
    forward by the gap (02:30 on the spring-forward night is 03:30), as clocks do; a time
    that happens twice (the autumn night) is its first occurrence. A wall-clock time at the
    calendar's very edge whose UTC instant cannot be written (31 December 9999 in New York)
    is the edge itself: later (or earlier) than any limit a due date is checked against."""
    local = datetime.combine(day, at).replace(tzinfo=zone, fold=0)
    try:
        return local.astimezone(UTC)
    except OverflowError:
        edge = datetime.max if day.year == MAXYEAR else datetime.min
        return edge.replace(tzinfo=UTC)


def due_on(day: date, at: time | None, zone: tzinfo) -> Due:
    if at is None:
        return Due(datetime.combine(day, time(0, 0), tzinfo=UTC), False)
    return Due(local_instant(day, at, zone), True)


_LOCAL = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$")


def parse_due(value: str, zone: tzinfo) -> Due:
    """`YYYY-MM-DD` (a day) or `YYYY-MM-DDTHH:MM` (local time) or ISO 8601 with an offset.
    Raises ValueError with a sentence a person can act on."""
    text = value.strip()
    if match := _LOCAL.match(text):
        year, month, day, hour, minute, second = match.groups()
        try:
            the_day = date(int(year), int(month), int(day))
            at = time(int(hour), int(minute), int(second or 0)) if hour is not None else None
        except ValueError:
            raise ValueError(f"“{value}” is not a real date or time.") from None
    else:
        try:
            parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            raise ValueError(
                f"I can't read “{value}” as a date: use YYYY-MM-DD or YYYY-MM-DDTHH:MM."
            ) from None
        if parsed.tzinfo is not None:
            try:
                return Due(parsed.astimezone(UTC), True)
            except OverflowError:
                raise ValueError(_PAST_CALENDAR.format(value=value)) from None
        the_day, at = parsed.date(), parsed.time().replace(microsecond=0)
    try:
        return due_on(the_day, at, zone)
    except OverflowError:  # 9999-12-31T23:00 west of UTC is in the year 10000 there
        raise ValueError(_PAST_CALENDAR.format(value=value)) from None


_PAST_CALENDAR = "“{value}” is past the end of the calendar."


def today(now: datetime, zone: tzinfo) -> date:
    return now.astimezone(zone).date()


def week_end(day: date) -> date:
    """The Sunday that ends `day`'s week."""
    return day + timedelta(days=6 - day.weekday())


def in_window(
    due: Due | None, window: Window, *, now: datetime, zone: tzinfo, completed: bool = False
) -> bool:
    if window == "no_due":
        return due is None
    if due is None:
        return False
    local_today = today(now, zone)
    day = due.day(zone)
    if window == "overdue":
        return not completed and due.deadline(zone) <= now
    if window == "today":
        return day == local_today
    if window == "tomorrow":
        return day == local_today + timedelta(days=1)
    if window == "this_week":
        return local_today <= day <= week_end(local_today)
    monday = week_end(local_today) + timedelta(days=1)
    return monday <= day <= monday + timedelta(days=6)


def sort_key(due: Due | None, zone: tzinfo) -> tuple[int, datetime]:
    """Soonest first; a day-only due sorts at the start of its day; no due last."""
    if due is None:
        return (1, datetime.max.replace(tzinfo=UTC))
    if due.has_time:
        return (0, due.at)
    return (0, local_midnight(due.day(zone), zone))


def clock_time(moment: datetime, *, twelve_hour: bool = False) -> str:
    if not twelve_hour:
        return moment.strftime("%H:%M")
    hour = moment.hour % 12 or 12
    suffix = "am" if moment.hour < 12 else "pm"
    return f"{hour}{suffix}" if moment.minute == 0 else f"{hour}:{moment.minute:02d}{suffix}"


def show_day(day: date, local_today: date) -> str:
    """ "today", "tomorrow", "Fri" within the week ahead, else "Fri 14 Mar" (+ year)."""
    delta = (day - local_today).days
    if delta == 0:
        return "today"
    if delta == 1:
        return "tomorrow"
    if delta == -1:
        return "yesterday"
    if 1 < delta < 7:
        return day.strftime("%a")
    shown = f"{day.strftime('%a')} {day.day} {day.strftime('%b')}"
    return shown if day.year == local_today.year else f"{shown} {day.year}"


def show_due(due: Due, *, now: datetime, zone: tzinfo, twelve_hour: bool = False) -> str:
    """How a listing shows a due: "today 15:00", "tomorrow", "Fri 14 Mar", "overdue by 2 days"."""
    local_today = today(now, zone)
    day = due.day(zone)
    timed = (
        " " + clock_time(local_time(due.at, zone), twelve_hour=twelve_hour) if due.has_time else ""
    )
    if due.deadline(zone) <= now:
        if day == local_today:
            return f"today{timed}, overdue"
        days = (local_today - day).days
        return f"overdue by {days} day{'s' if days != 1 else ''}"
    return show_day(day, local_today) + timed


def show_due_plain(due: Due, zone: tzinfo, *, now: datetime) -> str:
    """For a confirmation: "tomorrow (Tue 3 Mar) at 15:00"."""
    local_today = today(now, zone)
    day = due.day(zone)
    named = show_day(day, local_today)
    full = f"{day.strftime('%a')} {day.day} {day.strftime('%b')}"
    if day.year != local_today.year:
        full += f" {day.year}"
    shown = f"{named} ({full})" if named in ("today", "tomorrow", "yesterday") else full
    if due.has_time:
        shown += " at " + clock_time(local_time(due.at, zone))
    return shown


def iso_local(due: Due, zone: tzinfo) -> str:
    """ISO 8601 for the API: a date for a day, a local time with its offset otherwise."""
    if not due.has_time:
        return due.day(zone).isoformat()
    return local_time(due.at, zone).isoformat(timespec="minutes")
