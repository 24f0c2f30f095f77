"""Reading due dates, priorities and tags: in a new task's words ("pay rent due friday, high
priority #home"), in questions ("what's due today?", "anything overdue?", "show my #work
tasks", "when is the dentist due?") and in changes ("move the dentist to friday", "make it
high priority", "remove the due date", "tag #2 with errands", "untag it"). Pure.

Date phrases are only checked for their shape here (against a fixed instant); the engine
resolves them against the turn's "now" and the person's zone when it acts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from core.agent.builtin.dates import AMOUNT, read_amount, read_whole_date
from core.agent.builtin.intents import EditFields, ListTasks, Ref, WhenDue
from core.agent.builtin.lexicon.fields import (
    ATTACH_VERBS,
    BARE_URGENT,
    DETACH_VERBS,
    FIELD_LABELS,
    PRIORITISE,
    PRIORITY_ASKS,
    PRIORITY_LEVELS,
    PRIORITY_MARKERS,
    PRIORITY_NOUNS,
    PRIORITY_PHRASES,
    PRIORITY_SETTERS,
    PRIORITY_STEPS,
    TAG_LEADS,
    TAG_NOUNS,
    TAG_VERBS,
    TAGGED,
    UNTAG,
)
from core.agent.builtin.lexicon.numbers import AND_A_HALF
from core.agent.builtin.lexicon.questions import FIND_VERBS
from core.agent.builtin.lexicon.talk import SOFTENERS
from core.agent.builtin.lexicon.tasks import LISTING_NOUNS, TASK_NOUNS
from core.agent.builtin.lexicon.time import (
    AGENDA,
    CLEAR_DATE_VERBS,
    DATE_NAMES,
    DUE,
    DUE_DATE,
    DUE_WINDOWS,
    GIVE_DATE_VERBS,
    MARK_DUE_VERBS,
    MORE,
    MOVE_VERBS,
    MOVE_WAYS,
    OVERDUE,
    OVERDUE_QUESTIONS,
    PLANNED,
    RETIME_VERBS,
    SET_DATE_VERBS,
    SHIFT_EARLIER,
    SHIFT_EARLIER_VERBS,
    SHIFT_LATER,
    SHIFT_VERBS,
    TIME_NAMES,
    UPCOMING,
    WHAT_NEEDS,
)
from core.agent.builtin.lexicon.verbs import NEW_TASK_STARTS
from core.agent.builtin.pattern import alt
from core.agent.builtin.words import NOCASE, ref_from

_SHAPE_NOW = datetime(2026, 1, 7, 12, 0, tzinfo=UTC)  # any instant: only the shape matters


def is_date(text: str) -> bool:
    return read_whole_date(text, now=_SHAPE_NOW, zone=UTC) is not None


# --- a new task's own words -------------------------------------------------------------

_PRIORITY = alt(PRIORITY_PHRASES)
_PRIORITY_EDGE = re.compile(
    rf"(?:^|[,;(\-–—]\s*|\s+(?:and\s+|with\s+)?|\s+)(?:it'?s\s+|its\s+|make\s+it\s+|as\s+)?"
    rf"(?P<priority>{_PRIORITY})(?:\s+{alt(PRIORITY_NOUNS)})?\s*\)?\s*$",
    NOCASE,
)
_PRIORITY_LEAD = re.compile(rf"^(?P<priority>{_PRIORITY})\s*[:,\-–—]\s*", NOCASE)
_HASHTAG = re.compile(r"(?<![\w&#])#(?P<tag>[^\W\d_][\w\-]{0,29})(?![\w\-])")
_TAG_NAME = r"#?[^\W\d_][\w\-]{0,29}"
_TAG_LIST = rf"{_TAG_NAME}(?:\s*(?:,|and|&)\s*{_TAG_NAME})*"
_TAG_TAIL = re.compile(
    rf"(?:^|[,;]\s*|\s+)(?:and\s+)?(?:{alt(TAG_VERBS)}\s+it(?:\s+(?:as|with))?|(?:{alt(TAG_LEADS)})\s*:?)"
    rf"\s+(?P<tags>{_TAG_LIST})\s*$",
    NOCASE,
)


@dataclass(frozen=True)
class TitleFields:
    title: str
    priority: str | None = None
    tags: tuple[str, ...] = ()


def split_tags(text: str) -> list[str]:
    return [tag.lstrip("#") for tag in re.split(r"\s*(?:,|\band\b|&)\s*", text.strip()) if tag]


def title_fields(text: str) -> TitleFields:
    """Priority words and tags out of a new task's title (its date is read separately)."""
    title, priority = text, None
    tags = [m.group("tag") for m in _HASHTAG.finditer(title)]
    if tags:
        title = _HASHTAG.sub("", title).rstrip(" ,;")
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
    if title != text:  # only the seams of what was taken out
        title = re.sub(r"\s{2,}", " ", title).strip(" ,;-–—")
    return TitleFields(title, priority, tuple(dict.fromkeys(tag.lower() for tag in tags)))


