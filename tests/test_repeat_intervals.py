"""A task some periods apart ("every other thursday") keeps its series: its periods count
from its due, so an occurrence done early, on time or late is followed by the right one."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.domain.when import due_on
from core.reminders.repeats import first_due, following_due
from core.storage.models import Task

LONDON = ZoneInfo("Europe/London")
EVERY_OTHER_THURSDAY = "FREQ=WEEKLY;INTERVAL=2;BYDAY=TH"


def _task(rule: str, due: date) -> Task:
    when = due_on(due, None, LONDON)
    return Task(user_id=1, number=1, title="water the plants", repeat=rule, due_at=when.at)


async def _next(rule: str, due: date, done_on: datetime) -> date:
    found = await following_due(_task(rule, due), now=done_on, zone=LONDON)
    assert found is not None
    return found.day(LONDON)


@pytest.mark.parametrize(
    ("said_on", "first"),
    [
        (datetime(2026, 1, 19, 9, tzinfo=UTC), date(2026, 1, 22)),  # a Monday: this week's
        (datetime(2026, 1, 23, 9, tzinfo=UTC), date(2026, 1, 29)),  # a Friday: next week's
        (datetime(2026, 1, 22, 9, tzinfo=UTC), date(2026, 1, 22)),  # on a Thursday: today
    ],
)
async def test_the_first_is_the_next_of_its_days(said_on: datetime, first: date) -> None:
    found = await first_due(EVERY_OTHER_THURSDAY, now=said_on, zone=LONDON, at=None)
    assert found is not None and found.day(LONDON) == first


@pytest.mark.parametrize(
    ("done_on", "following"),
    [
        (datetime(2026, 1, 20, 9, tzinfo=UTC), date(2026, 2, 5)),  # early
        (datetime(2026, 1, 22, 18, tzinfo=UTC), date(2026, 2, 5)),  # on the day
        (datetime(2026, 1, 27, 9, tzinfo=UTC), date(2026, 2, 5)),  # late, within its period
        (datetime(2026, 2, 10, 9, tzinfo=UTC), date(2026, 2, 19)),  # a whole period late
    ],
)
async def test_every_other_thursday_keeps_its_weeks(done_on: datetime, following: date) -> None:
    assert await _next(EVERY_OTHER_THURSDAY, date(2026, 1, 22), done_on) == following


async def test_every_other_day_done_on_time_skips_a_day() -> None:
    done_on = datetime(2026, 1, 22, 18, tzinfo=UTC)
    assert await _next("FREQ=DAILY;INTERVAL=2", date(2026, 1, 22), done_on) == date(2026, 1, 24)


async def test_every_three_months_on_the_first() -> None:
    done_on = datetime(2026, 1, 2, 9, tzinfo=UTC)
    rule = "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1"
    assert await _next(rule, date(2026, 1, 1), done_on) == date(2026, 4, 1)


async def test_a_weekly_task_is_unchanged() -> None:
    done_on = datetime(2026, 1, 27, 9, tzinfo=UTC)
    assert await _next("FREQ=WEEKLY;BYDAY=TH", date(2026, 1, 22), done_on) == date(2026, 1, 29)
