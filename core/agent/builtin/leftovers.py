"""A would-be title that is a misreading: it still holds words that ask for something
("rename …", "remind me …", "sorry", "I mean", "… and make rent urgent", "low prio") or
a date, a time or a repeat no reader took ("… in the evening"), or only words of time ("the
night", "before"), or a day's name stayed in it while another date was read ("board meeting the
first monday of"), or the little word of a date read off stayed ("visit gran on the" sunday).
Such a title is asked about, never added. Pure."""

from __future__ import annotations

import re

from core.agent.builtin.lexicon.numbers import ORDINAL_WORDS
from core.agent.builtin.lexicon.spelling import (
    DANGLING_ARTICLES,
    DANGLING_MOVES,
    DANGLING_REMINDS,
    REQUEST_PATTERNS,
    REQUEST_WORDS,
)
from core.agent.builtin.lexicon.time import MONTHS, PARTS_OF_DAY, RELATIVE_DAYS, WEEKDAYS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.spans import tag

# Words that only place a time, and the little words around them; a title of these alone,
# one of the first kind among them, says no task ("the night", "before").
_TIME_WORDS = frozenset(
    {*PARTS_OF_DAY, *RELATIVE_DAYS, *WEEKDAYS, *MONTHS, "before", "after", "night", "week",
     "month"}
)  # fmt: skip
_AROUND_TIME = frozenset(
    {"the", "a", "an", "at", "on", "in", "by", "of", "next", "last", "this", "day", "first",
     "second", "third", "fourth", "it's", "its", "due", "it", "is"}
)  # fmt: skip
_REQUEST = re.compile(rf"\b(?:{alt(REQUEST_WORDS)}|{'|'.join(REQUEST_PATTERNS)})\b", NOCASE)
_DANGLING = re.compile(rf"\b{alt(DANGLING_REMINDS, DANGLING_MOVES)}\s*$", NOCASE)
_CUT_DATE = re.compile(rf"\b{alt(DANGLING_ARTICLES)}\s*$", NOCASE)
_LONG_MONTHS = tuple(month for month in MONTHS if len(month) > 3)  # not "may", "mar"
_DAY_NAME = re.compile(rf"\b{alt(tuple(WEEKDAYS), _LONG_MONTHS)}\b", NOCASE)
# "the second friday of": a day counted in a month, which no reader took as a date.
_COUNTED_DAY = re.compile(rf"\b{alt(ORDINAL_WORDS)}\s+{alt(WEEKDAYS)}\b", NOCASE)
_WORD = re.compile(r"[\w']+")


def misread(title: str, *, dated: bool) -> bool:
    """Whether `title` is what is left of a request rather than a task. `dated`: a date was
    read from the same words, so a day's name left in the title was another date misread."""
    words = [word.casefold() for word in _WORD.findall(title)]
    if not words:
        return False
    timed = [word for word in words if word in _TIME_WORDS]
    if (
        _REQUEST.search(title)
        or _DANGLING.search(title)
        or tag(title)
        or (
            timed
            and all(word in _AROUND_TIME or word.isdigit() for word in words if word not in timed)
        )
    ):
        return True
    left = _DAY_NAME.search(title) or _CUT_DATE.search(title)  # a date misread or cut short
    return bool(_COUNTED_DAY.search(title)) or (dated and bool(left))
