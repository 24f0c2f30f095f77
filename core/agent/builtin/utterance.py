"""The message as every reader sees it: chat shorthand spelled out ("2day", "b4", "3hrs",
"remind me in an hour 2 call gran", "at 5 o'clock") and a slip corrected in the same breath
resolved ("add ring Jon, sorry, John" is "add ring John"). Built once, at the start of a
turn, so the reminder, repeat and task readers all read the same words."""

from __future__ import annotations

import functools
import re

from core.agent.builtin.lexicon.forms import TASK_VERBS
from core.agent.builtin.lexicon.questions import TAG_WORD_PLURALS
from core.agent.builtin.lexicon.spelling import (
    AND_SHORT,
    APOLOGIES,
    CORRECTION_MARKS,
    CORRECTION_MARKS_SET_OFF,
    FILLERS,
    FIX_LEADS,
    HOURS_SHORT,
    MAKE_IT,
    MINUTES_SHORT,
    MISSPELLINGS,
    ROUGHLY,
    SLIP_REMARKS,
)
from core.agent.builtin.lexicon.time import NAMED_TIMES, OCLOCK, TIME_LEADS, WEEKDAYS
from core.agent.builtin.lexicon.verbs import SECOND_REQUESTS
from core.agent.builtin.pattern import NOCASE, alt

_SHORTHAND = re.compile(
    r"(?<![\w'])(?:"
    + "|".join(sorted(map(re.escape, MISSPELLINGS), key=len, reverse=True))
    + r")(?![\w'/])",
    NOCASE,
)
_UNIT_JOINED = re.compile(
    rf"\b(\d+)\s*(?:(?P<hours>{alt(HOURS_SHORT)})|{alt(MINUTES_SHORT)})\b", NOCASE
)
_AND = re.compile(rf"(?<=\w)\s+{alt(AND_SHORT)}\s+(?=\w)", NOCASE)
# "9ish" is "at 9"; "by 9ish" keeps its own lead.
_ROUGH_HOUR = re.compile(
    rf"(?P<lead>(?<!\w)(?:{alt(TIME_LEADS)})\s*)?(?<![\w:.])"
    rf"(?P<hour>\d{{1,2}}(?:[:.][0-5]\d)?(?:\s*[ap]m)?)\s*{alt(ROUGHLY)}(?!\w)",
    NOCASE,
)
# "add buy eggs\nadd buy flour": a line that starts a request of its own ends the one before
# (a line ending in a colon heads a list instead).
_REQUEST_START = re.compile(rf"^\s*(?:{alt(SECOND_REQUESTS)})\b", NOCASE)
_REQUEST_LINE = re.compile(rf"(?<=[^:\s])[ \t]*\n\s*(?=(?:{alt(SECOND_REQUESTS)})\b)", NOCASE)
_OCLOCK = re.compile(rf"\b(\d{{1,2}})\s*{alt(OCLOCK)}(?!\w)", NOCASE)
# "just the work ones", "the urgent ones": a whole message naming a kind of task asks to
# see them (its "just" would otherwise be read as a filler and the rest as a title).
_KIND_ONLY = re.compile(
    rf"^(?:(?:just|only)\s+)?(?=the\s+#?[\w-]+\s+{alt(TAG_WORD_PLURALS)}\s*[?!.]*$)", NOCASE
)
# "visit grandmother on the sunday": a day said with an article, at the end or before its
# time, is that day ("the sunday after next" keeps its article).
_ARTICLE_DAY = re.compile(
    rf"\bon\s+the\s+({alt(name for name in WEEKDAYS if len(name) > 5)})"
    rf"(?=\s*(?:$|[,.!?;]|(?:{alt(TIME_LEADS)})\s|\d))",
    NOCASE,
)
_SLIP = re.compile(rf"\b{alt(SLIP_REMARKS)}\b", NOCASE)
# "need 2 call mom", "in 3 hours 2 call gran": a 2 before a task verb is "to", unless it is a
# time or an amount ("at 2 call mom" is two o'clock).
# After a clock time the 2 is no second time either ("tmrw at 9 2 pay the gas bill").
_TWO_AS_TO = re.compile(
    rf"\b(?P<before>[a-z']+|\d{{1,2}}(?:[:.]\d\d)?\s*(?:am|pm)?)\s+2\s+(?={alt(TASK_VERBS)}\b)",
    NOCASE,
)
_KEEPS_TWO = frozenset(
    {"at", "by", "in", "on", "until", "till", "before", "after", "from", "to", "for", "about",
     "around", "of", "and", "or", "only", "the"}
)  # fmt: skip
_GAP = r"[\s,.;—–-]*"
_CORRECTION = re.compile(
    rf"^(?P<head>\S.*?\w)(?P<gap>{_GAP})(?:{alt(FILLERS)}\b{_GAP})*(?:(?P<strong>"
    rf"{alt(CORRECTION_MARKS)})\b|(?P<soft>{alt(CORRECTION_MARKS_SET_OFF)})\b(?P<set_off>\s*,)?)"
    r"[\s,:.—–-]*(?P<fix>[^\s,;.!?][^,;!?]*?)[\s.!]*$",
    NOCASE,
)
# "rename 1 to 'book hostel' - sorry, meant 'book airbnb'": a quoted slip and its quoted
# fix, each read as one unit.
_OPEN, _CLOSE, _INSIDE = r"['\"“‘]", r"['\"”’]", r"[^'\"“”‘’]+"
_QUOTED_CORRECTION = re.compile(
    rf"^(?P<head>\S.*?){_OPEN}{_INSIDE}{_CLOSE}{_GAP}(?:{alt(FILLERS)}\b{_GAP})*"
    rf"(?:{alt(CORRECTION_MARKS, CORRECTION_MARKS_SET_OFF)})\b[\s,:.—–-]*"
    rf"(?:{alt(FIX_LEADS)}\s+)?{_OPEN}(?P<fix>{_INSIDE}){_CLOSE}[\s.!]*$",
    NOCASE,
)
_HESITATIONS = frozenset((*FILLERS, "wait"))
_MAKE_IT = [said.split() for said in MAKE_IT]
_MARK_FIRST = re.compile(
    rf"^(?:(?:{alt(CORRECTION_MARKS, CORRECTION_MARKS_SET_OFF)})\b[\s,:.-]*)+", NOCASE
)
_NUMBER = re.compile(r"^#?\d+(?:st|nd|rd|th)?$", NOCASE)
_TIME = re.compile(rf"^\d{{1,2}}(?::\d\d)?\s*(?:am|pm)?$|^{alt(NAMED_TIMES)}$", NOCASE)
_DAYS = frozenset(name.casefold() for name in WEEKDAYS) | {"today", "tomorrow", "tonight"}
# A fix longer than this is a new sentence, not a word put right.
MOST_FIX_WORDS = 3


