"""Messages whose task and verb sit in different clauses or turns: "the report is finished,
tick it off", "clean the fridge this weekend, add that", "I meant task 2", "the milk should be
oat milk". Pure: they read words, and the caller decides what the words point at."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from core.agent.builtin.intents import Family, Ref
from core.agent.builtin.refs import parse_ref
from core.agent.builtin.text import tidy_title
from core.agent.builtin.words import DONE_WORD, NOCASE, ON_MY_LIST, ref_from

_THEN_ACT_ON_IT = re.compile(
    r"^(?P<subject>.+?)\s*(?:[,;.!:]+|\s+[-–—]+|\s+so)\s+"
    r"(?:so\s+|please\s+|pls\s+|just\s+|can\s+you\s+|could\s+you\s+|go\s+ahead\s+and\s+)*"
    r"(?P<verb>tick|check|cross|strike|mark|remove|delete|drop|erase|trash|scratch|add|put|note|"
    r"jot|write|save|track|log)\s+(?:it|that|this|them)"
    r"(?:\s+(?:off|down|done|as\s+done|complete|completed|finished|as\s+complete(?:d)?|"
    r"as\s+a\s+task|on\s+(?:my|the)\s+list|to\s+(?:my|the)\s+list|from\s+(?:my|the)\s+list|"
    r"off\s+(?:my|the)\s+list|too|for\s+me))*$",
    NOCASE,
)
_VERB_FAMILY: dict[str, Family] = {
    "tick": "complete",
    "check": "complete",
    "cross": "complete",
    "strike": "complete",
    "mark": "complete",
    "remove": "delete",
    "delete": "delete",
    "drop": "delete",
    "erase": "delete",
    "trash": "delete",
    "scratch": "delete",
}


@dataclass(frozen=True)
class ActOnIt:
    """`<subject>, <verb> it`: what the subject says, and what to do with it."""

    family: Family
    subject: str


def act_on_it(text: str) -> ActOnIt | None:
    match = _THEN_ACT_ON_IT.match(text)
    if match is None:
        return None
    verb = match.group("verb").lower()
    family = _VERB_FAMILY.get(verb, "add")
    if verb == "mark" and not re.search(rf"\b{DONE_WORD}\b", text[match.end("verb") :], NOCASE):
        return None  # "mark it" alone: as what?
    subject = match.group("subject").strip()
    return ActOnIt(family, subject) if subject else None


_MEANT = re.compile(
    r"^(?:(?:no|nope|oops|sorry|wait|whoops|my bad|ah|oh|actually)\s*[,!.:;-]*\s*)*"
    r"(?:i\s+meant|i\s+mean|meant|i\s+was\s+talking\s+about|i\s+was\s+thinking\s+of)\s+"
    r"(?P<ref>.+?)(?:\s*,?\s*not\s+.+)?$",
    NOCASE,
)


def meant(text: str) -> Ref | None:
    """`I meant task 2` / `oh I meant yoga`: the corrected reference."""
    match = _MEANT.match(text)
    if match is None:
        return None
    return ref_from(match.group("ref"))


_SHOULD_BE = re.compile(
    r"^(?:the\s+|my\s+)?(?P<ref>[^,;:]+?)\s+(?:one\s+|task\s+)?(?:should|must|needs?\s+to|has\s+to|"
    r"ought\s+to)\s+(?:be|say|read)\s+(?:called\s+|named\s+)?(?P<title>.+)$",
    NOCASE,
)
_NOT_A_NEW_TITLE = re.compile(
    rf"^(?:{DONE_WORD}|deleted|removed|gone|ready|over|fine|ok|okay|easy|hard|fun|quick|"
    r"first|last|next|later|earlier|tomorrow|today|(?:on|by|before|after|at|in)\b)",
    NOCASE,
)


def should_be(text: str) -> tuple[Ref, str] | None:
    """`the milk should be oat milk`: a rename, told as a correction."""
    match = _SHOULD_BE.match(text)
    if match is None or _NOT_A_NEW_TITLE.match(match.group("title")):
        return None
    ref = ref_from(match.group("ref"))
    title = tidy_title(ON_MY_LIST.sub("", match.group("title")))
    if ref is None or not title or re.match(r"^(?:i|we|you|it|that|this)$", ref.text, NOCASE):
        return None
    return ref, title


def subject_ref(subject: str, read: Callable[[str], object]) -> Ref | None:
    """The task a subject clause points at: what a verb reader finds in it, else its words."""
    found = read(subject)
    ref = getattr(found, "ref", None)
    if isinstance(ref, Ref):
        return ref
    return parse_ref(subject)
