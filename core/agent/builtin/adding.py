"""Adding: "add X", "remind me to X", "don't forget X", "I need to X", with descriptions."""

from __future__ import annotations

import re

from core.agent.builtin.intents import Add, AddSeveral, AskSplit, AskTitle
from core.agent.builtin.text import split_quoted, tidy_title
from core.agent.builtin.words import LIST_NOUN, NOCASE, ON_MY_LIST

_TASK_NOUN = re.compile(
    r"^(?:(?:a|an|the|one|another|new|my|this|following|following new)\s+)*"
    r"(?:(?:new\s+)?(?:task|todo|to-do|to do|item|reminder|entry|note|thing)s?)"
    r"(?:\s*(?:called|named|titled|that says|saying|reading|which says|:|-|–|—|=)\s*"
    r"|\s+(?:to|for|about|that)\s+|\s+|$)",
    NOCASE,
)
_TO_MY_LIST_PREFIX = re.compile(
    rf"^(?:to|on|onto|in|into)\s+(?:my|the|our)\s+{LIST_NOUN}\s*[:,-]?\s*", NOCASE
)
_DESCRIPTION_TAIL = re.compile(
    r"^(?P<title>.+?)\s*(?:[,;/]\s*|\s+[-–—/]+\s*|\s+)"
    r"(?:(?:with|w/|and|plus|having|including)\s+(?:a\s+|the\s+)?(?:description|desc|notes?|details?|comment)"
    r"(?:\s+(?:of|that says|saying|reading|being|as|like|is|are|should\s+be)\b)?\s*[:=-]?"
    r"|(?:and\s+)?(?:the\s+|its\s+)?(?:description|desc|notes?|details?)\s+(?:is|are|should\s+be)\s*:?"
    r"|(?:description|desc|notes?|details?)\s*(?:[:=]|-+)"
    r"|described as|details being)\s*(?P<description>.+)$",
    NOCASE,
)
_DESCRIPTION_PARENS = re.compile(
    r"^(?P<title>.+?)\s*\((?:description|desc|notes?|details?)\s*[:=-]?\s*(?P<description>.+?)\)$",
    NOCASE,
)


def split_description(text: str) -> tuple[str, str]:
    for pattern in (_DESCRIPTION_PARENS, _DESCRIPTION_TAIL):
        if match := pattern.match(text):
            return match.group("title"), tidy_title(match.group("description"))
    return text, ""


_QUOTED_DESCRIPTION = re.compile(
    r"^[,;:-]?\s*(?:(?:with|and|plus)\s+)?(?:a\s+|the\s+)?(?:description|desc|notes?|details?)"
    r"(?:\s+(?:of|saying|that\s+says))?\s*[:=-]?\s*(?P<description>.+)$",
    NOCASE,
)


def quoted_description(tail: str) -> str:
    """What follows a quoted title: `with description 'x'`, `description "x"`, `(notes: x)`."""
    tail = tail.strip().strip("()").strip()
    if not tail:
        return ""
    if match := _QUOTED_DESCRIPTION.match(tail):
        return tidy_title(match.group("description"))
    return split_description("x " + tail)[1]


_TWO_THINGS = re.compile(r"^(?P<first>[^\W\d_]+)\s+(?:and|&)\s+(?P<second>[^\W\d_]+)$", NOCASE)


_SEVERAL = re.compile(
    r"^(?:these|the\s+following|following|(?:these|the\s+following\s+)?"
    r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|some|a\s+few|few|several|multiple)"
    r"\s+(?:new\s+)?(?:tasks|things|items|todos|to-?dos|reminders))\s*:\s*(?P<items>.+)$",
    NOCASE,
)
_ITEM_SEPARATOR = re.compile(r"\s*(?:[;,\n]\s*(?:and\s+)?|\s+and\s+)", NOCASE)
_PRONOUN_TITLE = re.compile(r"^(?:it|that|this|them|these|those|one)$", NOCASE)
_ALSO_TAIL = re.compile(
    r"\s+(?:too|as\s+well|at\s+some\s+point|sometime(?:\s+soon)?|some\s+time|eventually|"
    r"one\s+of\s+these\s+days|when\s+i\s+(?:can|get\s+a\s+chance))$",
    NOCASE,
)


def _several(text: str) -> AddSeveral | None:
    """`these: milk, bread and eggs`: a list the person spelled out, one task per item."""
    match = _SEVERAL.match(text)
    if match is None:
        return None
    titles = tuple(
        title for item in _ITEM_SEPARATOR.split(match.group("items")) if (title := tidy_title(item))
    )
    return AddSeveral(titles) if len(titles) > 1 else None


_ANOTHER_ONE = re.compile(r"^(?:another|one\s+more|a\s+new|new)\s+one\s*[:,-]\s*", NOCASE)


