"""Reading due dates, priorities and tags in a new task's words ("pay rent due friday, high
priority #home") and in questions ("what's due today?", "anything on the 3rd?", "when's the
mot due?", "what's due next?", "show my #work tasks"). Dates are only checked for their shape;
the engine resolves them when it acts."""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.agent.builtin.dates import is_date
from core.agent.builtin.intents import ListTasks, WhenDue
from core.agent.builtin.lexicon.fields import (
    PRIORITY_ASK_DOING,
    PRIORITY_ASK_DUTIES,
    PRIORITY_ASK_LEADS,
    PRIORITY_ASK_WHEN,
    PRIORITY_ASKS,
    PRIORITY_NOUNS,
    PRIORITY_PHRASES,
    TAG_LEADS,
    TAG_NOUNS,
    TAG_VERBS,
    TAGGED,
)
from core.agent.builtin.lexicon.questions import (
    ASKED_THROUGH,
    FIND_VERBS,
    NEXT_DUE_ASKS,
    NEXT_DUE_ENDS,
    NEXT_DUE_LEADS,
    NEXT_DUE_NOUNS,
    NEXT_DUE_TAILS,
    NEXT_WORDS,
)
from core.agent.builtin.lexicon.spelling import CORRECTION_MARKS_SET_OFF
from core.agent.builtin.lexicon.tasks import LISTING_NOUNS, TASK_NOUNS
from core.agent.builtin.lexicon.time import (
    AGENDA,
    BEHIND,
    DAY_ASK_LINKS,
    DAY_ASKS,
    DEADLINES,
    DUE,
    DUE_WINDOWS,
    MISSED,
    OVERDUE,
    OVERDUE_QUESTIONS,
    PLANNED,
    UNDATED,
    UNDATED_NAMES,
    UNDATED_TAILS,
    UPCOMING,
    WHAT_NEEDS,
    WHEN_ASKS,
    WHEN_ASKS_NAMING,
    WHEN_ENDS,
)
from core.agent.builtin.pattern import alt
from core.agent.builtin.words import NOCASE, ref_from

# --- a new task's own words -------------------------------------------------------------

_PRIORITY = alt(PRIORITY_PHRASES)
_PRIORITY_EDGE = re.compile(
    rf"(?:^|[,;(\-–—]\s*|\s+(?:and\s+|with\s+)?|\s+)(?:it'?s\s+|its\s+|make\s+it\s+|as\s+)?"
    rf"(?P<priority>{_PRIORITY})(?:\s+{alt(PRIORITY_NOUNS)})?\s*\)?\s*$",
    NOCASE,
)
_PRIORITY_LEAD = re.compile(rf"^(?P<priority>{_PRIORITY})\s*[:,\-–—]\s*", NOCASE)
HASHTAG = re.compile(r"(?<![\w&#])#(?P<tag>[^\W\d_][\w\-]{0,29})(?![\w\-])")
_TAG_NAME = r"#?[^\W\d_][\w\-]{0,29}"
TAG_LIST = rf"{_TAG_NAME}(?:\s*(?:,|and|&|\+)\s*{_TAG_NAME})*"  # "family + personal"
_TAG_TAIL = re.compile(
    rf"(?:^|[,;]\s*|\s+)(?:and\s+)?(?:{alt(TAG_VERBS)}\s+it(?:\s+(?:as|with))?|(?:{alt(TAG_LEADS)})\s*:?)"
    rf"\s+(?P<tags>{TAG_LIST})\s*$",
    NOCASE,
)


@dataclass(frozen=True)
class TitleFields:
    title: str
    priority: str | None = None
    tags: tuple[str, ...] = ()


def split_tags(text: str) -> list[str]:
    return [tag.lstrip("#") for tag in re.split(r"\s*(?:,|\band\b|&|\+)\s*", text.strip()) if tag]


_MARK_LEFT = re.compile(rf"\s*[,;.–—-]+\s*(?:{alt(CORRECTION_MARKS_SET_OFF)})$", NOCASE)


