"""The builtin engine's date reading, lent to the team commands: a due in a title ("fix the
build friday"), a repeat ("water the plants every monday") and an amount before a due ("1 day
before"), read with the same words as a person's own tasks and reminders."""

from __future__ import annotations

import re
from datetime import datetime, tzinfo

from core.agent.builtin import repeating
from core.agent.builtin.dates import DateReading, minutes_in, read_date
from core.agent.builtin.lexicon.reminders import BEFORE_WORDS
from core.agent.builtin.pattern import alt
from core.commands.team_words import RepeatWords
from core.domain.when import Due

_BEFORE = re.compile(rf"^(?P<amount>.+?)\s+{alt(BEFORE_WORDS)}$", re.I)
# What a bare repeat is read on, as a title would be ("every monday" alone names no task).
_STAND_IN = "task"


def due_in_title(text: str, now: datetime, zone: tzinfo) -> tuple[str, Due] | None:
    """The title without its due phrase, and the due; None when no date reads plainly."""
    reading = read_date(text, now=now, zone=zone)
    if not isinstance(reading, DateReading) or not reading.rest.strip(" ,"):
        return None
    return reading.rest.strip(" ,"), reading.due


def repeat_in_title(text: str, now: datetime, zone: tzinfo) -> RepeatWords | None:
    """The title without its repeat ("water the plants every monday"), the rule and the time
    of day it names; None when no repeat reads plainly. A bare repeat ("every monday at 9")
    has an empty title."""
    reading = repeating.read(f"{_STAND_IN} {text}", now=now, zone=zone)
    if not isinstance(reading, repeating.AddRepeating) or repeating.misread(reading):
        return None
    title = reading.title.removeprefix(_STAND_IN).strip(" ,.!:-")
    return RepeatWords(title, reading.rule, reading.at)


def minutes_before(text: str) -> int | None:
    """ "1 day before", "30 min before it's due", "an hour ahead": how many minutes before
    the due; None when that is not what the words say."""
    found = _BEFORE.match(" ".join(text.replace("’", "'").split()).strip(" .!"))
    return minutes_in(found.group("amount")) if found else None