def read_title(text: str) -> Add | AskTitle | AskSplit | AddSeveral:
    """What follows an add verb: an optional "a new task called", a title, maybe a description."""
    rest = _ANOTHER_ONE.sub("", _TO_MY_LIST_PREFIX.sub("", text.strip()))
    if (several := _several(rest)) is not None:
        return several
    rest = _TASK_NOUN.sub("", rest, count=1).strip() if _TASK_NOUN.match(rest) else rest
    rest = ON_MY_LIST.sub("", rest).strip()
    quoted = split_quoted(rest)
    if quoted is not None:
        title, tail = quoted
        tail = ON_MY_LIST.sub("", " " + tail).strip()
        return Add(title, quoted_description(tail))
    if (needed := read_need(rest)) is not None:
        rest = needed  # "remember that I need to X"
    title, description = split_description(rest)
    title = tidy_title(_ALSO_TAIL.sub("", ON_MY_LIST.sub("", title)))
    if title.lower() in ("to", "do", "something", "sth", "a thing") or _PRONOUN_TITLE.match(title):
        return AskTitle()  # "put it on my list" names no task; the caller may know which
    if not title:
        return AskTitle()
    if not description and (two := _TWO_THINGS.match(title)):
        return AskSplit(title, (two.group("first"), two.group("second")))
    return Add(title, description)


_ADD_LEADS: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"^(?:add|create|new|jot(?:\s+down)?|write\s+down|note\s+to\s+self|note\s+down|note|"
        r"pencil\s+in|put\s+down|"
        r"\+|(?:to-?do|todo)(?!\s+list))"
        r"(?:\s*[:,-]\s*|\s+|$)(?P<rest>.*)$",
        NOCASE,
    ),
    re.compile(
        r"^(?:make|save|set|set\s+up|start|open|log|record|enter|insert)\s+"
        r"(?P<rest>(?:(?:a|an|the|one|another|new|me\s+a)\s+)*"
        r"(?:new\s+)?(?:task|todo|to-do|reminder|note|entry|item)\b.*)$",
        NOCASE,
    ),
    re.compile(
        r"^(?:put|stick|throw|pop|place|get|chuck|bung|whack|slap|add)\s+(?P<rest>.+?)\s+"
        r"(?:on|onto|in|into|to)\s+"
        rf"(?:my|the|our)\s+{LIST_NOUN}$",
        NOCASE,
    ),
    re.compile(
        r"^(?:(?:please\s+)?remember|memorize)(?:\s+(?:to|that|about)\b|\s*[:,-])?\s*(?P<rest>.*)$",
        NOCASE,
    ),
    re.compile(
        r"^(?:don'?t|do not|dont|never)\s+(?:let\s+me\s+)?forget"
        r"(?:\s+(?:to|about|that)\b|\s*[:,-])?\s*(?P<rest>.*)$",
        NOCASE,
    ),
    re.compile(
        r"^(?:one\s+more|another\s+one|something|a\s+new\s+one|new\s+one)\s+for\s+"
        rf"(?:my|the|our)\s+{LIST_NOUN}\s*[:,-]\s*(?P<rest>.+)$",
        NOCASE,
    ),
    re.compile(
        r"^(?:to-?do|to do|task|new task|reminder|todo item|note to self|memo)"
        r"\s*[:=-]\s*(?P<rest>.*)$",
        NOCASE,
    ),
)
_NOT_A_REMINDER = r"(?!\s+(?:what|which|of\s+what|of\s+(?:my|the)\s+(?:list|tasks|todos))\b)"
_REMIND = re.compile(
    r"^remind\s+(?:me|us)\b"
    + _NOT_A_REMINDER
    + r"(?:\s+(?P<when>.+?))??(?:\s+(?:to|about|of|that)\b|\s*[:,-])\s*(?P<rest>.*)$",
    NOCASE,
)
_REMIND_BARE = re.compile(r"^remind\s+(?:me|us)\b" + _NOT_A_REMINDER + r"\s*(?P<rest>.*)$", NOCASE)


def read_add(text: str) -> Add | AskTitle | AskSplit | AddSeveral | None:
    if match := _REMIND.match(text):
        found = read_title(match.group("rest"))
        when = (match.group("when") or "").strip()
        if isinstance(found, Add) and when:
            return Add(f"{found.title} {when}", found.description)
        return found
    if match := _REMIND_BARE.match(text):
        return read_title(match.group("rest"))
    for pattern in _ADD_LEADS:
        if match := pattern.match(text):
            return read_title(match.group("rest"))
    return None


_NEED = re.compile(
    r"^(?:(?:i|we)(?:\s+|(?=')))?(?:really\s+|still\s+|also\s+|definitely\s+|absolutely\s+|seriously\s+)?"
    r"(?:need\s+to|have\s+to|must|should|ought\s+to|got\s+to|gotta|'ve\s+got\s+to|have\s+got\s+to|"
    r"'ve\s+gotta|want\s+to|wanna|plan\s+to|'m\s+planning\s+to|am\s+planning\s+to|'d\s+like\s+to|"
    r"would\s+like\s+to|'m\s+going\s+to|am\s+going\s+to|'m\s+gonna|am\s+gonna|gonna|"
    r"'ll\s+have\s+to|will\s+have\s+to|'ll\s+need\s+to|will\s+need\s+to|needs?\s+to|"
    r"(?:(?:i|we)\s+)?(?:'m|am|are)\s+supposed\s+to|have\s+yet\s+to|"
    r"mustn'?t\s+forget\s+to|can'?t\s+forget\s+to|shouldn'?t\s+forget\s+to|need|needs)"
    r"(?:\s+(?:really|definitely|probably|also|still|seriously|finally|actually|totally))?"
    r"\s+(?P<rest>.+)$",
    NOCASE,
)


def read_need(text: str) -> str | None:
    """`I need to X` / `gotta X`: the X, which is a new task unless it is an instruction."""
    match = _NEED.match(text)
    return match.group("rest").strip() if match else None
