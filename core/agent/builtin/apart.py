"""A new task's due, priority and tags said apart from its title: after a quoted title
("add 'submit the report' tmr 10:30am, medium priority, #work") or once for a whole list
("tasks for friday: gym, laundry"). Pure: the words in, what they set out (or None when they
hold anything else, so a remark after a quoted title is never read as a field).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo

from core.agent.builtin.dates import SHAPE_NOW, DateReading, Reading, is_time_only, read_date
from core.agent.builtin.timed import title_fields
from core.domain.when import due_on

# Stands for the title, so the field readers see the fields where a title's end would be.
_STAND_IN = "Qqtitleqq"
_AND = re.compile(r"\s+(?:and|&)$", re.IGNORECASE)  # "high priority and due friday"


@dataclass(frozen=True)
class Apart:
    reading: Reading | None
    priority: str | None
    tags: tuple[str, ...]


def read_apart(text: str, *, now: datetime, zone: tzinfo) -> Apart | None:
    """The due, priority and tags `text` holds, when it holds nothing else."""
    first = title_fields(f"{_STAND_IN} {text.strip()}")
    rest = _without_stand_in(first.title)
    if rest is None:
        return None
    reading = read_date(rest, now=now, zone=zone) if rest else None
    if rest and reading is None:
        return None
    priority, tags = first.priority, first.tags
    if reading is not None and reading.rest:
        # "high priority tomorrow": what stood before the date
        second = title_fields(f"{_STAND_IN} {_AND.sub('', reading.rest)}")
        if _without_stand_in(second.title) != "":
            return None
        priority, tags = priority or second.priority, tags + second.tags
    return Apart(reading, priority, tuple(dict.fromkeys(tags)))


def only_fields(text: str) -> bool:
    """Whether `text` is nothing but a due, a priority and tags (in any order)."""
    return bool(text.strip()) and read_apart(text, now=SHAPE_NOW, zone=UTC) is not None


def _without_stand_in(title: str) -> str | None:
    head, _, rest = title.partition(" ")
    if head != _STAND_IN:
        return None
    return rest.strip(" ,;-–—")


def with_day(own: DateReading | None, said: DateReading | None, zone: tzinfo) -> DateReading | None:
    """A task's due from its own words and from the words said apart: its own day wins; a
    time of its own alone ("dentist at 9am" under "tomorrow:") takes the day said apart."""
    if said is None:
        return own
    if own is None:
        return said
    if own.at is not None and is_time_only(own.phrase):
        return DateReading(own.rest, own.phrase, due_on(said.day, own.at, zone), said.day, own.at)
    return own
