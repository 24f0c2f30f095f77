"""Words the verb readers share: list nouns, "done" words, and reading a task reference."""

from __future__ import annotations

import re

from core.agent.builtin.intents import Ref
from core.agent.builtin.lexicon.tasks import LIST_NAMES, NOT_A_TASK
from core.agent.builtin.lexicon.verbs import DONE_WORDS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import parse_ref

__all__ = ["DONE_WORD", "LIST_NOUN", "NOCASE", "ON_MY_LIST", "ref_from"]

LIST_NOUN = alt(LIST_NAMES)
ON_MY_LIST = re.compile(
    rf"\s+(?:to|on|onto|in|into|for|off|from|of)\s+(?:my|the|our)\s+{LIST_NOUN}$", NOCASE
)
DONE_WORD = alt(DONE_WORDS)
NOT_A_REF = re.compile(rf"^{alt(NOT_A_TASK)}$", NOCASE)


def ref_from(text: str) -> Ref | None:
    """A reference, without a trailing "on my list"; None for words that point at nothing."""
    text = ON_MY_LIST.sub("", text.strip())
    if not text or NOT_A_REF.match(text):
        return None
    return parse_ref(text)
