"""Completing: "mark X done", "check off X", "finished X", "X is done", "I called mom"."""

from __future__ import annotations

import re

from core.agent.builtin.intents import AskWhich, Complete
from core.agent.builtin.refs import parse_ref
from core.agent.builtin.words import DONE_WORD, LIST_NOUN, NOCASE, ref_from

_COMPLETE_LEADS: tuple[re.Pattern[str], ...] = (
    re.compile(
        rf"^(?:mark|set|flag|make|put|move|tag)\s+(?P<ref>.+?)\s+(?:as\s+|to\s+|to\s+be\s+|=\s*|as\s+being\s+)?{DONE_WORD}$",
        NOCASE,
    ),
    re.compile(rf"^(?:mark|set|flag)\s+(?:as\s+)?{DONE_WORD}\s*:?\s+(?P<ref>.+)$", NOCASE),
    re.compile(r"^(?:check|tick|cross|strike|scratch|knock|mark)\s+off\s+(?P<ref>.+)$", NOCASE),
    re.compile(
        rf"^(?:check|tick|cross|strike|scratch|knock)\s+(?P<ref>.+?)\s+off(?:\s+(?:of\s+)?(?:my|the|our)\s+{LIST_NOUN})?$",
        NOCASE,
    ),
    re.compile(
        r"^(?:complete|finish|close|resolve|accomplish|take\s+care\s+of|wrap\s+up|knock\s+out)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        r"^(?:(?:i|we)\s+|(?:i|we)'?ve\s+|(?:i|we)\s+have\s+)?(?:just\s+|already\s+|finally\s+|now\s+|also\s+)*"
        r"(?:finished|completed|done|did|accomplished|wrapped\s+up|took\s+care\s+of|taken\s+care\s+of|"
        r"handled|sorted(?:\s+out)?|dealt\s+with|crossed\s+off|checked\s+off|ticked\s+off|"
        r"knocked\s+out|knocked\s+off|got\s+through|closed|resolved)\s+(?:with\s+)?(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        r"^(?:i'?m\s+|i\s+am\s+|we'?re\s+|we\s+are\s+)?(?:all\s+|now\s+|finally\s+)?(?:done|finished|finish|through)\s+with\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(r"^(?:done|finished|completed|complete)\s*[:=\-–—]?\s+(?P<ref>.+)$", NOCASE),
    re.compile(
        r"^(?:(?:i|we)\s+)?(?:just\s+)?got\s+(?P<ref>.+?)\s+"
        r"(?:done|finished|sorted|out of the way)$",
        NOCASE,
    ),
)
_COMPLETE_TAILS: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"^(?P<ref>.+?)(?:\s+is|\s+are|'s|\s+has\s+been|\s+have\s+been|\s+was|\s+got|\s+is\s+now|'s\s+now|\s+now)\s+"
        r"(?:all\s+|now\s+|finally\s+|already\s+)?(?:done|complete|completed|finished|taken\s+care\s+of|"
        r"sorted|handled|dealt\s+with|checked\s+off|ticked\s+off|crossed\s+off|finito)"
        r"(?:\s+(?:already|now|too|as\s+well|at\s+last|finally))?$",
        NOCASE,
    ),
    re.compile(rf"^(?P<ref>.+?)(?:\s*+[:=\-–—>]++\s*+|\s++)(?:is\s+)?{DONE_WORD}$", NOCASE),
)
_BARE_DONE = re.compile(
    r"^(?:done|finished|complete|completed|all\s+done|i'?m\s+done|i\s+am\s+done|we'?re\s+done|"
    r"got\s+it|got\s+it\s+done|did\s+it|checked|ticked|check|tick|mark\s+(?:as\s+)?(?:done|complete)|"
    r"mark\s+done|finish|finished\s+it\s+all|✓|✔|✅|☑|completed\s+task|task\s+(?:done|completed))$",
    NOCASE,
)
_PAST_TENSE = re.compile(
    r"^(?:(?:finally|just|already|also|now)\s+)?(?:(?:(?:i|we)\s+|(?:i|we)'?ve\s+|(?:i|we)\s+have\s+|just\s+)(?:just\s+|already\s+|finally\s+|also\s+)*"
    r"|(?=[a-z]+ed\b|bought|paid|went|made|wrote|sent|took|fed|ran|met|brought|sold|gave|drove|ate|"
    r"got\b))"
    r"(?P<verb>[a-z]+ed|bought|paid|went|made|wrote|sent|took|fed|ran|met|found|brought|sold|told|got|"
    r"gave|spoke|drove|ate|saw|kept|built|caught|taught|swept|read|put|cut|hung|paid\s+off|"
    r"picked\s+up|dropped\s+off|filled\s+out|signed\s+up\s+for)\s+(?P<rest>.+)$",
    NOCASE,
)
_NOT_PAST_TENSE = frozenset(
    [
        "need",
        "needed",
        "wanted",
        "added",
        "created",
        "asked",
        "used",
        "tried",
        "started",
        "planned",
        "decided",
        "forgot",
        "forgotten",
        "noted",
        "remembered",
        "liked",
        "loved",
        "hated",
        "hoped",
        "wished",
        "missed",
        "failed",
        "listed",
    ]
)


def read_complete(text: str) -> Complete | AskWhich | None:
    if _BARE_DONE.match(text):
        return AskWhich("complete")
    for pattern in _COMPLETE_LEADS:
        if match := pattern.match(text):
            if re.match(r"^(?:you|u|ya)\b", match.group("ref"), NOCASE):
                return None  # "did you add milk?" is a question, not a report
            ref = ref_from(match.group("ref"))
            return Complete(ref) if ref else AskWhich("complete")
    return None


def read_complete_tail(text: str) -> Complete | None:
    for pattern in _COMPLETE_TAILS:
        if match := pattern.match(text):
            ref = ref_from(match.group("ref"))
            if ref is not None:
                return Complete(ref)
    return None


_PARTICIPLE_TAIL = re.compile(
    r"^(?P<ref>.+?)\s+(?:is\s+|are\s+|was\s+|were\s+|has\s+been\s+|have\s+been\s+|got\s+)?"
    r"(?P<done>submitted|sent|paid|returned|booked|bought|called|emailed|mailed|posted|filed|signed|"
    r"handed\s+in|turned\s+in|out|delivered|fixed|cleaned|washed|cancel+ed|renewed|ordered|"
    r"picked\s+up|dropped\s+off|written|read|fed|walked|watered)"
    r"(?:\s+(?:finally|already|now|at\s+last|today|yesterday))?$",
    NOCASE,
)


def read_done_participle(text: str) -> Complete | None:
    """`essay submitted`, `the invoice is out`: a report that names the task, matched loosely."""
    match = _PARTICIPLE_TAIL.match(text)
    if match is None or re.match(
        r"^(?:i|we|you|it|that|this|he|she|they)$", match.group("ref"), NOCASE
    ):
        return None
    ref = parse_ref(f"{match.group('ref')} {match.group('done')}")
    return Complete(ref, loose=True) if ref is not None else None


def read_past_tense(text: str) -> Complete | None:
    match = _PAST_TENSE.match(text)
    if not match or match.group("verb").lower() in _NOT_PAST_TENSE:
        return None
    ref = parse_ref(f"{match.group('verb')} {match.group('rest')}")
    return Complete(ref, loose=True) if ref else None
