"""Regular-expression pieces built from the lexicon: a reader writes the shape of a phrase,
the lexicon the words that fill it, so a new word is one entry in `lexicon/`."""

from __future__ import annotations

import re
from collections.abc import Iterable

NOCASE = re.IGNORECASE


def alt(*tables: Iterable[str]) -> str:
    """`(?:w1|w2|…)` for every word of the tables, longest first (so "check off" is tried
    before "check"); a space in an entry matches any run of whitespace."""
    words = {word for table in tables for word in table}
    ordered = sorted(words, key=lambda word: (-len(word), word))
    return "(?:" + "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in ordered) + ")"


def drawn(*tables: Iterable[str]) -> str:
    """Like `alt`, with each word's last letter drawn out as people type it ("ummm")."""
    words = sorted({word for table in tables for word in table}, key=lambda word: -len(word))
    return "(?:" + "|".join(re.escape(word) + "+" for word in words) + ")"
