"""Misspelt verbs and list words ("shwo my tsaks", "whats lfet", "mrak 2 done"), corrected
by edit distance (rapidfuzz) against the lexicon. Only a message nothing else could read is
corrected, and only words that are no word the lexicon knows; the caller keeps a correction
only when it reads as a request."""

from __future__ import annotations

import re

from rapidfuzz import process
from rapidfuzz.distance import OSA

from core.agent.builtin.lexicon.spelling import (
    NOT_TYPOS,
    TITLE_TYPO_DISTANCE,
    TYPO_DISTANCE,
    TYPO_TARGETS,
)

_WORD = re.compile(r"[A-Za-z']+")
_TARGETS = frozenset(TYPO_TARGETS)


def allowed_distance(word: str, distances: tuple[tuple[int, int], ...] = TYPO_DISTANCE) -> int:
    """How many edits (a transposition is one) `word` may be from what it means."""
    return max((distance for length, distance in distances if len(word) >= length), default=0)


def closest(word: str) -> str | None:
    """The lexicon word `word` is a misspelling of, or None."""
    lowered = word.lower()
    allowed = allowed_distance(lowered)
    if not allowed or lowered in _TARGETS or lowered in NOT_TYPOS:
        return None
    found = process.extractOne(lowered, TYPO_TARGETS, scorer=OSA.distance, score_cutoff=allowed)
    return found[0] if found is not None else None


def misspelt(word: str, meant: str) -> bool:
    """`word` is `meant` with a typo ("mlik" for "milk"), by the lexicon's title distances."""
    allowed = allowed_distance(meant, TITLE_TYPO_DISTANCE)
    return bool(allowed) and OSA.distance(word, meant, score_cutoff=allowed) <= allowed


def corrected(text: str) -> str | None:
    """`text` with its misspelt words spelled right; None when nothing was corrected."""
    fixed = _WORD.sub(lambda match: closest(match.group(0)) or match.group(0), text)
    return fixed if fixed != text else None
