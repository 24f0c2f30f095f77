"""Deleting: "delete X", "get rid of X", "take X off my list", "X can go"."""

from __future__ import annotations

import re

from core.agent.builtin.intents import AskWhich, Delete
from core.agent.builtin.lexicon.verbs import (
    ANY_MORE,
    DELETE_TAILS,
    DELETE_VERBS,
    DELETE_VERBS_FOR_IT,
    NO_LONGER,
    NO_NEED,
    NOT_TASKS,
    TAKE_OFF_VERBS,
    WANT,
)
from core.agent.builtin.pattern import alt
from core.agent.builtin.words import LIST_NOUN, NOCASE, ON_MY_LIST, ref_from

_DELETE_LEADS: tuple[re.Pattern[str], ...] = (
    re.compile(rf"^{alt(DELETE_VERBS)}\s+(?P<ref>.+)$", NOCASE),
    re.compile(
        rf"^{alt(TAKE_OFF_VERBS)}\s+(?P<ref>.+?)\s+(?:off(?:\s+of)?|out\s+of)\s+(?:my|the|our)\s+{LIST_NOUN}$",
        NOCASE,
    ),
    re.compile(
        rf"^(?:(?:(?:i|we)\s+)?{alt(NO_LONGER)}\s+{alt(WANT)}|{alt(NO_NEED)})\s+(?:to\s+)?(?P<ref>.+?)"
        rf"(?:\s+{alt(ANY_MORE)})?$",
        NOCASE,
    ),
)
_DELETE_TAILS = re.compile(
    rf"^(?P<ref>.+?)\s+{alt(DELETE_TAILS)}(?:\s+{alt(ANY_MORE)}|\s+now)?$",
    NOCASE,
)
_NOT_DELETE_REF = re.compile(
    r"^(?:off\b|by\b|out\b|in\b|me$|it$|that$|this$|about\s+it$|about\s+that$|everything\s+about\s+me"
    rf"|{alt(NOT_TASKS)})",
    NOCASE,
)
_ONTO_THE_LIST = re.compile(rf"\s+(?:on|onto|in|into|to)\s+(?:my|the|our)\s+{LIST_NOUN}$", NOCASE)


def read_delete(text: str) -> Delete | AskWhich | None:
    if _ONTO_THE_LIST.search(text):
        return None  # "chuck 'buy sunnies' on the list" adds
    for pattern in _DELETE_LEADS:
        if match := pattern.match(text):
            raw = ON_MY_LIST.sub("", match.group("ref").strip())
            lowered = raw.lower()
            verb = text.split()[0].lower()
            pronoun_kept = verb in DELETE_VERBS_FOR_IT
            if _NOT_DELETE_REF.match(lowered) and not (
                pronoun_kept and lowered in ("it", "that", "this")
            ):
                return None
            ref = ref_from(raw)
            return Delete(ref) if ref else AskWhich("delete")
    return None


def read_delete_tail(text: str) -> Delete | None:
    if match := _DELETE_TAILS.match(text):
        ref = ref_from(match.group("ref"))
        if ref is not None:
            return Delete(ref)
    return None
