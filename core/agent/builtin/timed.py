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
from core.agent.builtin.lexicon import (
    FIELD_LABELS,
    PRIORITY_LEVELS,
    PRIORITY_PHRASES,
    RETIME_VERBS,
    SHIFT_EARLIER,
    SHIFT_EARLIER_VERBS,
    SHIFT_LATER,
    SHIFT_VERBS,
    TAG_LEADS,
)
from core.agent.builtin.words import NOCASE, ref_from

_SHAPE_NOW = datetime(2026, 1, 7, 12, 0, tzinfo=UTC)  # any instant: only the shape matters


def _alt(words: object) -> str:
    return "|".join(sorted((re.escape(str(w)) for w in words), key=len, reverse=True))  # type: ignore[attr-defined]


def is_date(text: str) -> bool:
    return read_whole_date(text, now=_SHAPE_NOW, zone=UTC) is not None


# --- a new task's own words -------------------------------------------------------------

_PRIORITY = _alt(PRIORITY_PHRASES)
_PRIORITY_EDGE = re.compile(
    rf"(?:^|[,;(\-–—]\s*|\s+(?:and\s+|with\s+)?|\s+)(?:it'?s\s+|its\s+|make\s+it\s+|as\s+)?"
    rf"(?P<priority>{_PRIORITY})(?:\s+priority)?\s*\)?\s*$",
    NOCASE,
)
_PRIORITY_LEAD = re.compile(rf"^(?P<priority>{_PRIORITY})\s*[:,\-–—]\s*", NOCASE)
_HASHTAG = re.compile(r"(?<![\w&#])#(?P<tag>[^\W\d_][\w\-]{0,29})(?![\w\-])")
_TAG_NAME = r"#?[^\W\d_][\w\-]{0,29}"
_TAG_LIST = rf"{_TAG_NAME}(?:\s*(?:,|and|&)\s*{_TAG_NAME})*"
_TAG_TAIL = re.compile(
    rf"(?:^|[,;]\s*|\s+)(?:and\s+)?(?:(?:tag|label)\s+it(?:\s+(?:as|with))?|(?:{_alt(TAG_LEADS)})\s*:?)"
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

_DUE_WINDOWS = {
    "today": "today", "tonight": "today", "this morning": "today", "this evening": "today",
    "tomorrow": "tomorrow", "this week": "this_week", "the week": "this_week",
    "this weekend": "this_week", "next week": "next_week", "soon": "this_week",
}  # fmt: skip
_WINDOW = rf"(?P<window>{_alt(_DUE_WINDOWS)})"
_ASK = (
    r"(?:what(?:'?s|\s+is|\s+are|\s+do\s+i\s+have)?|(?:which|what)\s+tasks?\s+(?:are|is)|anything|is\s+anything|"
    r"is\s+there\s+anything|do\s+i\s+have\s+anything|any\s+tasks?|any|show(?:\s+me)?|list|tasks?)"
)
_THE = r"(?:(?:my|the)\s+)?(?:tasks?\s+)?"
_QUESTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            rf"^(?:{_ASK}\s+|are\s+there\s+(?:any\s+)?)?{_THE}(?:that\s+(?:are|is)\s+)?"
            r"(?:overdue|past\s+due|late)(?:\s+(?:tasks?|items|ones|stuff|things))?$"
            r"|^am\s+i\s+behind(?:\s+on\s+anything)?$|^what\s+am\s+i\s+behind\s+on$"
            r"|^what\s+did\s+i\s+miss$",
            NOCASE,
        ),
        "overdue",
    ),
    (
        re.compile(
            rf"^{_ASK}\s+{_THE}(?:due|on|planned|scheduled|left|to\s+do|happening)?\s*"
            rf"(?:for\s+)?{_WINDOW}$",
            NOCASE,
        ),
        "window",
    ),
    (re.compile(rf"^{_ASK}\s+{_THE}due(?:\s+(?:on|by|for))?\s+(?P<when>.+)$", NOCASE), "when"),
    (
        re.compile(
            r"^(?:(?:what|which)\s+(?:do\s+i\s+have|have\s+i\s+got|is\s+on|'?s\s+on)"
            r"|(?:(?:what(?:'?s|\s+is)|show(?:\s+me)?)\s+)?(?:my\s+|the\s+)?(?:tasks?|todos?|agenda|plan)"
            r"\s+(?:for|due)|what\s+should\s+i\s+do|what\s+(?:needs|has)\s+to\s+(?:be\s+done|happen))"
            rf"\s+{_WINDOW}$",
            NOCASE,
        ),
        "window",
    ),
    (re.compile(rf"^{_WINDOW}'?s?\s+(?:tasks?|todos?|agenda|list)$", NOCASE), "window"),
    (
        re.compile(
            rf"^(?:what(?:'?s|\s+is|\s+are)?|show(?:\s+me)?|list|any(?:thing)?)\s+{_THE}"
            r"(?:due|coming\s+up|upcoming|with\s+(?:a\s+)?due\s+dates?)$",
            NOCASE,
        ),
        "due",
    ),
)
_URGENT = re.compile(
    r"^(?:what(?:'?s|\s+is|\s+are)|show(?:\s+me)?|list|any|anything|which\s+tasks?\s+are)\s+"
    r"(?:(?:my|the)\s+)?(?P<level>urgent|important|high(?:[\s-]+priority)?|top\s+priority|"
    r"medium(?:[\s-]+priority)?|low(?:[\s-]+priority)?|most\s+important|priorit(?:y|ies))"
    r"(?:\s+(?:tasks?|ones|items|things|stuff))?$",
    NOCASE,
)
_TAGGED = re.compile(
    r"^(?:show(?:\s+me)?|list|what(?:'?s|\s+is|\s+are)|anything|any|which\s+tasks?\s+(?:are|have)|get|find)?\s*"
    r"(?:(?:all\s+)?(?:my|the)\s+)?(?:tasks?\s+|everything\s+)?(?:(?:tagged|labell?ed)(?:\s+(?:as|with))?\s+|with\s+(?:the\s+)?tag\s+|in\s+)?"
    r"#(?P<tag>[^\W\d_][\w\-]*)(?:\s+(?:tasks?|ones|items|stuff|list))?$"
    r"|^(?:(?:show(?:\s+me)?|list|what(?:'?s|\s+is|\s+are)|anything|any|which|find|get)\s+)?"
    r"(?:(?:all\s+)?(?:my|the)\s+)?(?:(?:tasks?|everything|items?|things|stuff|ones)\s+)?"
    r"(?:(?:are|is|that\s+(?:are|is)|i\s+have|i'?ve)\s+)?"
    r"(?:tagged|labell?ed|with\s+(?:the\s+)?(?:tag|label))(?:\s+(?:as|with))?\s+#?(?P<word>[^\W\d_][\w\-]*)$",
    NOCASE,
)
_WHEN_DUE = re.compile(
    r"^(?:when(?:'?s|\s+is|\s+was|\s+are)|what(?:'?s|\s+is)\s+the\s+(?:due\s+date|deadline)\s+(?:of|for))\s+"
    r"(?P<ref>.+?)(?:\s+(?:due|happening|scheduled|planned))?$",
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
        level = match.group("level").lower()
        wanted = (
            "medium" if level.startswith("medium") else "low" if level.startswith("low") else "high"
        )
        if level.startswith("priorit") or level.startswith("most"):
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
                "pending", due=_DUE_WINDOWS[match.group("window").lower()], sort_by="due"
            )
        if kind == "when":
            when = match.group("when")
            if when.lower() in _DUE_WINDOWS:
                return ListTasks("pending", due=_DUE_WINDOWS[when.lower()], sort_by="due")
            if is_date(when):
                return ListTasks("pending", due_phrase=when, sort_by="due")
            continue
        return ListTasks("pending", sort_by="due")
    return None


