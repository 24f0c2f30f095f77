"""Asking for the next deadline: "what's my next deadline?", "what's due next?", "which task
is due soonest?", "when's my next due date?". Pure: the words in, whether they ask it."""

from __future__ import annotations

import re

from core.agent.builtin.lexicon.questions import (
    NEXT_DUE_ASKS,
    NEXT_DUE_ENDS,
    NEXT_DUE_LEADS,
    NEXT_DUE_NOUNS,
    NEXT_DUE_TAILS,
    NEXT_WORDS,
)
from core.agent.builtin.lexicon.time import DUE
from core.agent.builtin.pattern import NOCASE, alt

_ENDS = rf"(?:\s+(?:{alt(NEXT_DUE_ENDS)}))*"
_NEXT_DUE = re.compile(
    rf"^(?:(?:{alt(NEXT_DUE_LEADS)})\s+)?(?:(?:my|the|our)\s+)?(?:{alt(NEXT_WORDS)})\s+"
    rf"(?:{alt(NEXT_DUE_NOUNS)}){_ENDS}$"
    rf"|^(?:{alt(NEXT_DUE_ASKS)})\s+{alt(DUE)}\s+(?:{alt(NEXT_DUE_TAILS)}){_ENDS}$",
    NOCASE,
)


def asks(text: str) -> bool:
    return bool(_NEXT_DUE.match(text.strip().rstrip("?!. ")))
