"""Two tasks joined in one add: "add book a haircut and also email the landlord", "pay rent
plus ring the garage", "pick up the parcel and text Jess". Pure: an `Add` in, an
`AddSeveral` (or the same `Add`) out.

The rule: a task starts with a verb. "and also", "and then", "plus", "as well as" join two
tasks when a task verb follows them; a plain "and" only when both sides start with a task
verb, the first has an object and the second more than its verb. So "fish and chips",
"call mum and dad", "wash and iron the shirts" and "pay for netflix plus spotify" stay one.
"""

from __future__ import annotations

import re

from core.agent.builtin.intents import Add, AddSeveral, Intent
from core.agent.builtin.lexicon.forms import TASK_VERBS
from core.agent.builtin.lexicon.grammar import GRAMMAR
from core.agent.builtin.lexicon.tasks import PLAIN_JOINERS, TASK_JOINERS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.text import OPEN_TO_CLOSE

_JOINER = re.compile(
    rf"(?:\s+|(?=,))(?:(?P<also>{alt(TASK_JOINERS)})|(?P<plain>{alt(PLAIN_JOINERS)}))\s+",
    NOCASE,
)
_VERBS = frozenset(TASK_VERBS)
# At most this many tasks are read out of one add's title.
MOST_PARTS = 6


def split_joined(found: Intent, text: str) -> Intent:
    """The add's title as several tasks, when joining words join tasks."""
    if not isinstance(found, Add) or found.description:
        return found
    if any(quote in text for quote in OPEN_TO_CLOSE if quote != "'"):
        return found  # a quoted title is the person's own words
    parts = _parts(found.title)
    return AddSeveral(tuple(parts)) if 1 < len(parts) <= MOST_PARTS else found


def _parts(title: str) -> list[str]:
    parts: list[str] = []
    start = 0
    for joiner in _JOINER.finditer(title):
        left, right = title[start : joiner.start()].strip(), title[joiner.end() :].strip()
        if not _starts_a_task(right):
            continue
        if joiner.group("plain") and not (_has_object(left) and len(right.split()) > 1):
            continue
        parts.append(left)
        start = joiner.end()
    parts.append(title[start:].strip())
    return [part for part in parts if part]


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'-]+", text.casefold())


def _starts_a_task(text: str) -> bool:
    words = _words(text)
    return bool(words) and words[0] in _VERBS


def _has_object(text: str) -> bool:
    """`pick up the parcel` (a verb and what it acts on), not `pick up` or `wash`."""
    words = _words(text)
    return _starts_a_task(text) and any(word not in GRAMMAR for word in words[1:])