def title_fields(text: str) -> TitleFields:
    """Priority words and tags out of a new task's title (its date is read separately)."""
    title, priority = text, None
    tags = [m.group("tag") for m in HASHTAG.finditer(title)]
    if tags:
        title = HASHTAG.sub("", title).rstrip(" ,;")
    for _ in range(3):  # "..., high priority, tags: a, b" in any order
        if match := _TAG_TAIL.search(title):
            tags += split_tags(match.group("tags"))
            title = title[: match.start()]
            continue
        if (match := _PRIORITY_EDGE.search(title)) and match.start() > 0:
            priority = priority or PRIORITY_PHRASES[match.group("priority").lower()]
            title = title[: match.start()]
            continue
        break
    if match := _PRIORITY_LEAD.match(title):
        priority = priority or PRIORITY_PHRASES[match.group("priority").lower()]
        title = title[match.end() :]
    if title != text:  # only the seams of what was taken out, and a mark left before them
        title = re.sub(r"\s{2,}", " ", title).strip(" ,;-–—")
        title = _MARK_LEFT.sub("", title)  # "water the plants, actually (make it urgent)"
    return TitleFields(title, priority, tuple(dict.fromkeys(tag.lower() for tag in tags)))


# --- questions ----------------------------------------------------------------------------

_WINDOW = rf"(?P<window>{alt(DUE_WINDOWS)})"
_TASK = alt(TASK_NOUNS, TASK_NOUNS.values())
_SHOW = alt(FIND_VERBS)
_ASK = (
    rf"(?:what(?:'?s|\s+is|\s+are|\s+do\s+i\s+have)?|(?:which|what)\s+(?:of\s+(?:my|the)\s+)?(?:{_TASK}|ones?)\s+(?:are|is)|anything|is\s+anything|"
    rf"is\s+there\s+anything|do\s+i\s+have\s+anything|any\s+{_TASK}|any|{_SHOW}|{_TASK})"
)
_DUE = alt(DUE)
_THE = rf"(?:(?:my|the)\s+)?(?:{_TASK}\s+)?"
_THINGS = alt(LISTING_NOUNS, ("ones",))
_QUESTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            rf"^(?:{_ASK}\s+|are\s+there\s+(?:any\s+)?)?{_THE}(?:that\s+(?:are|is)\s+)?"
            rf"{alt(OVERDUE)}(?:\s+{_THINGS})?$|^{alt(OVERDUE_QUESTIONS)}$"
            rf"|^(?:am\s+i|are\s+we|is\s+anything|are\s+any\s+{_THINGS})\s+{alt(BEHIND)}"
            rf"(?:\s+(?:on|with)\s+(?:anything|something|any\s+{_THINGS}|{_THE}{_THINGS}))?$"
            rf"|^what(?:'?s|\s+is|\s+am\s+i|\s+are\s+we)\s+{alt(BEHIND)}(?:\s+(?:on|with))?$"
            rf"|^(?:have|did)\s+(?:i|we)\s+{alt(MISSED)}\s+(?:any\s+|a\s+|the\s+)?{alt(DEADLINES)}$"
            rf"|^(?:what|which)\s+{alt(DEADLINES)}\s+(?:have|did)\s+(?:i|we)\s+{alt(MISSED)}$",
            NOCASE,
        ),
        "overdue",
    ),
    (
        re.compile(
            rf"^(?:(?:{_ASK}|which\s+{_TASK}|are\s+there(?:\s+any)?)\s+)?{_THE}(?:{_THINGS}\s+)?"
            rf"{alt(UNDATED)}\s+{alt(UNDATED_NAMES)}(?:\s+{alt(UNDATED_TAILS)})?$",
            NOCASE,
        ),
        "no_due",
    ),
    (
        re.compile(
            rf"^{_ASK}\s+{_THE}{alt(PLANNED)}?\s*(?:for\s+)?{_WINDOW}$",
            NOCASE,
        ),
        "window",
    ),
    (re.compile(rf"^{_ASK}\s+{_THE}{_DUE}(?:\s+(?:on|by|for))?\s+(?P<when>.+)$", NOCASE), "when"),
    (
        re.compile(
            r"^(?:(?:what|which)(?:\s+(?:do\s+i\s+have|have\s+i\s+got|is\s+on)|\s*'?ve\s+i\s+got|\s*'?s\s+on)"
            rf"(?:\s+(?:on|{alt(UPCOMING)}))?(?:\s+(?:for|at|over))?"
            rf"|(?:(?:what(?:'?s|\s+is)|{_SHOW})\s+)?(?:my\s+|the\s+)?(?:{_TASK}|{alt(AGENDA)})"
            rf"\s+(?:for|{alt(DUE)})|{alt(WHAT_NEEDS)})\s+{_WINDOW}$",
            NOCASE,
        ),
        "window",
    ),
    (re.compile(rf"^{_WINDOW}'?s?\s+(?:{_THINGS}|{alt(AGENDA)})$", NOCASE), "window"),
    (
        re.compile(
            rf"^(?:what(?:'?s|\s+is|\s+are)?|{_SHOW}|any|anything)\s+{_THE}{alt(UPCOMING)}"
            rf"(?:\s+(?:for\s+)?{_WINDOW})?$",
            NOCASE,
        ),
        "due",
    ),
    # "what's on for friday?", "anything on the 3rd?"
    (
        re.compile(
            rf"^(?:{alt(DAY_ASKS)})\s+(?:(?:{alt(DAY_ASK_LINKS)})\s+)?(?P<when>.+)$", NOCASE
        ),
        "when",
    ),
)
_URGENT = re.compile(
    rf"^(?:what(?:'?s|\s+is|\s+are)|{_SHOW}|{alt(PRIORITY_ASK_LEADS)}|which\s+{_TASK}\s+are)\s+"
    rf"(?:(?:my|the)\s+)?(?P<level>{alt(PRIORITY_ASKS)})(?:\s+{_THINGS})?"
    rf"(?:\s+(?:that\s+)?{alt(PRIORITY_ASK_DUTIES)}\s+{alt(PRIORITY_ASK_DOING)})?"
    rf"(?:\s+{alt(PRIORITY_ASK_WHEN)})?$",
    NOCASE,
)
_TAG_WORD = r"[^\W\d_][\w\-]*"
_TAGGED = re.compile(
    rf"^(?:{_SHOW}|what(?:'?s|\s+is|\s+are)|anything|any|which\s+{_TASK}\s+(?:are|have))?\s*"
    rf"(?:(?:all\s+)?(?:my|the)\s+)?(?:{_TASK}\s+|everything\s+)?(?:{alt(TAGGED)}(?:\s+(?:as|with))?\s+|with\s+(?:the\s+)?{alt(TAG_VERBS)}\s+|in\s+)?"
    rf"#(?P<tag>{_TAG_WORD})(?:\s+{_THINGS})?$"
    rf"|^(?:(?:{_SHOW}|what(?:'?s|\s+is|\s+are)|anything|any|which)\s+)?"
    rf"(?:(?:all\s+)?(?:my|the)\s+)?(?:(?:{_THINGS}|everything)\s+)?"
    r"(?:(?:are|is|that\s+(?:are|is)|i\s+have|i'?ve)\s+)?"
    rf"(?:{alt(TAGGED)}|with\s+(?:the\s+)?{alt(TAG_VERBS)})(?:\s+(?:as|with))?\s+#?(?P<word>{_TAG_WORD})$",
    NOCASE,
)


