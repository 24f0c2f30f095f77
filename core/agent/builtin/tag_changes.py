"""Changes to a task's tags: "tag #2 with errands", "add #home to it", "remove the home tag
from fix the sink", "untag it". Pure: words in, an `EditFields` (or None) out."""

from __future__ import annotations

import re
from collections.abc import Callable

from core.agent.builtin.intents import EditFields, Ref
from core.agent.builtin.lexicon.fields import (
    ATTACH_VERBS,
    DETACH_VERBS,
    TAG_NOUNS,
    TAG_VERBS,
    UNTAG,
)
from core.agent.builtin.lexicon.tasks import ON_TOP, TASK_NOUNS
from core.agent.builtin.pattern import alt
from core.agent.builtin.timed import TAG_LIST, split_tags
from core.agent.builtin.words import NOCASE

_TAGS = alt(TAG_NOUNS)
_HASHTAGS = r"#[^\W\d_][\w\-]*"
_TAG_ADD = (
    re.compile(rf"^{alt(TAG_VERBS)}\s+(?P<ref>.+?)\s+(?:with|as)\s+(?P<tags>{TAG_LIST})$", NOCASE),
    re.compile(
        rf"^{alt(TAG_VERBS)}\s+(?P<ref>it|that|this|that\s+one|(?:{alt(TASK_NOUNS)}\s*|#)?\d+)\s+(?P<tags>{TAG_LIST})$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(ATTACH_VERBS)}\s+(?:the\s+)?{_TAGS}\s+(?P<tags>{TAG_LIST})\s+(?:to|on)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(ATTACH_VERBS)}\s+(?P<tags>{_HASHTAGS}(?:\s+{_HASHTAGS})*)\s+(?:to|on)\s+(?P<ref>.+)$",
        NOCASE,
    ),
)
_TAG_REMOVE = (
    re.compile(
        rf"^{alt(DETACH_VERBS)}\s+(?:the\s+)?{_TAGS}\s+(?P<tags>{TAG_LIST})\s+"
        r"(?:from|off|of)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(DETACH_VERBS)}\s+(?P<tags>{_HASHTAGS})\s+(?:from|off)\s+(?P<ref>.+)$", NOCASE
    ),
    re.compile(  # "remove the home tag from fix the sink", "take the #work label off it"
        rf"^{alt(DETACH_VERBS)}\s+(?:the\s+)?(?P<tags>{TAG_LIST})\s+"
        rf"{_TAGS}\s+(?:from|off|of|on)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(UNTAG)}\s+(?P<ref>.+?)\s+(?:from\s+)?(?P<tags>{_HASHTAGS}(?:\s*,\s*#?[^\W\d_][\w\-]*)*)$",
        NOCASE,
    ),
)
_TAG_CLEAR = re.compile(
    rf"^{alt(UNTAG)}\s+(?P<ref>.+)$|^{alt(DETACH_VERBS)}\s+(?:all\s+)?(?:the\s+|its\s+|that\s+)?"
    rf"{_TAGS}"
    r"(?:\s+(?:from|of|on)\s+(?P<ref2>.+))?$",
    NOCASE,
)


_ON_TOP = re.compile(rf"\s*,?\s+{alt(ON_TOP)}$", NOCASE)


def read_tag_change(text: str, ref_of: Callable[[str | None], Ref | None]) -> EditFields | None:
    """Tags added to, taken from or cleared off a task; `ref_of` reads the task's words
    (None for "it"). A "too" after them changes nothing ("tag it finance too")."""
    text = _ON_TOP.sub("", text)
    for pattern in _TAG_ADD:
        if match := pattern.match(text):
            ref = ref_of(match.group("ref"))
            if ref is not None:
                return EditFields(ref, add_tags=tuple(split_tags(match.group("tags"))))
    for pattern in _TAG_REMOVE:
        if match := pattern.match(text):
            ref = ref_of(match.group("ref"))
            if ref is not None:
                return EditFields(ref, remove_tags=tuple(split_tags(match.group("tags"))))
    if match := _TAG_CLEAR.match(text):
        ref = ref_of(match.group("ref") or match.group("ref2"))
        if ref is not None:
            return EditFields(ref, clear_tags=True)
    return None
