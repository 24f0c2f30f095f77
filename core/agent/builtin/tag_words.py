"""A word in a listing that may name one of the person's tags: "show me my errands that aren't
done yet", "unfinished work tasks", "what's left for work", "my open #home tasks". Pure: the
words in, the word out; the engine keeps it only when a tag has that name, so "show my open
shopping tasks" without a #shopping tag is the plain listing it was."""

from __future__ import annotations

import re

from core.agent.builtin.lexicon.grammar import GRAMMAR
from core.agent.builtin.lexicon.questions import (
    LIST_KINDS,
    LISTING_VERBS,
    STATUS_DONE,
    STATUS_OPEN,
    TAG_WORD_LEADS,
    TAG_WORD_NOUNS,
    TAG_WORD_TAILS,
    WHOLE,
)
from core.agent.builtin.lexicon.tasks import LISTING_NOUNS, TASK_NOUNS
from core.agent.builtin.lexicon.verbs import SHOW_VERBS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.timed import HASHTAG

_WORD = r"(?P<word>[^\W\d_][\w\-]*)"
_KINDS = rf"(?:(?:{alt(LIST_KINDS)})\s+)*"
_OWNER = r"(?:(?:of\s+)?(?:all\s+)?(?:my|the|our)\s+|any\s+|all\s+)"
_SHAPES = (
    re.compile(rf"\b{_OWNER}{_KINDS}{_WORD}\s+{alt(TAG_WORD_NOUNS)}\b", NOCASE),
    re.compile(rf"\b(?:{alt(LIST_KINDS)})\s+{_WORD}(?:\s+{alt(TAG_WORD_NOUNS)})?$", NOCASE),
    re.compile(
        rf"^(?:(?:{alt(SHOW_VERBS)})(?:\s+me)?|which|what|any)\s+{_OWNER}?{_KINDS}{_WORD}"
        rf"(?:\s+{alt(TAG_WORD_NOUNS)})?(?:\s+(?:{alt(TAG_WORD_TAILS)})\b|$)",
        NOCASE,
    ),
    re.compile(rf"\b(?:{alt(TAG_WORD_LEADS)})\s+(?:(?:the|my|our)\s+)?#?{_WORD}$", NOCASE),
)
# "show my errands", "list all the work stuff": a listing of what the word names.
SHOWN = re.compile(
    rf"^(?:{alt(LISTING_VERBS)})(?:\s+me)?\s+{_OWNER}{_KINDS}{_WORD}(?:\s+{alt(TAG_WORD_NOUNS)})?$",
    NOCASE,
)
_NOT_TAGS = frozenset(
    word.casefold()
    for table in (
        GRAMMAR, LIST_KINDS, LISTING_NOUNS, TASK_NOUNS.values(), STATUS_DONE, STATUS_OPEN,
        TAG_WORD_NOUNS, WHOLE, SHOW_VERBS, ("me", "everything", "list", "left"),
    )
    for word in table
)  # fmt: skip


def hashtag(text: str) -> str | None:
    """ "show my open #home tasks": a tag said as one, lower-case and without "#"."""
    match = HASHTAG.search(text)
    return match.group("tag").casefold() if match else None


def tag_word(text: str) -> str | None:
    """The word that may name a tag, lower-case and without "#"; None when there is none."""
    asked = text.strip().rstrip("?!. ")
    for shape in _SHAPES:
        for match in shape.finditer(asked):
            word = match.group("word").casefold()
            if word not in _NOT_TAGS:
                return word
    return None