# "anything with the car tag?", "show tasks in the home label".
_WITH_THE_TAG = re.compile(
    rf"^(?:(?:{_SHOW}|what(?:'?s|\s+is|\s+are)|anything|any|which)\s+)?(?:(?:all\s+)?(?:my|the)\s+)?"
    rf"(?:(?:{_THINGS}|everything)\s+)?(?:with|in)\s+(?:the|a|my)\s+#?(?P<word>{_TAG_WORD})"
    rf"\s+{alt(TAG_NOUNS)}$",
    NOCASE,
)
_ASKED_THROUGH = re.compile(rf"^{alt(ASKED_THROUGH)}\s+(?=(?:what|which)\b)", NOCASE)


def read_question(text: str) -> ListTasks | WhenDue | None:
    asked = _ASKED_THROUGH.sub("", text.rstrip("?!. ").strip())
    if (due := _read_when(asked)) is not None:
        return due  # "when's the mot due again?", "what day is the vet?"
    if match := _TAGGED.match(asked) or _WITH_THE_TAG.match(asked):
        tag = match.groupdict().get("tag") or match.group("word")
        return ListTasks("pending", tag=tag.lower(), sort_by="due")
    if match := _URGENT.match(asked):
        return _urgent_listing(match)
    for pattern, kind in _QUESTIONS:
        match = pattern.match(asked)
        if match is not None and (listing := _question_listing(match, kind)) is not None:
            return listing
    return None