@functools.lru_cache(maxsize=256)  # the engine prepares a message, then its request reader
def prepared(text: str) -> str:
    """`text` with shorthand spelled out and an in-sentence correction applied."""
    text = _SHORTHAND.sub(lambda match: MISSPELLINGS[match.group(0).lower()], text)
    text = _UNIT_JOINED.sub(_unit, text)
    text = _TWO_AS_TO.sub(_to_for_two, text)
    text = _OCLOCK.sub(r"\1:00", text)  # "at 5 o'clock": a time the tagger reads
    text = _ROUGH_HOUR.sub(_roughly, text)
    text = _AND.sub(" and ", text)
    if _REQUEST_START.match(text):
        text = _REQUEST_LINE.sub("; ", text)
    text = _ARTICLE_DAY.sub(r"on \1", text)
    text = _KIND_ONLY.sub("show ", text, count=1)
    return corrected(text)


def _roughly(match: re.Match[str]) -> str:
    """ "9ish": "at 9" (a due or a reminder keeps a minute), unless a lead already stands
    before it ("by 9ish")."""
    return f"{match.group('lead') or 'at '}{match.group('hour')}"


def _unit(match: re.Match[str]) -> str:
    """ "3hrs", "20mins": the number and its unit spelled out."""
    return f"{match.group(1)} {'hours' if match.group('hours') else 'minutes'}"


def _to_for_two(match: re.Match[str]) -> str:
    before = match.group("before")
    return match.group(0) if before.casefold() in _KEEPS_TWO else f"{before} to "


def _kind(word: str) -> str:
    lowered = word.casefold().strip(".,")
    if _TIME.match(lowered) and not lowered.isdigit():
        return "time"
    if _NUMBER.match(lowered):
        return "number"
    return "day" if lowered in _DAYS else "word"


