"""Where a message's clauses and requests begin and end (`breaks`: the one segmentation), and
corrections told in words: "I meant task 2", "nope, number 3", "the milk should be oat
milk". Pure: they read words, and the caller decides what the words point at."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from core.agent.builtin.intents import Ref
from core.agent.builtin.lexicon.fields import (
    MISTAKE_WORDS,
    NOT_A_NEW_TITLE,
    TITLE_NAMES,
    WHEN_WORDS,
)
from core.agent.builtin.lexicon.talk import (
    CORRECTION_LEADS,
    SOFTENERS,
)
from core.agent.builtin.lexicon.tasks import TASK_NOUNS
from core.agent.builtin.lexicon.verbs import (
    FIX_VERBS,
    IT_WAS,
    MAKE_INTO,
    MEANT,
    NAME_VERBS_PAST,
    NOT_THAT_ONE,
    OUGHT,
    SAY_VERBS,
    SECOND_REQUESTS,
)
from core.agent.builtin.pattern import alt
from core.agent.builtin.text import tidy_title
from core.agent.builtin.words import DONE_WORD, NOCASE, ON_MY_LIST, ref_from

_LEADS = rf"(?:{alt(CORRECTION_LEADS)}\b[\s,!.:;-]*)*"
_MEANT = re.compile(
    rf"^{_LEADS}(?:{alt(NOT_THAT_ONE)}\b[\s,!.:;-]*{_LEADS})?"
    rf"{alt(MEANT)}\s+(?P<ref>.+?)(?:\s*,?\s*not\s+.+)?$"
    rf"|^{_LEADS}{alt(NOT_THAT_ONE)}\b[\s,!.:;-]*{_LEADS}(?:{alt(IT_WAS)}\s+)?(?P<other>.+)$",
    NOCASE,
)
# "nope, number 3", "sorry, the second": a lead, then only a number or a position.
_LEAD_THEN_REF = re.compile(
    rf"^(?:{alt(CORRECTION_LEADS)}\b[\s,!.:;-]*)+(?P<ref>.+)$",
    NOCASE,
)


# "wait no, not that one": a correction that names no task yet ("one" is no task 1 here).
_ONLY_NOT_THAT_ONE = re.compile(rf"^{_LEADS}{alt(NOT_THAT_ONE)}[\s,!.:;-]*$", NOCASE)


def not_that_one(text: str) -> bool:
    """ "wait no, not that one", "wrong one!": the last turn's task was not the one meant."""
    return bool(_ONLY_NOT_THAT_ONE.match(text))


def meant(text: str) -> Ref | None:
    """`I meant task 2`, `oh I meant yoga`, `wrong one, it was #3`: the corrected reference."""
    match = _MEANT.match(text)
    if match is None or _ONLY_NOT_THAT_ONE.match(text):
        return None
    return ref_from(match.group("ref") or match.group("other"))


def renumbered(text: str) -> Ref | None:
    """`nope, number 3`, `sorry, the second one`: a correction that only points."""
    match = _LEAD_THEN_REF.match(text)
    if match is None:
        return None
    ref = ref_from(match.group("ref"))
    return ref if ref is not None and ref.kind in ("number", "ordinal") else None


_SHOULD_BE = re.compile(
    rf"^(?:the\s+|my\s+)?(?P<ref>[^,;]+?)\s+(?:one\s+|{alt(TASK_NOUNS)}\s+)?{alt(OUGHT)}\s+"
    rf"(?:be|{alt(SAY_VERBS)})\s+(?:{alt(NAME_VERBS_PAST)}\s+)?(?P<title>.+)$",
    NOCASE,
)
NOT_A_TITLE = re.compile(rf"^(?:{DONE_WORD}|{alt(NOT_A_NEW_TITLE)}|{alt(WHEN_WORDS)}\b)", NOCASE)
_TYPO_LEAD = re.compile(
    rf"^(?:{alt(FIX_VERBS)}\s+(?:the\s+|a\s+|my\s+)?{alt(MISTAKE_WORDS)}(?:\s+{alt(SOFTENERS)})?|"
    rf"{alt(MISTAKE_WORDS)})\s*[:,-]\s*",
    NOCASE,
)
_MAKE_IT = re.compile(
    rf"^{alt(MAKE_INTO)}\s+(?P<ref>.+?)\s+(?:into\s+|{alt(SAY_VERBS)}\s+)?(?P<title>['\"“‘].+)$",
    NOCASE,
)
_TITLE_OF = re.compile(rf"^{alt(TITLE_NAMES)}\s+(?:of|for)\s+", NOCASE)


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
    if match is None or NOT_A_TITLE.match(match.group("title")):
        return None
    ref = ref_from(_TITLE_OF.sub("", match.group("ref")))
    title = tidy_title(ON_MY_LIST.sub("", re.sub(r"\s+instead$", "", match.group("title"))))
    if ref is None or not title or re.match(r"^(?:i|we|you|it|that|this)$", ref.text, NOCASE):
        return None
    return ref, title


# Where a clause may end: a mark (".", ";", ",", " - ", ": "), a joining word, or both.
_JOINING = (
    r"and\s+(?:then|also|after\s+that)|and|&|then|also|plus|so|but|as\s+well\s+as|after\s+that"
)
_BREAK = re.compile(
    rf"\s*(?P<mark>[.!?]+(?=\s)|[;,]|\s[-–—]+(?=\s)|:(?=\s))\s*(?:(?P<after>{_JOINING}),?\s+)?"
    rf"|\s+(?P<word>{_JOINING})\s+",
    NOCASE,
)


