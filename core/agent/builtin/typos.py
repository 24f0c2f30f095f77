"""Misspelt verbs and list words ("shwo my tsaks", "whats lfet", "mrak 2 done"), corrected
by edit distance (rapidfuzz) against the lexicon. Only a message nothing else could read is
corrected, and only words that are no word the lexicon knows; the caller keeps a correction
only when it reads as a request."""

from __future__ import annotations

import re

from rapidfuzz import process
from rapidfuzz.distance import OSA

from core.agent.builtin.lexicon.spelling import NOT_TYPOS, TYPO_DISTANCE, TYPO_TARGETS

_WORD = re.compile(r"[A-Za-z']+")
_TARGETS = frozenset(TYPO_TARGETS)


def _allowed_distance(word: str) -> int:
    allowed = 0
    for length, distance in TYPO_DISTANCE:
        if len(word) >= length:
            allowed = distance
    return allowed


def closest(word: str) -> str | None:
    """The lexicon word `word` is a misspelling of, or None."""
    lowered = word.lower()
    allowed = _allowed_distance(lowered)
    if not allowed or lowered in _TARGETS or lowered in NOT_TYPOS:
        return None
    found = process.extractOne(lowered, TYPO_TARGETS, scorer=OSA.distance, score_cutoff=allowed)
    return found[0] if found is not None else None


def corrected(text: str) -> str | None:
    """`text` with its misspelt words spelled right; None when nothing was corrected."""
    changed = False

    def fix(match: re.Match[str]) -> str:
        nonlocal changed
        right = closest(match.group(0))
        if right is None:
            return match.group(0)
        changed = True
        return right

    fixed = _WORD.sub(fix, text)
    return fixed if changed else None