def corrected(text: str) -> str:
    """ "add meeting on thursday, I mean friday": the last words of the fix's kind replaced.
    Left as said when it does not line up (the caller then reads the marker as words)."""
    if (quoted := _QUOTED_CORRECTION.match(text)) is not None:
        return f"{quoted.group('head')}'{quoted.group('fix')}'"
    found = _CORRECTION.match(text)
    if found is None:
        return text
    head = found.group("head").split()
    while head and head[-1].casefold().strip(".,") in _HESITATIONS:
        head.pop()  # "done with the laundry.. oh wait i meant the dishes"
    fix = _MARK_FIRST.sub("", found.group("fix")).split()  # "sorry, I mean 3"
    if _SLIP.search(found.group("head")) or len(head) < 2:
        return text
    gap = found.group("gap")
    after_break = "..." in gap or any(mark in gap for mark in ",;—–-")
    restated = _restated(head, fix)  # "… for mum... actually make it for dad"
    if restated is not None:
        fix = restated
    if 0 < len(fix) <= MOST_FIX_WORDS and (
        found.group("strong") or restated is not None or (after_break and _set_off(found, fix))
    ):
        words = _with_fix(head, fix)
        return text if words is None else " ".join(words)
    # an apology that corrects nothing is an aside, cut off after a break or a number
    # ("finished 1 sorry it took so long"); anything else is left as said ("remove the gym
    # one, no longer going")
    apology = (found.group("soft") or "").casefold() in APOLOGIES
    return " ".join(head) if apology and (after_break or _kind(head[-1]) == "number") else text


def _restated(head: list[str], fix: list[str]) -> list[str] | None:
    """ "make it for dad": the words after "make it", when they start as words already said
    do ("for") or are one day, time or number, so they restate that part; "make it urgent"
    changes a field instead."""
    words = [word.casefold() for word in fix]
    lead = next((len(said) for said in _MAKE_IT if words[: len(said)] == said), 0)
    if not lead or len(fix) <= lead:
        return None
    rest = fix[lead:]
    said = {word.casefold() for word in head[1:]}
    if rest[0].casefold() in said or (len(rest) == 1 and _kind(rest[0]) != "word"):
        return rest  # "make it for dad", "make it friday"
    return None


def _set_off(found: re.Match[str], fix: list[str]) -> bool:
    """A short mark ("sorry", "no") corrects only after a break, and only before a comma, a
    number, a time or a day, or another mark ("delete 2, sorry, 4"; "no, I mean 3")."""
    return (
        bool(found.group("set_off"))
        or _kind(fix[0]) != "word"
        or bool(_MARK_FIRST.match(found.group("fix")))
    )


def _with_fix(head: list[str], fix: list[str]) -> list[str] | None:
    """The fix put where it belongs: from the last use of its first word ("at 5pm, no wait,
    at 6pm"), in place of its last ("eggs, no, a dozen eggs"), over the last word of its kind
    (a number, a time, a day: "mark 2 done, sorry, 3"), else over the last words, as many as
    it has; None when that would leave no verb."""
    first, last = fix[0].casefold(), fix[-1].casefold()
    same = [index for index, word in enumerate(head) if word.casefold() == first]
    ends = [index for index, word in enumerate(head[1:], 1) if word.casefold() == last]
    if ends and not same:  # the words it ends on put right in place, the rest kept
        return [*head[: max(1, ends[-1] - len(fix) + 1)], *fix, *head[ends[-1] + 1 :]]
    kind = _kind(fix[0])
    kinds = [index for index, word in enumerate(head) if _kind(word) == kind]
    if same:
        start = same[-1]
    elif kind != "word" and len(fix) == 1:
        if not kinds:
            return None
        fixed = _same_half_day(head[kinds[-1]], fix[0])
        return [*head[: kinds[-1]], fixed, *head[kinds[-1] + 1 :]]
    else:
        start = len(head) - len(fix)
    return [*head[:start], *fix] if start >= 1 else None


_HALF_DAY = re.compile(r"(am|pm)\W*$", NOCASE)


def _same_half_day(said: str, fix: str) -> str:
    """ "at 3pm, no make that 3:30": a time put right keeps the am or pm it replaced."""
    half = _HALF_DAY.search(said)
    if half is None or _HALF_DAY.search(fix) or _kind(fix) != "time":
        return fix
    return fix + half.group(1).lower()
