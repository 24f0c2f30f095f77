"""A clause that tells a new task's date, with the date read out of it: "renew the insurance,
it's due on the 14th", "email karen and it has to be done by wednesday", "send the form which
is due tuesday". Once the date is taken, what is left of the clause ("…, it's", "… and it has
to be done") is no part of the title. Pure: a title in, the title without that rest out."""

from __future__ import annotations

import re

from core.agent.builtin.lexicon.links import (
    DUE_LINK_BARE,
    DUE_LINK_RELATIVES,
    DUE_LINK_STATES,
    DUE_LINK_SUBJECTS,
    DUE_LINK_VERBS,
)
from core.agent.builtin.lexicon.time import DATE_NAMES
from core.agent.builtin.lexicon.verbs import INTENSIFIERS
from core.agent.builtin.pattern import NOCASE, alt

_BREAK = r"(?:\s*[,;:]|\s+[-–—]+|\s+(?:and|but|so))\s*(?:(?:and|but|so)\s+)?"
_SAID = (
    rf"(?:['’]?s\b|\s*(?:['’]|\s)\s*{alt(DUE_LINK_VERBS)})"  # "it's", "its", "it has to be"
    rf"(?:\s+{alt(INTENSIFIERS)})?"
    rf"(?:\s+{alt(DUE_LINK_STATES)})?(?:\s+(?:the\s+)?{alt(DATE_NAMES)}(?:\s+is)?)?"
)
_LINK = re.compile(
    rf"(?:{_BREAK}(?:{alt(DUE_LINK_SUBJECTS)}{_SAID}|{alt(DUE_LINK_BARE)}"
    rf"(?:\s+{alt(DUE_LINK_STATES)})?|(?:the|its|their)(?:\s+{alt(DATE_NAMES)}(?:\s+is)?)?)"
    rf"|\s+{alt(DUE_LINK_RELATIVES)}{_SAID})\s*$",
    NOCASE,
)


def without_due_link(title: str) -> str:
    """`title` without the rest of a clause that told its date; the title itself if that
    would leave nothing."""
    match = _LINK.search(title)
    if match is None or not title[: match.start()].strip(" ,;-–—"):
        return title
    return title[: match.start()].strip(" ,;-–—")
