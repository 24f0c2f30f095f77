"""The verb families, in the order that resolves overlaps.

Readers only look at the words; they never look anything up. Leading-verb forms come first
("mark X done"); trailing forms ("X is done") are tried by `parse.py` after everything else.
"""

from __future__ import annotations

import functools

from core.agent.builtin import typos
from core.agent.builtin.adding import read_add, read_need, read_title
from core.agent.builtin.editing import read_update
from core.agent.builtin.finishing import (
    read_complete,
    read_complete_tail,
    read_done_participle,
    read_past_tense,
)
from core.agent.builtin.intents import Intent
from core.agent.builtin.lexicon.spelling import TYPO_PRONE_VERBS
from core.agent.builtin.refs import parse_ref
from core.agent.builtin.removing import read_delete, read_delete_tail

__all__ = [
    "fix_verb_typo",
    "leading",
    "read_complete_tail",
    "read_delete_tail",
    "read_done_participle",
    "read_need",
    "read_past_tense",
    "read_title",
]


# Read by the batch reader and again by the one-request reader in the same turn; the
# readers are pure and their readings frozen, so the second read is the first's.
@functools.lru_cache(maxsize=256)
def leading(text: str) -> Intent | None:
    """The forms that start with their verb, in the order that resolves overlaps."""
    for reader in (read_complete, read_update, read_delete, read_add):
        found = reader(text)
        if found is not None:
            return found
    return None


def fix_verb_typo(text: str) -> str:
    """`dleete task 2`: a misspelt verb, when what follows can only point at a task."""
    first, _, rest = text.partition(" ")
    word = first.lower()
    if len(word) < 5 or not rest or word.startswith(TYPO_PRONE_VERBS):
        return text
    ref = parse_ref(rest)
    if ref is None or ref.kind == "title":
        return text  # "remote control batteries" stays a title
    close = typos.closest(word)
    return f"{close} {rest}" if close in TYPO_PRONE_VERBS else text
