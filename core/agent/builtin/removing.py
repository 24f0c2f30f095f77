"""Deleting: "delete X", "get rid of X", "take X off my list", "X can go"."""

from __future__ import annotations

import re

from core.agent.builtin.intents import AskWhich, Delete
from core.agent.builtin.words import LIST_NOUN, NOCASE, ON_MY_LIST, ref_from

_DELETE_LEADS: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"^(?:delete|del|remove|rm|erase|trash|drop|bin|ditch|nuke|discard|scrap|scratch|cancel|axe|"
        r"kill|toss|dump|chuck|chuck\s+out|get\s+rid\s+of|throw\s+away|throw\s+out|do\s+away\s+with|"
        r"forget\s+about|"
        r"forget|lose|eliminate|strike|unlist)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(rf"^take\s+(?P<ref>.+?)\s+off\s+(?:of\s+)?(?:my|the|our)\s+{LIST_NOUN}$", NOCASE),
    re.compile(
        rf"^(?:get|take)\s+(?P<ref>.+?)\s+(?:off|out\s+of)\s+(?:my|the|our)\s+{LIST_NOUN}$", NOCASE
    ),
    re.compile(
        r"^(?:(?:i|we)\s+)?(?:don'?t|do\s+not|no\s+longer)\s+(?:need|want|have)\s+(?:to\s+)?(?P<ref>.+?)"
        r"(?:\s+any\s?more|\s+after\s+all)?$",
        NOCASE,
    ),
)
_DELETE_TAILS = re.compile(
    r"^(?P<ref>.+?)\s+(?:can\s+go|is\s+not\s+needed|isn'?t\s+needed|is\s+no\s+longer\s+needed|"
    r"is\s+cancel+ed|got\s+cancel+ed|was\s+cancel+ed|is\s+off|should\s+go|has\s+to\s+go|must\s+go|"
    r"is\s+obsolete|is\s+irrelevant)(?:\s+any\s?more|\s+now)?$",
    NOCASE,
)
_NOT_DELETE_REF = re.compile(
    r"^(?:off\b|by\b|out\b|in\b|me$|it$|that$|this$|about\s+it$|about\s+that$|everything\s+about\s+me|"
    r"my\s+(?:account|data|telegram|slack)|the\s+(?:account|link)|link)",
    NOCASE,
)


# "delete it" deletes the task we were talking about; "forget it" and "cancel that" do not.
_KEEPS_PRONOUN = frozenset(
    {
        "delete", "del", "remove", "rm", "erase", "trash", "drop", "bin", "ditch", "nuke",
        "discard", "kill", "toss", "dump", "get", "take", "lose", "eliminate", "chuck", "scrap",
    }
)  # fmt: skip


_ONTO_THE_LIST = re.compile(rf"\s+(?:on|onto|in|into|to)\s+(?:my|the|our)\s+{LIST_NOUN}$", NOCASE)


def read_delete(text: str) -> Delete | AskWhich | None:
    if _ONTO_THE_LIST.search(text):
        return None  # "chuck 'buy sunnies' on the list" adds
    for pattern in _DELETE_LEADS:
        if match := pattern.match(text):
            raw = ON_MY_LIST.sub("", match.group("ref").strip())
            lowered = raw.lower()
            verb = text.split()[0].lower()
            pronoun_kept = verb in _KEEPS_PRONOUN
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
