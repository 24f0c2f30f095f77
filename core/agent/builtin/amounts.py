"""An amount of time in minutes: "30 min", "an hour", "half an hour", "2 days"."""

from __future__ import annotations

import re

from core.agent.builtin.lexicon.numbers import COUNT_WORDS
from core.agent.builtin.lexicon.time import UNITS

UNIT_MINUTES = {"minutes": 1, "hours": 60, "days": 60 * 24, "weeks": 60 * 24 * 7}


def minutes_in(amount: str) -> int | None:
    found = re.fullmatch(r"(?P<count>.+?)\s*(?P<unit>[a-z]+)", amount.strip().lower())
    if found is None:
        return None
    count_text, unit = found.group("count").strip(), UNITS.get(found.group("unit"))
    if unit not in UNIT_MINUTES:
        return None
    try:
        count = float(count_text)
    except ValueError:
        if count_text not in COUNT_WORDS:
            return None
        count = COUNT_WORDS[count_text]
    return int(count * UNIT_MINUTES[unit])
