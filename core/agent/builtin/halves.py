"""A bare clock time that corrects a timed due takes its half of the day from the old time:
with the dentist at 3pm, "dentist is at 4:30 now" means 16:30; with the standup at 8am, "make
it 9:15" means 09:15; the nearer half wins ("at 10" after 2:30pm is 10am). A time that says
its half ("4:30am", "16:30", "noon") is taken as said."""

from __future__ import annotations

import re
from datetime import time

from core.agent.builtin.clock import SPOKEN
from core.agent.builtin.lexicon.time import CLOCK_LEADS
from core.agent.builtin.pattern import NOCASE, alt

# "4:30", "at 9.15", "5", "half 6": an hour of the twelve-hour clock with no half said.
_BARE_CLOCK = re.compile(
    rf"^\s*(?:{alt(CLOCK_LEADS)}\s+)?(?:(?P<hour>0?[1-9]|1[0-2])(?:[:.][0-5]\d)?|{SPOKEN})\s*$",
    NOCASE,
)
_HALF_SAID = re.compile(r"[ap]\.?m\.?\s*$", NOCASE)
NOON = 12


def in_old_half(phrase: str, new: time, old: time) -> time:
    """`new` as the twelve-hour time nearest `old` when `phrase` does not say its half: the
    old time's half of the day, unless the other half is nearer ("at 10" after 2:30pm is
    10am, not 10pm)."""
    match = _BARE_CLOCK.match(phrase)
    if match is None or (match.group("hour") or "").startswith("0") or _HALF_SAID.search(phrase):
        return new  # "09:15", "quarter to 6pm" say their half
    morning = new.replace(hour=new.hour % NOON)
    evening = morning.replace(hour=morning.hour + NOON)
    return min((morning, evening), key=lambda at: abs(_minutes(at) - _minutes(old)))


def _minutes(at: time) -> int:
    return at.hour * 60 + at.minute