# --- questions ----------------------------------------------------------------------------

_WINDOW = rf"(?P<window>{alt(DUE_WINDOWS)})"
_TASK = alt(TASK_NOUNS, TASK_NOUNS.values())
_SHOW = alt(FIND_VERBS)
_ASK = (
    rf"(?:what(?:'?s|\s+is|\s+are|\s+do\s+i\s+have)?|(?:which|what)\s+{_TASK}\s+(?:are|is)|anything|is\s+anything|"
    rf"is\s+there\s+anything|do\s+i\s+have\s+anything|any\s+{_TASK}|any|{_SHOW}|{_TASK})"
)
_DUE = alt(DUE)
_THE = rf"(?:(?:my|the)\s+)?(?:{_TASK}\s+)?"
_THINGS = alt(LISTING_NOUNS, ("ones",))
_QUESTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            rf"^(?:{_ASK}\s+|are\s+there\s+(?:any\s+)?)?{_THE}(?:that\s+(?:are|is)\s+)?"
            rf"{alt(OVERDUE)}(?:\s+{_THINGS})?$|^{alt(OVERDUE_QUESTIONS)}$",
            NOCASE,
        ),
        "overdue",
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
            r"^(?:(?:what|which)\s+(?:do\s+i\s+have|have\s+i\s+got|is\s+on|'?s\s+on)"
            rf"|(?:(?:what(?:'?s|\s+is)|{_SHOW})\s+)?(?:my\s+|the\s+)?(?:{_TASK}|{alt(AGENDA)})"
            rf"\s+(?:for|{alt(DUE)})|{alt(WHAT_NEEDS)})\s+{_WINDOW}$",
            NOCASE,
        ),
        "window",
    ),
    (re.compile(rf"^{_WINDOW}'?s?\s+(?:{_THINGS}|{alt(AGENDA)})$", NOCASE), "window"),
    (
        re.compile(
            rf"^(?:what(?:'?s|\s+is|\s+are)?|{_SHOW}|any|anything)\s+{_THE}{alt(UPCOMING)}$",
            NOCASE,
        ),
        "due",
    ),
)
_URGENT = re.compile(
    rf"^(?:what(?:'?s|\s+is|\s+are)|{_SHOW}|any|anything|which\s+{_TASK}\s+are)\s+"
    rf"(?:(?:my|the)\s+)?(?P<level>{alt(PRIORITY_ASKS)})(?:\s+{_THINGS})?$",
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
_WHEN_DUE = re.compile(
    rf"^(?:when(?:'?s|\s+is|\s+was|\s+are)|what(?:'?s|\s+is)\s+the\s+{alt(DUE_DATE)}\s+(?:of|for))\s+"
    rf"(?P<ref>.+?)(?:\s+{alt(PLANNED)})?$",
    NOCASE,
)


def read_question(text: str) -> ListTasks | WhenDue | None:
    asked = text.rstrip("?!. ").strip()
    if match := _WHEN_DUE.match(asked):
        ref = ref_from(match.group("ref"))
        return WhenDue(ref) if ref is not None else None
    if match := _TAGGED.match(asked):
        tag = match.group("tag") or match.group("word")
        return ListTasks("pending", tag=tag.lower(), sort_by="due")
    if match := _URGENT.match(asked):
        wanted = PRIORITY_ASKS[" ".join(match.group("level").lower().split())]
        if wanted == "sort":
            return ListTasks("pending", sort_by="priority")
        return ListTasks("pending", priority=wanted, sort_by="due")
    for pattern, kind in _QUESTIONS:
        match = pattern.match(asked)
        if match is None:
            continue
        if kind == "overdue":
            return ListTasks("pending", due="overdue", sort_by="due")
        if kind == "window":
            return ListTasks(
                "pending", due=DUE_WINDOWS[match.group("window").lower()], sort_by="due"
            )
        if kind == "when":
            when = match.group("when")
            if when.lower() in DUE_WINDOWS:
                return ListTasks("pending", due=DUE_WINDOWS[when.lower()], sort_by="due")
            if is_date(when):
                return ListTasks("pending", due_phrase=when, sort_by="due")
            continue
        return ListTasks("pending", sort_by="due")
    return None


# --- changes ------------------------------------------------------------------------------

_DATE = alt(DATE_NAMES)
_PRIO = alt(PRIORITY_NOUNS)
_MOVE = re.compile(
    rf"^(?:{alt(MOVE_VERBS)}|{alt(SET_DATE_VERBS)}\s+the\s+{_DATE}\s+(?:of|for|on))\s+"
    rf"(?P<ref>.+?)\s+(?:{alt(MOVE_WAYS)}\s+)?(?:(?:to|until|till|for|by|into|on)\s+|(?=in\s))(?P<when>.+)$",
    NOCASE,
)
_DUE_IS = re.compile(
    rf"^(?:{alt(MARK_DUE_VERBS)}\s+)?(?P<ref>.+?)(?:'s\s+{alt(DUE_DATE)}|\s+(?:is|should\s+be))?\s+"
    rf"(?:(?:is\s+)?{alt(DUE)}|{alt(DUE_DATE)}\s*(?:is|:)?)\s+(?:on\s+|by\s+|for\s+)?(?P<when>.+)$",
    NOCASE,
)
_DUE_OF = re.compile(
    rf"^(?:{alt(SET_DATE_VERBS)}\s+)?(?:the\s+)?{_DATE}\s+(?:of|for|on)\s+"
    r"(?P<ref>.+?)\s*(?:to|is|:|should\s+be|=)\s*(?P<when>.+)$",
    NOCASE,
)
_CLEAR_DUE = re.compile(
    rf"^{alt(CLEAR_DATE_VERBS)}\s+(?:the\s+|its\s+|that\s+)?(?:{_DATE}|{alt(DUE)})"
    r"(?:\s+(?:from|of|on|for|off)\s+(?P<ref>.+))?$"
    rf"|^(?P<ref2>.+?)\s+(?:has|needs|should\s+have)\s+no\s+{alt(DUE_DATE)}$"
    rf"|^no\s+{alt(DUE_DATE)}\s+(?:for|on)\s+(?P<ref3>.+)$",
    NOCASE,
)
_LEVEL = rf"(?P<level>{alt(PRIORITY_LEVELS)})"
_SET_PRIORITY = (
    re.compile(
        rf"^{alt(PRIORITY_SETTERS)}\s+(?:the\s+)?{_PRIO}\s+(?:of|for|on)\s+(?P<ref>.+?)\s+"
        rf"(?:to|as|at)\s+{_LEVEL}$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(PRIORITY_MARKERS)}\s+(?P<ref>.+?)\s+(?:as\s+|to\s+|at\s+)?(?:a\s+)?{_LEVEL}"
        rf"(?:[\s-]+{_PRIO})?$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(PRIORITY_SETTERS)}\s+(?P<ref>.+?)(?:'s)?\s+{_PRIO}\s+(?:to|as)\s+{_LEVEL}$",
        NOCASE,
    ),
    re.compile(rf"^(?P<ref>.+?)\s+is\s+(?:now\s+)?(?:a\s+)?{_LEVEL}(?:[\s-]+{_PRIO})$", NOCASE),
    re.compile(
        rf"^(?P<ref>.+?)\s+is\s+(?:now\s+)?(?:really\s+)?(?P<level>{alt(BARE_URGENT)})$", NOCASE
    ),
)
_STEP_PRIORITY = re.compile(
    rf"^(?P<how>{alt(PRIORITY_STEPS)})\s+(?:the\s+)?"
    rf"{_PRIO}\s+(?:of|on|for)\s+(?P<ref>.+)$",
    NOCASE,
)
_GIVE_DUE = re.compile(
    rf"^{alt(GIVE_DATE_VERBS)}\s+(?P<ref>.+?)\s+a\s+{alt(DUE_DATE)}\s+(?:of\s+|on\s+|for\s+)?(?P<when>.+)$",
    NOCASE,
)
_PRIORITISE = re.compile(rf"^(?P<how>{alt(PRIORITISE)})\s+(?P<ref>.+)$", NOCASE)
_TAGS = alt(TAG_NOUNS)
_HASHTAGS = r"#[^\W\d_][\w\-]*"
_TAG_ADD = (
    re.compile(rf"^{alt(TAG_VERBS)}\s+(?P<ref>.+?)\s+(?:with|as)\s+(?P<tags>{_TAG_LIST})$", NOCASE),
    re.compile(
        rf"^{alt(TAG_VERBS)}\s+(?P<ref>it|that|this|that\s+one|(?:{alt(TASK_NOUNS)}\s*|#)?\d+)\s+(?P<tags>{_TAG_LIST})$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(ATTACH_VERBS)}\s+(?:the\s+)?{_TAGS}\s+(?P<tags>{_TAG_LIST})\s+(?:to|on)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(ATTACH_VERBS)}\s+(?P<tags>{_HASHTAGS}(?:\s+{_HASHTAGS})*)\s+(?:to|on)\s+(?P<ref>.+)$",
        NOCASE,
    ),
)
_TAG_REMOVE = (
    re.compile(
        rf"^{alt(DETACH_VERBS)}\s+(?:the\s+)?{_TAGS}\s+(?P<tags>{_TAG_LIST})\s+"
        r"(?:from|off|of)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(DETACH_VERBS)}\s+(?P<tags>{_HASHTAGS})\s+(?:from|off)\s+(?P<ref>.+)$", NOCASE
    ),
    re.compile(  # "remove the home tag from fix the sink", "take the #work label off it"
        rf"^{alt(DETACH_VERBS)}\s+(?:the\s+)?(?P<tags>{_TAG_LIST})\s+"
        rf"{_TAGS}\s+(?:from|off|of|on)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(UNTAG)}\s+(?P<ref>.+?)\s+(?:from\s+)?(?P<tags>{_HASHTAGS}(?:\s*,\s*#?[^\W\d_][\w\-]*)*)$",
        NOCASE,
    ),
)
_TAG_CLEAR = re.compile(
    rf"^{alt(UNTAG)}\s+(?P<ref>.+)$|^{alt(DETACH_VERBS)}\s+(?:all\s+)?(?:the\s+|its\s+)?{_TAGS}"
    r"(?:\s+(?:from|of|on)\s+(?P<ref2>.+))?$",
    NOCASE,
)


_SHIFT_WAY = rf"(?P<way{{n}}>{alt(SHIFT_LATER + SHIFT_EARLIER)})"
_SHIFT = re.compile(
    rf"^(?P<verb>{alt(SHIFT_VERBS)})\s+(?P<ref>.+?)\s+(?:{_SHIFT_WAY.format(n=1)}\s+)?"
    rf"(?P<by>(?:by|for|to)\s+)?(?:{alt(MORE)}\s+)?(?P<amount>{AMOUNT}(?:\s+{alt(AND_A_HALF)})?)"
    rf"(?:\s+{_SHIFT_WAY.format(n=2)})?$",
    NOCASE,
)
_RETIME = re.compile(
    rf"^(?:{alt(RETIME_VERBS)})\s+(?:(?:the|its)\s+{alt(TIME_NAMES)}"
    r"(?:\s+(?:of|for|on)\s+(?P<ref>.+?))?|(?P<named>.+?))\s+(?:to|for|at)\s+(?P<when>.+)$",
    NOCASE,
)
_FIELD_NAMED = re.compile(rf"\b(?:{alt(FIELD_LABELS)})$", NOCASE)
# "the taxes are not that important, make it low priority": a clause naming the task, then
# a change that points back at it.
_ABOUT_THEN = re.compile(
    r"^(?P<clause>(?P<subject>[^,;]+?)\s+(?:is|are|isn'?t|aren'?t|was|were|can|can'?t|could|should|"
    r"shouldn'?t|has|have|needs?|seems?|looks?|got|became)\b[^,;]*)[,;]\s*"
    rf"(?:so\s+|then\s+|{alt(SOFTENERS)}\s+)?(?P<rest>.+)$",
    NOCASE,
)


def _shift(match: re.Match[str]) -> tuple[float, str] | None:
    """The amount, negative when the words pull the due in ("bring it forward an hour")."""
    amount = read_amount(match.group("amount"))
    if amount is None:
        return None
    verb = " ".join(match.group("verb").lower().split())
    ways = [w.lower() for w in (match.group("way1"), match.group("way2")) if w]
    if ways == ["in"] and not match.group("by"):
        return None  # "move it in a week": a date from now, not a shift
    if any(way in SHIFT_EARLIER for way in ways) or (not ways and verb in SHIFT_EARLIER_VERBS):
        return -amount[0], amount[1]
    return amount  # later: "push it back", "delay it", "move it 2 days"


_ADDING = re.compile(rf"^{alt(NEW_TASK_STARTS)}\b", NOCASE)


def _ref(text: str | None) -> Ref | None:
    return ref_from(text) if text else Ref("pronoun")


def read_change(text: str) -> EditFields | None:
    """A change to a task's due date, priority or tags; None when the text is not one."""
    adding = _ADDING.match(text) is not None  # "add X due friday" is a new task
    if re.match(r"^(?:what|which|when|how|is|are|do|does|any)\b", text, NOCASE):
        return None  # a question, not a change
    if not adding and (match := _SHIFT.match(text)):
        ref, shift = _ref(match.group("ref")), _shift(match)
        if ref is not None and shift is not None:
            return EditFields(ref, shift=shift)
    if (
        (match := _ABOUT_THEN.match(text))
        and read_change(match.group("clause")) is None  # "X is due friday, make it urgent": two
        and (then := read_change(match.group("rest")))
    ):
        subject = ref_from(match.group("subject"))
        if then.ref.kind == "pronoun" and subject is not None and subject.kind == "title":
            return replace(then, ref=subject)
        return then
    for pattern in (_MOVE, _GIVE_DUE, _DUE_OF, _DUE_IS, _RETIME):
        if adding and pattern is _DUE_IS:
            continue
        if (match := pattern.match(text)) and is_date(match.group("when")):
            if pattern is _RETIME and _FIELD_NAMED.search(match.group("named") or ""):
                continue  # "change task 1's description to before noon": the text itself
            named = match.group("named") if pattern is _RETIME else None
            ref = _ref(match.group("ref") or named)
            if ref is not None:
                return EditFields(ref, due_phrase=match.group("when").strip())
    if match := _CLEAR_DUE.match(text):
        ref = _ref(match.group("ref") or match.group("ref2") or match.group("ref3"))
        if ref is not None:
            return EditFields(ref, clear_due=True)
    for pattern in _SET_PRIORITY:
        if adding and " is " in pattern.pattern:
            continue
        if match := pattern.match(text):
            ref = _ref(match.group("ref"))
            if ref is not None and not is_date(match.group("ref")):
                return EditFields(ref, priority=PRIORITY_LEVELS[match.group("level").lower()])
    if match := _STEP_PRIORITY.match(text):
        ref = _ref(match.group("ref"))
        if ref is not None:
            level = PRIORITY_STEPS[" ".join(match.group("how").lower().split())]
            return EditFields(ref, priority=level)
    if match := _PRIORITISE.match(text):
        ref = _ref(match.group("ref"))
        if ref is not None:
            return EditFields(ref, priority=PRIORITISE[match.group("how").lower()])
    for pattern in _TAG_ADD:
        if match := pattern.match(text):
            ref = _ref(match.group("ref"))
            if ref is not None:
                return EditFields(ref, add_tags=tuple(split_tags(match.group("tags"))))
    for pattern in _TAG_REMOVE:
        if match := pattern.match(text):
            ref = _ref(match.group("ref"))
            if ref is not None:
                return EditFields(ref, remove_tags=tuple(split_tags(match.group("tags"))))
    if match := _TAG_CLEAR.match(text):
        ref = _ref(match.group("ref") or match.group("ref2"))
        if ref is not None:
            return EditFields(ref, clear_tags=True)
    return None
