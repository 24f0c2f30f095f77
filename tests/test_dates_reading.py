"""Reading dates out of what people write: no database, a pinned "now" and zone per case."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

import pytest

from core.agent.builtin.dates import AmbiguousDate, DateReading, read_date, read_whole_date

BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")
# Monday 2 March 2026, 09:00 in Berlin.
MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=BERLIN)


def read(text: str, now: datetime = MONDAY, zone: ZoneInfo = BERLIN) -> DateReading:
    found = read_date(text, now=now, zone=zone)
    assert isinstance(found, DateReading), f"{text!r} read as {found!r}"
    return found


@pytest.mark.parametrize(
    ("text", "rest", "day", "at"),
    [
        ("call mom tomorrow at 3pm", "call mom", date(2026, 3, 3), time(15, 0)),
        ("pay rent due friday", "pay rent", date(2026, 3, 6), None),
        ("dentist on friday", "dentist", date(2026, 3, 6), None),
        ("review next tuesday", "review", date(2026, 3, 10), None),
        ("water plants in 3 days", "water plants", date(2026, 3, 5), None),
        ("report by end of month", "report", date(2026, 3, 31), None),
        ("renew passport on the 15th", "renew passport", date(2026, 3, 15), None),
        ("go out tonight", "go out", date(2026, 3, 2), time(20, 0)),
        ("clean the garage this weekend", "clean the garage", date(2026, 3, 7), None),
        ("lunch with Sam at noon", "lunch with Sam", date(2026, 3, 2), time(12, 0)),
        ("taxes 2026-03-15", "taxes", date(2026, 3, 15), None),
        ("party 15/3", "party", date(2026, 3, 15), None),
        ("meeting March 15 at 9:30am", "meeting", date(2026, 3, 15), time(9, 30)),
        ("send card 25 December", "send card", date(2026, 12, 25), None),
        ("file it before monday", "file it", date(2026, 3, 9), None),
        ("gym friday morning", "gym", date(2026, 3, 6), time(9, 0)),
        ("dinner tonight at 9", "dinner", date(2026, 3, 2), time(21, 0)),
        ("call at 14:30", "call", date(2026, 3, 2), time(14, 30)),
        ("take pills at 9", "take pills", date(2026, 3, 3), time(9, 0)),  # 09:00 has passed
        ("tomorrow call the bank", "call the bank", date(2026, 3, 3), None),
        ("book flights next week", "book flights", date(2026, 3, 9), None),
        ("pay bill on 3 jan", "pay bill", date(2027, 1, 3), None),  # January has passed
        ("Pay Bill due Friday, please", "Pay Bill, please", date(2026, 3, 6), None),
        ("submit report yesterday", "submit report", date(2026, 3, 1), None),
        ("stretch at 7 in the evening", "stretch", date(2026, 3, 2), time(19, 0)),
    ],
)
def test_phrases(text: str, rest: str, day: date, at: time | None) -> None:
    found = read(text)
    assert (found.rest, found.day, found.at) == (rest, day, at)
    assert found.due.has_time == (at is not None)


@pytest.mark.parametrize(
    "text", ["plan monday meeting", "buy milk", "read 1/2 of the book", "buy 2 apples",
             "watch friday night lights", "buy may flowers"]
)  # fmt: skip
def test_titles_that_only_look_like_dates_stay_titles(text: str) -> None:
    assert read_date(text, now=MONDAY, zone=BERLIN) is None


def test_a_time_is_local_to_the_zone() -> None:
    found = read("call mom tomorrow at 3pm")
    assert found.due.at == datetime(2026, 3, 3, 14, 0, tzinfo=UTC)  # CET is UTC+1
    far = read("call mom tomorrow at 3pm", now=datetime(2026, 3, 2, 9, tzinfo=UTC),
               zone=ZoneInfo("Pacific/Auckland"))  # fmt: skip
    assert far.day == date(2026, 3, 3)  # 22:00 in Auckland on Monday: tomorrow is Tuesday
    assert far.due.at == datetime(2026, 3, 3, 2, 0, tzinfo=UTC)


def test_a_day_without_time_names_the_calendar_day() -> None:
    found = read("dentist on friday")
    assert found.due.at == datetime(2026, 3, 6, tzinfo=UTC) and not found.due.has_time
    assert found.due.day(NEW_YORK) == date(2026, 3, 6)


def test_durations_are_elapsed_time_across_a_dst_change() -> None:
    # Europe springs forward at 02:00 on 29 March 2026: 01:30 + 1 hour is 03:30 local.
    night = datetime(2026, 3, 29, 1, 30, tzinfo=BERLIN)
    found = read("check the oven in 1 hour", now=night)
    assert found.at == time(3, 30)
    assert found.due.at == datetime(2026, 3, 29, 1, 30, tzinfo=UTC)
    soon = read("call bob in 20 minutes")
    assert soon.due.at == datetime(2026, 3, 2, 8, 20, tzinfo=UTC)


def test_wall_clock_times_follow_the_dst_offset() -> None:
    # US clocks go forward on 8 March 2026: 9am on the 9th is UTC-4, on the 6th UTC-5.
    friday = datetime(2026, 3, 6, 8, tzinfo=NEW_YORK)
    before = read("standup today at 9am", now=friday, zone=NEW_YORK)
    after = read("standup monday at 9am", now=friday, zone=NEW_YORK)
    assert before.due.at.hour == 14 and after.due.at.hour == 13
    # the skipped hour moves forward, as clocks do
    gap = read("backup on march 29 at 2:30am", now=MONDAY)
    assert gap.due.at.astimezone(BERLIN).time() == time(3, 30)


def test_month_ends_roll_over() -> None:
    last_of_jan = datetime(2026, 1, 31, 18, tzinfo=BERLIN)
    assert read("pay rent tomorrow", now=last_of_jan).day == date(2026, 2, 1)
    assert read("invoice by end of month", now=datetime(2026, 2, 10, tzinfo=BERLIN)).day == date(
        2026, 2, 28
    )
    # "the 31st" in April is the next month that has one
    assert read("party on the 31st", now=datetime(2026, 4, 2, tzinfo=BERLIN)).day == date(
        2026, 5, 31
    )
    new_year = datetime(2026, 12, 31, 22, tzinfo=BERLIN)
    assert read("gym in 2 days", now=new_year).day == date(2027, 1, 2)


def test_twelve_and_twenty_four_hour_clocks() -> None:
    assert read("x tomorrow at 12am").at == time(0, 0)
    assert read("x tomorrow at 12pm").at == time(12, 0)
    assert read("x tomorrow at 7:05 p.m.").at == time(19, 5)
    assert read("x tomorrow at 19:05").at == time(19, 5)
    assert read("x tomorrow at 3").at == time(15, 0)  # nobody means 3 in the morning


def test_day_and_month_in_digits_are_asked_back_when_both_readings_work() -> None:
    found = read_date("pay the bill 3/4", now=MONDAY, zone=BERLIN)
    assert isinstance(found, AmbiguousDate)
    assert found.rest == "pay the bill"
    assert set(found.readings) == {date(2026, 4, 3), date(2026, 3, 4)}
    assert read("pay the bill 13/4").day == date(2026, 4, 13)
    assert read("pay the bill 4/13").day == date(2026, 4, 13)
    assert read("pay the bill 4.3.").day == date(2026, 3, 4)  # dotted dates are day-first
    assert read("pay the bill 3/3").day == date(2026, 3, 3)


def test_whole_date_reads_only_dates() -> None:
    assert isinstance(read_whole_date("friday", now=MONDAY, zone=BERLIN), DateReading)
    assert isinstance(read_whole_date("next week at 9am", now=MONDAY, zone=BERLIN), DateReading)
    assert read_whole_date("the dentist", now=MONDAY, zone=BERLIN) is None
    assert read_whole_date("friday dinner", now=MONDAY, zone=BERLIN) is None


@pytest.mark.parametrize(
    ("text", "rest", "day", "at"),
    [
        ("ring the garage at half 3", "ring the garage", date(2026, 3, 2), time(15, 30)),
        ("team call tomorrow at half 10", "team call", date(2026, 3, 3), time(10, 30)),
        ("collect the parcel half past 2", "collect the parcel", date(2026, 3, 2), time(14, 30)),
        ("pick up the kids at half five", "pick up the kids", date(2026, 3, 2), time(17, 30)),
        ("standup tomorrow at quarter past 9am", "standup", date(2026, 3, 3), time(9, 15)),
        ("school run friday at quarter to 8", "school run", date(2026, 3, 6), time(7, 45)),
        ("start dinner at quarter to 6", "start dinner", date(2026, 3, 2), time(17, 45)),
        ("meet jo at twenty past 4", "meet jo", date(2026, 3, 2), time(16, 20)),
        ("catch the train at 10 to 6pm", "catch the train", date(2026, 3, 2), time(17, 50)),
        ("film tonight at twenty to 9", "film", date(2026, 3, 2), time(20, 40)),
        ("send the slides by 5", "send the slides", date(2026, 3, 2), time(17, 0)),
        ("hand in the form by 10 tomorrow", "hand in the form", date(2026, 3, 3), time(10, 0)),
    ],
)
def test_clock_times_in_words_and_bare_hours(
    text: str, rest: str, day: date, at: time | None
) -> None:
    found = read(text)
    assert (found.rest, found.day, found.at) == (rest, day, at)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("dentist friday week", date(2026, 3, 13)),
        ("dentist fri week", date(2026, 3, 13)),
        ("dentist friday after next", date(2026, 3, 13)),
        ("dentist a week on friday", date(2026, 3, 13)),
        ("dentist on tues week", date(2026, 3, 10)),
        ("dentist a week today", date(2026, 3, 9)),
        ("dentist a week from today", date(2026, 3, 9)),
        ("dentist a week from tomorrow", date(2026, 3, 10)),
        ("dentist 3 weeks from today", date(2026, 3, 23)),
        ("dentist two weeks from friday", date(2026, 3, 20)),
        ("dentist a fortnight from tomorrow", date(2026, 3, 17)),
    ],
)
def test_days_counted_from_another_day(text: str, day: date) -> None:
    found = read(text)
    assert (found.rest, found.day, found.at) == ("dentist", day, None)


@pytest.mark.parametrize(
    "text",
    [
        "cut the budget by 5 percent",
        "read half 2 of the book",
        "read chapters 10 to 12",
        "plan friday week two of the course",
    ],
)
def test_numbers_that_are_no_times_stay_in_titles(text: str) -> None:
    assert read_date(text, now=MONDAY, zone=BERLIN) is None