def _urgent_listing(match: re.Match[str]) -> ListTasks:
    wanted = PRIORITY_ASKS[" ".join(match.group("level").lower().split())]
    if wanted == "sort":
        return ListTasks("pending", sort_by="priority")
    return ListTasks("pending", priority=wanted, sort_by="due")


def _question_listing(match: re.Match[str], kind: str) -> ListTasks | None:
    """The listing one matched question asks for; None when its "when" is no day we know."""
    if kind in ("overdue", "no_due"):
        return ListTasks("pending", due=kind, sort_by="due" if kind == "overdue" else "number")
    if kind == "window" or match.groupdict().get("window"):
        return ListTasks("pending", due=DUE_WINDOWS[match.group("window").lower()], sort_by="due")
    if kind == "when":
        when = match.group("when")
        if when.lower() in DUE_WINDOWS:
            return ListTasks("pending", due=DUE_WINDOWS[when.lower()], sort_by="due")
        if is_date(when):
            return ListTasks("pending", due_phrase=when, sort_by="due")
        return None
    return ListTasks("pending", sort_by="due")


# --- questions about one day, one task's due, the next due ---------------------------------

_WHEN_ASK = re.compile(
    rf"^(?P<lead>{alt(WHEN_ASKS)})\s+(?P<ref>.+?)(?:\s+(?:{alt(WHEN_ENDS)}))?$", NOCASE
)
_CLOCK = re.compile(r"^(?:it|this|that)\b", NOCASE)
_NAMING = {" ".join(lead.split()) for lead in WHEN_ASKS_NAMING}
_ENDS = rf"(?:\s+(?:{alt(NEXT_DUE_ENDS)}))*"
_NEXT_DUE = re.compile(
    rf"^(?:(?:{alt(NEXT_DUE_LEADS)})\s+)?(?:(?:my|the|our)\s+)?(?:{alt(NEXT_WORDS)})\s+"
    rf"(?:{alt(NEXT_DUE_NOUNS)}){_ENDS}$"
    rf"|^(?:{alt(NEXT_DUE_ASKS)})\s+{alt(DUE)}\s+(?:{alt(NEXT_DUE_TAILS)}){_ENDS}$",
    NOCASE,
)


def asks_next_due(text: str) -> bool:
    """ "what's my next deadline?", "which task is due soonest?"."""
    return bool(_NEXT_DUE.match(text.strip().rstrip("?!. ")))


def _read_when(asked: str) -> WhenDue | None:
    """The one task whose due a question asks for."""
    match = _WHEN_ASK.match(asked)
    if match is None or is_date(match.group("ref")):
        return None  # "what day is tomorrow"
    ref = ref_from(match.group("ref"))
    if ref is None:
        return None
    naming = " ".join(match.group("lead").lower().split()) in _NAMING
    if naming and (ref.kind == "pronoun" or _CLOCK.match(match.group("ref"))):
        return None  # "what time is it?", "what day is it today?"
    return WhenDue(ref)
