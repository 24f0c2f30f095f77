"""Messages whose task and verb sit in different clauses or turns: "the report is finished,
tick it off", "clean the fridge this weekend, add that", "I meant task 2", "the milk should be
oat milk". Pure: they read words, and the caller decides what the words point at."""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.agent.builtin.intents import Family, Ref
from core.agent.builtin.text import tidy_title
from core.agent.builtin.words import DONE_WORD, NOCASE, ON_MY_LIST, ref_from

_THEN_ACT_ON_IT = re.compile(
    r"^(?P<subject>.+?)\s*(?:[,;.!:]+|\s+[-–—]+|\s+so)\s+"
    r"(?:so\s+|please\s+|pls\s+|just\s+|can\s+you\s+|could\s+you\s+|you\s+can\s+|"
    r"go\s+ahead\s+and\s+)*"
    r"(?P<verb>tick|check|cross|strike|mark|remove|delete|drop|erase|trash|scratch|bin|chuck|"
    r"ditch|scrap|get\s+rid\s+of|add|put|note|jot|write|save|track|log)\s+"
    r"(?:it|that|this|them|(?:that|this|the)\s+one)"
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
    "bin": "delete",
    "chuck": "delete",
    "ditch": "delete",
    "scrap": "delete",
    "get rid of": "delete",
}


@dataclass(frozen=True)
class ActOnIt:
    """`<subject>, <verb> it`: what the subject says, and what to do with it."""

    family: Family
    subject: str


_ASKED_TO = re.compile(
    r"\b(?:(?:asked|told|wants|wanted|needs|reminded|begged)\s+(?:me|us)|(?:i|we)\s+(?:need|have|"
    r"got|must|should))\s+to\s+(?P<rest>.+)$",
    NOCASE,
)


def asked_to(subject: str) -> str | None:
    """`my boss just asked me to send the numbers`: the task inside a story."""
    match = _ASKED_TO.search(subject)
    return match.group("rest").strip() if match else None


def act_on_it(text: str) -> ActOnIt | None:
    match = _THEN_ACT_ON_IT.match(text)
    if match is None:
        return None
    verb = " ".join(match.group("verb").lower().split())
    family = _VERB_FAMILY.get(verb, "add")
    if verb == "mark" and not re.search(rf"\b{DONE_WORD}\b", text[match.end("verb") :], NOCASE):
        return None  # "mark it" alone: as what?
    subject = match.group("subject").strip()
    return ActOnIt(family, subject) if subject else None


_MEANT = re.compile(
    r"^(?:(?:no|nope|oops|sorry|wait|whoops|my bad|ah|oh|actually)\b[\s,!.:;-]*)*"
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
    r"^(?:the\s+|my\s+)?(?P<ref>[^,;]+?)\s+(?:one\s+|task\s+)?(?:should|must|needs?\s+to|has\s+to|"
    r"ought\s+to)\s+(?:be|say|read)\s+(?:called\s+|named\s+)?(?P<title>.+)$",
    NOCASE,
)
_NOT_A_NEW_TITLE = re.compile(
    rf"^(?:{DONE_WORD}|deleted|removed|gone|ready|over|fine|ok|okay|easy|hard|fun|quick|"
    r"first|last|next|later|earlier|tomorrow|today|(?:on|by|before|after|at|in)\b)",
    NOCASE,
)


_TYPO_LEAD = re.compile(
    r"^(?:(?:fix|correct)\s+(?:the\s+|a\s+|my\s+)?(?:typo|spelling|mistake)(?:\s+(?:pls|please))?|"
    r"typo)\s*[:,-]\s*",
    NOCASE,
)
_MAKE_IT = re.compile(
    r"^(?:make|turn|change)\s+(?P<ref>.+?)\s+(?:into\s+|say\s+|read\s+)?(?P<title>['\"“‘].+)$",
    NOCASE,
)


def is_typo_fix(text: str) -> bool:
    return bool(_TYPO_LEAD.match(text))


def should_be(text: str) -> tuple[Ref, str] | None:
    """`the milk should be oat milk`, `make the dentist one 'book dentist for tues'`: a
    rename, told as a correction."""
    text = _TYPO_LEAD.sub("", text)
    if (made := _MAKE_IT.match(text)) is not None:
        ref, title = ref_from(made.group("ref")), tidy_title(made.group("title"))
        return (ref, title) if ref is not None and title else None
    match = _SHOULD_BE.match(text)
    if match is None or _NOT_A_NEW_TITLE.match(match.group("title")):
        return None
    ref = ref_from(re.sub(r"^(?:title|name)\s+(?:of|for)\s+", "", match.group("ref"), flags=NOCASE))
    title = tidy_title(ON_MY_LIST.sub("", re.sub(r"\s+instead$", "", match.group("title"))))
    if ref is None or not title or re.match(r"^(?:i|we|you|it|that|this)$", ref.text, NOCASE):
        return None
    return ref, title


_CLAUSE_BREAK = re.compile(r"\s*(?:[.!?;]+\s+|,\s*|\s+[-–—]+\s+|:\s+|\s+(?:so|but)\s+)", NOCASE)


def has_clauses(text: str) -> bool:
    return bool(_CLAUSE_BREAK.search(text))


# A chatty message has a few clauses; past this many, only the first and last few are read,
# so a message of a thousand commas costs what one of a dozen does.
MOST_CLAUSES = 6


def segments(text: str) -> list[str]:
    """The pieces worth reading alone, in the order to try them: tails from the longest
    ("..., can you remind me to X"), then single clauses from the first ("called the plumber,
    finally. he's coming thursday"). At most `MOST_CLAUSES` tails (the shortest) and twice as
    many clauses (the first and the last), each found in one pass over the text."""
    breaks = [(match.start(), match.end()) for match in _CLAUSE_BREAK.finditer(text)]
    if not breaks:
        return []
    starts = [0, *(end for _start, end in breaks)]
    stops = [*(start for start, _end in breaks), len(text)]
    parts = [text[start:stop] for start, stop in zip(starts, stops, strict=True)]
    parts = [part for part in parts if part.strip()]
    if len(parts) < 2:
        return []
    tails = [text[end:].strip() for _start, end in breaks[-MOST_CLAUSES:]]
    kept = (
        parts
        if len(parts) <= 2 * MOST_CLAUSES
        else [
            *parts[:MOST_CLAUSES],
            *parts[-MOST_CLAUSES:],
        ]
    )
    return [*(tail for tail in tails if tail), *kept]
