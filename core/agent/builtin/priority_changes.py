"""Changes to a task's priority: "bump #2 to high priority", "lower the priority of the gym",
"the taxes are urgent", "prioritise the essay". Pure; `changes.read_change` asks here."""

from __future__ import annotations

import re
from collections.abc import Callable

from core.agent.builtin.intents import EditFields, Ref
from core.agent.builtin.lexicon.fields import (
    BARE_URGENT,
    PRIORITISE,
    PRIORITY_LEVELS,
    PRIORITY_MARKERS,
    PRIORITY_MOVES,
    PRIORITY_NOUNS,
    PRIORITY_SETTERS,
    PRIORITY_STEPS,
)
from core.agent.builtin.pattern import alt
from core.agent.builtin.timed import is_date
from core.agent.builtin.words import NOCASE

RefOf = Callable[[str | None], Ref | None]

_PRIO = alt(PRIORITY_NOUNS)
_LEVEL = rf"(?P<level>{alt(PRIORITY_LEVELS)})"
_SET_PRIORITY = (
    re.compile(
        rf"^{alt(PRIORITY_SETTERS)}\s+(?:the\s+)?{_PRIO}\s+(?:of|for|on)\s+(?P<ref>.+?)\s+"
        rf"(?:to|as|at)\s+{_LEVEL}$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(PRIORITY_MARKERS, PRIORITY_MOVES)}\s+(?P<ref>.+?)\s+(?:(?:up|down)\s+)?"
        rf"(?:as\s+|to\s+|at\s+)?(?:a\s+)?{_LEVEL}"
        rf"(?:[\s-]+{_PRIO})?$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(PRIORITY_SETTERS)}\s+(?P<ref>.+?)(?:'s)?\s+{_PRIO}\s+(?:to|as)\s+{_LEVEL}$",
        NOCASE,
    ),
    re.compile(rf"^(?P<ref>.+?)\s+is\s+(?:now\s+)?(?:a\s+)?{_LEVEL}(?:[\s-]+{_PRIO})$", NOCASE),
    re.compile(
        rf"^(?P<ref>.+?)\s+is\s+(?:now\s+)?(?:really\s+)?(?P<level>{alt(BARE_URGENT)})$", NOCASE
    ),
)
_STEP_PRIORITY = re.compile(
    rf"^(?P<how>{alt(PRIORITY_STEPS)})\s+(?:the\s+)?"
    rf"{_PRIO}\s+(?:of|on|for)\s+(?P<ref>.+)$"
    rf"|^(?P<how2>{alt(PRIORITY_STEPS)})\s+(?P<ref2>.+?)(?:'s|’s)?\s+{_PRIO}$",
    NOCASE,
)
_PRIORITISE = re.compile(rf"^(?P<how>{alt(PRIORITISE)})\s+(?P<ref>.+)$", NOCASE)


def read_priority_change(text: str, adding: bool, ref_of: RefOf) -> EditFields | None:
    """A priority set, stepped up or down, or prioritised; `adding`: the text is a new task,
    so "X is urgent" is no change."""
    for pattern in _SET_PRIORITY:
        if adding and " is " in pattern.pattern:
            continue
        if match := pattern.match(text):
            ref = ref_of(match.group("ref"))
            if ref is not None and not is_date(match.group("ref")):
                return EditFields(ref, priority=PRIORITY_LEVELS[match.group("level").lower()])
    if (match := _STEP_PRIORITY.match(text)) and (stepped := _stepped(match, ref_of)):
        return stepped
    if match := _PRIORITISE.match(text):
        ref = ref_of(match.group("ref"))
        if ref is not None:
            return EditFields(ref, priority=PRIORITISE[match.group("how").lower()])
    return None


def _stepped(match: re.Match[str], ref_of: RefOf) -> EditFields | None:
    ref = ref_of(match.group("ref") or match.group("ref2"))
    if ref is None:
        return None
    how = match.group("how") or match.group("how2")
    return EditFields(ref, priority=PRIORITY_STEPS[" ".join(how.lower().split())])
