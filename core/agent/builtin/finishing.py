"""Completing: "mark X done", "check off X", "finished X", "X is done", "I called mom"."""

from __future__ import annotations

import re

from core.agent.builtin.dates import shape_of
from core.agent.builtin.intents import AskWhich, Complete
from core.agent.builtin.lexicon.forms import TASK_VERBS
from core.agent.builtin.lexicon.talk import YOU
from core.agent.builtin.lexicon.verbs import (
    AT_LAST,
    BARE_DONE,
    CHECK_OFF_VERBS,
    COMPLETE_VERBS,
    DID_VERBS,
    DONE_ADVERBS,
    DONE_FIRST,
    DONE_PARTICIPLES,
    DONE_REPORTS,
    DONE_WITH,
    GOT_IT_DONE,
    MARK_VERBS,
    NOT_REPORTS,
    PAST_FORMS,
    SAME_IN_PAST,
)
from core.agent.builtin.pattern import alt
from core.agent.builtin.refs import parse_ref
from core.agent.builtin.words import DONE_WORD, LIST_NOUN, NOCASE, ref_from

_MARK = alt(MARK_VERBS)
_CHECK = alt(CHECK_OFF_VERBS)
_ADVERB = alt(DONE_ADVERBS)
# "finish the deck by monday 9am": a completing verb in its plain form with a date ahead is
# a task to do by then, not a report; "complete task 3" and "finish it" stay dones.
_TO_DO_BY = re.compile(rf"^{alt(COMPLETE_VERBS)}\s+(?P<ref>.+)$", NOCASE)
_COMPLETE_LEADS: tuple[re.Pattern[str], ...] = (
    re.compile(
        rf"^{_MARK}\s+(?P<ref>.+?)\s+(?:as\s+|to\s+|to\s+be\s+|=\s*|as\s+being\s+)?{DONE_WORD}$",
        NOCASE,
    ),
    re.compile(rf"^{_MARK}\s+(?:as\s+)?{DONE_WORD}\s*:?\s+(?P<ref>.+)$", NOCASE),
    re.compile(rf"^(?:{_CHECK}|{_MARK})\s+off\s+(?P<ref>.+)$", NOCASE),
    re.compile(
        rf"^{_CHECK}\s+(?P<ref>.+?)\s+off(?:\s+(?:of\s+)?(?:my|the|our)\s+{LIST_NOUN})?$",
        NOCASE,
    ),
    _TO_DO_BY,
    re.compile(
        rf"^(?:(?:i|we)\s+|(?:i|we)'?ve\s+|(?:i|we)\s+have\s+)?(?:{_ADVERB}\s+)*"
        rf"{alt(DID_VERBS)}\s+(?:with\s+)?(?:{_ADVERB}\s+)*(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        r"^(?:i'?m\s+|i\s+am\s+|we'?re\s+|we\s+are\s+)?(?:all\s+|now\s+|finally\s+)?"
        rf"{alt(DONE_WITH)}\s+with\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(rf"^{alt(DONE_FIRST)}\s*[:=\-–—]?\s+(?P<ref>.+)$", NOCASE),
    re.compile(
        rf"^(?:(?:i|we)\s+)?(?:just\s+)?got\s+(?P<ref>.+?)\s+{alt(GOT_IT_DONE)}$",
        NOCASE,
    ),
)
_COMPLETE_TAILS: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"^(?P<ref>.+?)(?:\s+is|\s+are|'s|\s+has\s+been|\s+have\s+been|\s+was|\s+got|\s+is\s+now|'s\s+now|\s+now)\s+"
        rf"(?:all\s+|now\s+|finally\s+|already\s+)?{alt(DONE_REPORTS)}"
        rf"(?:\s+(?:{alt(AT_LAST)}|too|as\s+well))?$",
        NOCASE,
    ),
    re.compile(rf"^(?P<ref>.+?)(?:\s*+[:=\-–—>]++\s*+|\s++)(?:is\s+)?{DONE_WORD}$", NOCASE),
)
_BARE_DONE = re.compile(rf"^{alt(BARE_DONE)}$", NOCASE)
_PAST = alt(PAST_FORMS)
_PAST_TENSE = re.compile(
    r"^(?:(?:finally|just|already|also|now)\s+)?(?:(?:(?:i|we)\s+|(?:i|we)'?ve\s+|(?:i|we)\s+have\s+|just\s+)(?:just\s+|already\s+|finally\s+|also\s+)*"
    rf"|(?=[a-z]+ed\b|{_PAST}\b))"
    rf"(?P<verb>[a-z]+ed|{_PAST})\s+(?P<rest>.+)$",
    NOCASE,
)
_YOU = re.compile(rf"^{alt(YOU)}\b", NOCASE)


def read_complete(text: str) -> Complete | AskWhich | None:
    if _BARE_DONE.match(text):
        return AskWhich("complete")
    for pattern in _COMPLETE_LEADS:
        if match := pattern.match(text):
            if _YOU.match(match.group("ref")):
                return None  # "did you add milk?" is a question, not a report
            if pattern is _TO_DO_BY and _dated_title(match.group("ref")):
                return None
            ref = ref_from(match.group("ref"))
            return Complete(ref) if ref else AskWhich("complete")
    return None


def _dated_title(words: str) -> bool:
    """Words naming a task by its title, with a date said in them."""
    ref = parse_ref(words)
    return ref is not None and ref.kind == "title" and _dated(words)


def _dated(words: str) -> bool:
    """A date said in `words` that is not when a done was done ("at last", "today")."""
    reading = shape_of(words)
    return reading is not None and reading.phrase.lower() not in AT_LAST


def read_complete_tail(text: str) -> Complete | None:
    for pattern in _COMPLETE_TAILS:
        if match := pattern.match(text):
            ref = ref_from(match.group("ref"))
            if ref is not None:
                return Complete(ref)
    return None


_PARTICIPLE_TAIL = re.compile(
    r"^(?P<ref>.+?)\s+(?:is\s+|are\s+|was\s+|were\s+|has\s+been\s+|have\s+been\s+|got\s+)?"
    rf"(?P<done>{alt(DONE_PARTICIPLES)})(?:\s+{alt(AT_LAST)})?$",
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


# "I have clean the bathroom already": a report with the verb in its plain form, as a second
# language may say it; only with a word that says it is done ("already", "just").
_HAVE_PLAIN = re.compile(
    rf"^(?:i|we)(?:\s+have|'ve)\s+(?:(?P<before>{_ADVERB})\s+)?(?P<verb>{alt(TASK_VERBS)})\s+"
    rf"(?P<rest>.+?)(?:\s+(?P<after>{alt(AT_LAST)}))?$",
    NOCASE,
)


def read_past_tense(text: str) -> Complete | None:
    if (plain := _HAVE_PLAIN.match(text)) and (plain.group("before") or plain.group("after")):
        ref = parse_ref(f"{plain.group('verb')} {plain.group('rest')}")
        return Complete(ref, loose=True) if ref else None
    match = _PAST_TENSE.match(text)
    if not match or match.group("verb").lower() in NOT_REPORTS:
        return None
    if (
        match.start("verb") == 0
        and match.group("verb").lower() in SAME_IN_PAST
        and _dated(match.group("rest"))  # "put away the camping gear on saturday": a task
    ):
        return None
    ref = parse_ref(f"{match.group('verb')} {match.group('rest')}")
    return Complete(ref, loose=True) if ref else None
