"""Questions about days: "what's on for friday?", "anything due on the 3rd?" (the tasks due
that day), "when's the mot due again?", "what day is the vet?" (one task's due) and "what's
due next?" (the next deadline). Pure: the day is only checked for its shape."""

from __future__ import annotations

import re

from core.agent.builtin.dates import is_date
from core.agent.builtin.intents import ListTasks, WhenDue
from core.agent.builtin.lexicon.questions import (
    NEXT_DUE_ASKS,
    NEXT_DUE_ENDS,
    NEXT_DUE_LEADS,
    NEXT_DUE_NOUNS,
    NEXT_DUE_TAILS,
    NEXT_WORDS,
)
from core.agent.builtin.lexicon.time import (
    DAY_ASK_LINKS,
    DAY_ASKS,
    DUE,
    WHEN_ASKS,
    WHEN_ASKS_NAMING,
    WHEN_ENDS,
)
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.words import ref_from

_DAY_ASK = re.compile(
    rf"^(?:{alt(DAY_ASKS)})\s+(?:(?:{alt(DAY_ASK_LINKS)})\s+)?(?P<when>.+)$", NOCASE
)
_WHEN_ASK = re.compile(
    rf"^(?P<lead>{alt(WHEN_ASKS)})\s+(?P<ref>.+?)(?:\s+(?:{alt(WHEN_ENDS)}))?$", NOCASE
)
_CLOCK = re.compile(r"^(?:it|this|that)\b", NOCASE)
_NAMING = {" ".join(lead.split()) for lead in WHEN_ASKS_NAMING}
_ENDS = rf"(?:\s+(?:{alt(NEXT_DUE_ENDS)}))*"
_NEXT_DUE = re.compile(
    rf"^(?:(?:{alt(NEXT_DUE_LEADS)})\s+)?(?:(?:my|the|our)\s+)?(?:{alt(NEXT_WORDS)})\s+"
    rf"(?:{alt(NEXT_DUE_NOUNS)}){_ENDS}$"
    rf"|^(?:{alt(NEXT_DUE_ASKS)})\s+{alt(DUE)}\s+(?:{alt(NEXT_DUE_TAILS)}){_ENDS}$",
    NOCASE,
)


def asks_next_due(text: str) -> bool:
    """ "what's my next deadline?", "which task is due soonest?"."""
    return bool(_NEXT_DUE.match(text.strip().rstrip("?!. ")))


def read_day(asked: str) -> ListTasks | None:
    """The tasks due on the one day a question names."""
    match = _DAY_ASK.match(asked)
    if match is None or not is_date(match.group("when")):
        return None
    return ListTasks("pending", due_phrase=match.group("when"), sort_by="due")


def read_when(asked: str) -> WhenDue | None:
    """The one task whose due a question asks for."""
    match = _WHEN_ASK.match(asked)
    if match is None or is_date(match.group("ref")):
        return None  # "what day is tomorrow"
    ref = ref_from(match.group("ref"))
    if ref is None:
        return None
    naming = " ".join(match.group("lead").lower().split()) in _NAMING
    if naming and (ref.kind == "pronoun" or _CLOCK.match(match.group("ref"))):
        return None  # "what time is it?", "what day is it today?"
    return WhenDue(ref)
