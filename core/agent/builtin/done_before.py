"""A task done before it was added, told right after: "oh wait that's done already",
"already got it haha", "i just did it actually". Pure: the words in, whether they say so.

"already" (or "just", "actually") must be said: a bare "got it" right after an add is an
acknowledgement, not news about the task."""

from __future__ import annotations

import re

from core.agent.builtin.lexicon.talk import CORRECTION_LEADS, LEAD_INS
from core.agent.builtin.lexicon.tasks import (
    DONE_BEFORE_ASKS,
    DONE_BEFORE_POINTERS,
    DONE_BEFORE_POLITE,
    DONE_BEFORE_STATES,
    DONE_BEFORE_TAILS,
    DONE_BEFORE_VERBS,
    DONE_BEFORE_WHO,
    DONE_BEFORE_WORDS,
)
from core.agent.builtin.pattern import NOCASE, alt

_POINTER = alt(DONE_BEFORE_POINTERS)
_POLITE = alt(DONE_BEFORE_POLITE)
_SOON = rf"(?:{alt(DONE_BEFORE_WORDS)}\s+)"
_SAID = re.compile(
    rf"^(?:{alt(CORRECTION_LEADS, LEAD_INS)}[\s,]+)*(?:{alt(DONE_BEFORE_WHO)}\s+)?"
    rf"(?:{_SOON}*{alt(DONE_BEFORE_VERBS)}\s+{_POINTER}"
    rf"|{_POINTER}(?:'s|\s+is|\s+was|s)\s+{_SOON}*{alt(DONE_BEFORE_STATES)}"
    rf"|{_SOON}+{alt(DONE_BEFORE_STATES)})"
    rf"(?:[\s,!.]+{alt(DONE_BEFORE_TAILS, DONE_BEFORE_WORDS)})*"
    rf"(?:[\s,!.;-]+(?:{_POLITE}\s+)?{alt(DONE_BEFORE_ASKS)}(?:\s+{_POLITE})?)?[\s!.]*$",
    NOCASE,
)
_SOON_WORD = re.compile(rf"\b{alt(DONE_BEFORE_WORDS)}\b", NOCASE)


def says_done_before(text: str) -> bool:
    """Whether the message says the task at hand was done already."""
    said = text.replace("’", "'").strip()
    return bool(_SAID.match(said)) and bool(_SOON_WORD.search(said))