@dataclass(frozen=True)
class Break:
    """One place a clause may end: its mark ("," ";" "." "-" ":", or "") and joining word."""

    start: int
    end: int
    mark: str
    word: str


_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')


def breaks(text: str) -> Iterator[Break]:
    """Every place in `text` where a clause may end, in order, found as they are asked for:
    the one segmentation every reader of several requests, tasks or clauses cuts a message by.
    Nothing quoted is cut."""
    quoted = [found.span() for found in _QUOTED.finditer(text)]
    for match in _BREAK.finditer(text):
        if any(start < match.start() < end for start, end in quoted):
            continue  # 'set the description to "check the chain and the brakes"'
        word = match.group("after") or match.group("word") or ""
        mark = (match.group("mark") or "").strip()[:1]
        yield Break(match.start(), match.end(), mark, " ".join(word.casefold().split()))


def cut(text: str, marks: tuple[str, ...], words: tuple[str, ...] = ()) -> list[str]:
    """`text` cut at its breaks with one of `marks`, or with one of `words` after no mark."""
    pieces, start = [], 0
    for found in breaks(text):
        if found.mark in marks and (found.mark or found.word in words):
            pieces.append(text[start : found.start])
            start = found.end
    return [*pieces, text[start:]]


# Where "complete 2 and also 5", "move the dentist to friday and the gym too" carry the verb.
_CARRYING = frozenset({"and also", "and", "&", "also", "plus", "as well as"})
TOO = re.compile(r"\s+(?:too|as\s+well|also)[\s!.]*$", NOCASE)
MOST_CARRIED_WORDS = 6
# "… and tag it finance too": a request of its own, no object to carry the verb to.
_OWN_REQUEST = re.compile(rf"^{alt(SECOND_REQUESTS)}\s+(?:it|them|that|this)\b", NOCASE)


def carried(
    text: str, object_of: Callable[[str], str | None], own: Callable[[str], bool] = bool
) -> tuple[str, str] | None:
    """The request before the last joining word, and the same request with the second
    object in place of the first one's (`object_of` finds its words in the request); or the
    first's verb before the second's own words, when `own` says they set what it changes
    ("move the dentist to friday and the gym to monday"). A plain "and" carries only with a
    mark that the second is apart ("too", the first's "to" again, or two task numbers)."""
    joins = [join for join in breaks(text) if join.mark in ("", ",") and join.word in _CARRYING]
    if not joins:
        return None
    left, right = text[: joins[-1].start].strip(" ,;"), text[joins[-1].end :].strip(" !.")
    said, too = object_of(left), TOO.search(right)
    right = right[: too.start()] if too else right
    at = left.casefold().rfind(said.casefold()) if said else -1
    if (
        said is None
        or at < 0
        or len(right.split()) > MOST_CARRIED_WORDS
        or _OWN_REQUEST.match(right)
    ):
        return None
    before = left[:at].split()[-1:]  # "to" in "remind me to call mom"
    again = bool(before) and right.casefold().startswith(before[0].casefold() + " ")
    right = right.split(None, 1)[1] if again else right
    numbers = said.isdigit() and right.lstrip("#").isdigit()
    if own is not bool and own(f"{left[:at]}{right}"):
        return left, f"{left[:at]}{right}"
    if joins[-1].word in ("and", "&") and not (too or again or numbers):
        return None
    return left, f"{left[:at]}{right}{left[at + len(said) :]}"


# A clause that only says how the one before stands ("email jen - done") is part of it.
_STATUS_ONLY = re.compile(rf"(?:(?:all|now|is|are)\s+)*{DONE_WORD}[\s!.]*", NOCASE)
# A chatty message has a few clauses; past this many, only the first and last few are read,
# so a message of a thousand commas costs what one of a dozen does.
MOST_CLAUSES = 6


def clause_breaks(text: str) -> list[Break]:
    """The breaks between clauses: a mark, or "so" or "but" ("and" may join one task's words)."""
    return [at for at in breaks(text) if at.mark or at.word in ("so", "but")]


def split(text: str) -> list[str]:
    """The clauses of `text` in order, at its clause breaks; the whole text when it has none."""
    spans: list[tuple[int, int]] = []
    start = 0
    for at in [*clause_breaks(text), Break(len(text), len(text), "", "")]:
        part = text[start : at.start].strip()
        if spans and _STATUS_ONLY.fullmatch(part):
            spans[-1] = (spans[-1][0], at.start)  # "the essay - done"
        elif part:
            spans.append((start, at.start))
        start = at.end
    return [text[start:stop].strip() for start, stop in spans]


def segments(text: str) -> list[str]:
    """The pieces worth reading alone, in the order to try them: tails from the longest
    ("..., can you remind me to X"), then single clauses from the first; at most
    `MOST_CLAUSES` tails and twice as many clauses (the first and the last)."""
    parts = split(text)
    if len(parts) < 2:
        return []
    tails = [text[at.end :].strip() for at in clause_breaks(text)[-MOST_CLAUSES:]]
    if len(parts) > 2 * MOST_CLAUSES:
        parts = [*parts[:MOST_CLAUSES], *parts[-MOST_CLAUSES:]]
    return [*(tail for tail in tails if tail), *parts]