# --- changes ------------------------------------------------------------------------------

_MOVE = re.compile(
    r"^(?:move|push|postpone|reschedule|shift|bump|defer|delay|put\s+off|push\s+back|"
    r"change\s+the\s+(?:due\s+)?date\s+(?:of|for|on)|set\s+the\s+(?:due\s+)?date\s+(?:of|for|on)|"
    r"change\s+the\s+deadline\s+(?:of|for|on)|set\s+the\s+deadline\s+(?:of|for|on))\s+"
    r"(?P<ref>.+?)\s+(?:back\s+|out\s+|forward\s+)?(?:(?:to|until|till|for|by|into|on)\s+|(?=in\s))(?P<when>.+)$",
    NOCASE,
)
_DUE_IS = re.compile(
    r"^(?:(?:make|set|mark)\s+)?(?P<ref>.+?)(?:'s\s+due\s+date|\s+(?:is|should\s+be))?\s+"
    r"(?:(?:is\s+)?due|due\s+date\s*(?:is|:)?|deadline\s*(?:is|:)?)\s+(?:on\s+|by\s+|for\s+)?(?P<when>.+)$",
    NOCASE,
)
_DUE_OF = re.compile(
    r"^(?:(?:change|set|update|make)\s+)?(?:the\s+)?(?:due\s+date|deadline|date)\s+(?:of|for|on)\s+"
    r"(?P<ref>.+?)\s*(?:to|is|:|should\s+be|=)\s*(?P<when>.+)$",
    NOCASE,
)
_CLEAR_DUE = re.compile(
    r"^(?:remove|clear|delete|drop|take\s+off|unset|reset|cancel|get\s+rid\s+of|no\s+more)\s+"
    r"(?:the\s+|its\s+|that\s+)?(?:due\s+date|due|deadline|date)"
    r"(?:\s+(?:from|of|on|for|off)\s+(?P<ref>.+))?$"
    r"|^(?P<ref2>.+?)\s+(?:has|needs|should\s+have)\s+no\s+(?:due\s+date|deadline)$"
    r"|^no\s+(?:due\s+date|deadline)\s+(?:for|on)\s+(?P<ref3>.+)$",
    NOCASE,
)
_LEVEL = rf"(?P<level>{_alt(PRIORITY_LEVELS)})"
_SET_PRIORITY = (
    re.compile(
        rf"^(?:set|change|make|update|put)\s+(?:the\s+)?prio(?:rity)?\s+(?:of|for|on)\s+(?P<ref>.+?)\s+"
        rf"(?:to|as|at)\s+{_LEVEL}$",
        NOCASE,
    ),
    re.compile(
        rf"^(?:make|mark|set|flag|put|change)\s+(?P<ref>.+?)\s+(?:as\s+|to\s+|at\s+)?(?:a\s+)?{_LEVEL}"
        r"(?:[\s-]+prio(?:rity)?)?$",
        NOCASE,
    ),
    re.compile(
        rf"^(?:set|change|make)\s+(?P<ref>.+?)(?:'s)?\s+prio(?:rity)?\s+(?:to|as)\s+{_LEVEL}$",
        NOCASE,
    ),
    re.compile(
        rf"^(?P<ref>.+?)\s+is\s+(?:now\s+)?(?:a\s+)?{_LEVEL}(?:[\s-]+prio(?:rity)?)$", NOCASE
    ),
    re.compile(
        r"^(?P<ref>.+?)\s+is\s+(?:now\s+)?(?:really\s+)?(?P<level>urgent|important)$", NOCASE
    ),
)
_STEP_PRIORITY = re.compile(
    r"^(?P<how>raise|lower|increase|decrease|bump\s+up|bump\s+down|reduce)\s+(?:the\s+)?"
    r"prio(?:rity)?\s+(?:of|on|for)\s+(?P<ref>.+)$",
    NOCASE,
)
_GIVE_DUE = re.compile(
    r"^(?:give|set)\s+(?P<ref>.+?)\s+a\s+(?:due\s+date|deadline)\s+(?:of\s+|on\s+|for\s+)?(?P<when>.+)$",
    NOCASE,
)
_PRIORITISE = re.compile(
    r"^(?P<how>prioriti[sz]e|deprioriti[sz]e|de-prioriti[sz]e)\s+(?P<ref>.+)$", NOCASE
)
_TAG_ADD = (
    re.compile(rf"^(?:tag|label)\s+(?P<ref>.+?)\s+(?:with|as)\s+(?P<tags>{_TAG_LIST})$", NOCASE),
    re.compile(
        rf"^(?:tag|label)\s+(?P<ref>it|that|this|that\s+one|(?:task\s*|#)?\d+)\s+(?P<tags>{_TAG_LIST})$",
        NOCASE,
    ),
    re.compile(
        rf"^(?:add|put|give|attach)\s+(?:the\s+)?(?:tags?|labels?)\s+(?P<tags>{_TAG_LIST})\s+(?:to|on)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        r"^(?:add|put)\s+(?P<tags>#[^\W\d_][\w\-]*(?:\s+#[^\W\d_][\w\-]*)*)\s+(?:to|on)\s+(?P<ref>.+)$",
        NOCASE,
    ),
)
_TAG_REMOVE = (
    re.compile(
        rf"^(?:remove|drop|delete|take\s+off|take)\s+(?:the\s+)?(?:tags?|labels?)\s+(?P<tags>{_TAG_LIST})\s+"
        r"(?:from|off|of)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        r"^(?:remove|drop|take)\s+(?P<tags>#[^\W\d_][\w\-]*)\s+(?:from|off)\s+(?P<ref>.+)$", NOCASE
    ),
    re.compile(  # "remove the home tag from fix the sink", "take the #work label off it"
        rf"^(?:remove|drop|delete|take\s+off|take|clear|strip)\s+(?:the\s+)?(?P<tags>{_TAG_LIST})\s+"
        r"(?:tags?|labels?)\s+(?:from|off|of|on)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        r"^untag\s+(?P<ref>.+?)\s+(?:from\s+)?(?P<tags>#[^\W\d_][\w\-]*(?:\s*,\s*#?[^\W\d_][\w\-]*)*)$",
        NOCASE,
    ),
)
_TAG_CLEAR = re.compile(
    r"^untag\s+(?P<ref>.+)$|^(?:remove|clear|drop|delete)\s+(?:all\s+)?(?:the\s+|its\s+)?(?:tags|labels)"
    r"(?:\s+(?:from|of|on)\s+(?P<ref2>.+))?$",
    NOCASE,
)


_SHIFT_WAY = rf"(?P<way{{n}}>{_alt(SHIFT_LATER + SHIFT_EARLIER)})"
_SHIFT = re.compile(
    rf"^(?P<verb>{_alt(SHIFT_VERBS)})\s+(?P<ref>.+?)\s+(?:{_SHIFT_WAY.format(n=1)}\s+)?"
    rf"(?P<by>(?:by|for|to)\s+)?(?:another\s+|an\s+extra\s+|a\s+further\s+)?(?P<amount>{AMOUNT}(?:\s+and\s+a\s+half)?)"
    rf"(?:\s+{_SHIFT_WAY.format(n=2)})?$",
    NOCASE,
)
_RETIME = re.compile(
    rf"^(?:{_alt(RETIME_VERBS)})\s+(?:(?:the|its)\s+(?:due\s+)?(?:time|day|date|hour)"
    r"(?:\s+(?:of|for|on)\s+(?P<ref>.+?))?|(?P<named>.+?))\s+(?:to|for|at)\s+(?P<when>.+)$",
    NOCASE,
)
_FIELD_NAMED = re.compile(rf"\b(?:{_alt(FIELD_LABELS)})$", NOCASE)
# "the taxes are not that important, make it low priority": a clause naming the task, then
# a change that points back at it.
_ABOUT_THEN = re.compile(
    r"^(?P<clause>(?P<subject>[^,;]+?)\s+(?:is|are|isn'?t|aren'?t|was|were|can|can'?t|could|should|"
    r"shouldn'?t|has|have|needs?|seems?|looks?|got|became)\b[^,;]*)[,;]\s*"
    r"(?:so\s+|then\s+|just\s+|please\s+)?(?P<rest>.+)$",
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


_ADDING = re.compile(
    r"^(?:add|create|new|remind|remember|jot|note|put|todo|to-?do|don'?t\s+(?:let\s+me\s+)?forget)\b",
    NOCASE,
)


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
            up = match.group("how").lower() in ("raise", "increase", "bump up")
            return EditFields(ref, priority="high" if up else "low")
    if match := _PRIORITISE.match(text):
        ref = _ref(match.group("ref"))
        if ref is not None:
            return EditFields(
                ref, priority="low" if "de" in match.group("how").lower()[:3] else "high"
            )
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
