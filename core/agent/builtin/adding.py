"""Adding: "add X", "remind me to X", "don't forget X", "I need to X", with descriptions."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import replace

from core.agent.builtin.apart import only_fields
from core.agent.builtin.dates import shape_of
from core.agent.builtin.intents import Add, AddSeveral, AskSplit, AskTitle
from core.agent.builtin.lexicon import tasks, verbs
from core.agent.builtin.lexicon.fields import (
    ALONG_WITH,
    DESCRIBED,
    DESCRIPTION_IS,
    DESCRIPTION_WORDS,
)
from core.agent.builtin.lexicon.forms import TASK_VERBS
from core.agent.builtin.lexicon.numbers import NUMBER_WORDS, SOME
from core.agent.builtin.pattern import alt
from core.agent.builtin.text import split_quoted, tidy_title
from core.agent.builtin.timed import is_date
from core.agent.builtin.words import LIST_NOUN, NOCASE, ON_MY_LIST

_NEW = alt(tasks.NEW)
_NOUN = alt(tasks.ADD_NOUNS, tasks.ADD_NOUNS.values())
_DESCRIPTION = alt(DESCRIPTION_WORDS)
_FOR_ME = alt(tasks.FOR_ME)
_TASK_NOUN = re.compile(
    rf"^(?:(?:a|an|the|one|another|my|this|{_NEW})\s+)*"
    rf"(?:(?:{_NEW}\s+)?{_NOUN})(?:\s+{_FOR_ME})?"
    rf"(?:\s*(?:{alt(tasks.CALLED)}|:|-|–|—|=)\s*"
    r"|\s+(?:to|for|about|that)\s+|\s+|$)",
    NOCASE,
)
# "add for me: …", "add for me a task to …": the person the task is for, before the title.
_FOR_ME_PREFIX = re.compile(rf"^{_FOR_ME}(?:\s*[:,-]\s*|\s+(?:to\s+)?)", NOCASE)
_TO_MY_LIST_PREFIX = re.compile(
    rf"^(?:to|on|onto|in|into)\s+(?:my|the|our)\s+{LIST_NOUN}\s*[:,-]?\s*", NOCASE
)
# "add to visit grandmother", "add a task: to call my brother"
_TO_VERB = re.compile(rf"^(?!{LIST_NOUN}\b)to\s+(?=(?:{alt(TASK_VERBS)})\s)", NOCASE)
_DESCRIPTION_TAIL = re.compile(
    r"^(?P<title>.+?)\s*(?:[,;/]\s*|\s+[-–—/]+\s*|\s+)"
    rf"(?:{alt(ALONG_WITH)}\s+(?:a\s+|the\s+)?{_DESCRIPTION}"
    rf"(?:\s+{alt(DESCRIPTION_IS)}\b)?\s*[:=-]?"
    rf"|(?:and\s+)?(?:the\s+|its\s+)?{_DESCRIPTION}\s+(?:is|are|should\s+be)\s*:?"
    rf"|{_DESCRIPTION}\s*(?:[:=]|-+)"
    rf"|{alt(DESCRIBED)})\s*(?P<description>.+)$",
    NOCASE,
)
_DESCRIPTION_PARENS = re.compile(
    rf"^(?P<title>.+?)\s*\({_DESCRIPTION}\s*[:=-]?\s*(?P<description>.+?)\)$",
    NOCASE,
)


def split_description(text: str) -> tuple[str, str]:
    for pattern in (_DESCRIPTION_PARENS, _DESCRIPTION_TAIL):
        if match := pattern.match(text):
            return match.group("title"), tidy_title(match.group("description"))
    return text, ""


# Stands for a quoted title, so a description after it reads as after any title.
_STAND_IN = "Qqtitleqq"
_QUOTED_DESCRIPTION = re.compile(
    rf"^[,;:-]?\s*(?:{alt(ALONG_WITH)}\s+)?(?:a\s+|the\s+)?{_DESCRIPTION}"
    rf"(?:\s+{alt(DESCRIPTION_IS)})?\s*[:=-]?\s*(?P<description>.+)$",
    NOCASE,
)


def quoted_tail(tail: str) -> tuple[str, str]:
    """What follows a quoted title: its description (`with description 'x'`, `description
    "x"`, `(notes: x)`), and the words that set its fields (`tomorrow, high priority #work`)."""
    tail = tail.strip().strip("()").strip()
    if not tail:
        return "", ""
    if match := _QUOTED_DESCRIPTION.match(tail):
        return "", tidy_title(match.group("description"))
    before, description = split_description(_STAND_IN + " " + tail)
    said = before.removeprefix(_STAND_IN).strip(" ,;")
    return (said if only_fields(said) else ""), description


_TWO_THINGS = re.compile(r"^(?P<first>[^\W\d_]+)\s+(?:and|&)\s+(?P<second>[^\W\d_]+)$", NOCASE)


_SEVERAL = re.compile(
    rf"^(?:these|{alt(tasks.FOLLOWING)}|(?:these\s+|{alt(tasks.FOLLOWING)}\s+)?"
    rf"(?:\d+|{alt(NUMBER_WORDS, SOME)})"
    rf"\s+(?:{_NEW}\s+)?{alt(tasks.TASK_NOUNS.values())})\s*:\s*(?P<items>.+)$",
    NOCASE,
)
_ITEM_SEPARATOR = re.compile(r"\s*(?:[;,\n]\s*(?:and\s+)?|\s+and\s+)", NOCASE)
_PRONOUN_TITLE = re.compile(r"^(?:it|that|this|them|these|those|one)$", NOCASE)
_ALSO_TAIL = re.compile(rf"\s+{alt(tasks.SOMEDAY)}$", NOCASE)


def _several(text: str) -> AddSeveral | None:
    """`these: milk, bread and eggs`: a list the person spelled out, one task per item."""
    match = _SEVERAL.match(text)
    if match is None:
        return None
    titles = tuple(
        title for item in _ITEM_SEPARATOR.split(match.group("items")) if (title := tidy_title(item))
    )
    return AddSeveral(titles) if len(titles) > 1 else None


_ANOTHER_ONE = re.compile(rf"^{alt(tasks.ANOTHER_ONE)}\s*[:,-]\s*", NOCASE)


def read_title(text: str) -> Add | AskTitle | AskSplit | AddSeveral:
    """What follows an add verb: an optional "a new task called", a title, maybe a description."""
    rest = _FOR_ME_PREFIX.sub("", text.strip(), count=1)
    rest = _ANOTHER_ONE.sub("", _TO_MY_LIST_PREFIX.sub("", rest))
    if (several := _several(rest)) is not None:
        return several
    rest = _TASK_NOUN.sub("", rest, count=1).strip() if _TASK_NOUN.match(rest) else rest
    rest = _TO_VERB.sub("", rest)
    rest = ON_MY_LIST.sub("", rest).strip()
    quoted = split_quoted(rest)
    if quoted is not None:
        title, tail = quoted
        if _QUOTED.search(tail) and _ONLY_JOINS.match(_QUOTED.sub(" ", tail)):
            more = [next(filter(None, found.groups())) for found in _QUOTED.finditer(tail)]
            return AddSeveral((title, *(each.strip() for each in more)))  # '"x" and "y"'
        fields, description = quoted_tail(tail)
        return Add(title, description, fields=fields)
    if (needed := read_need(rest)) is not None:
        rest = needed  # "remember that I need to X"
    title, description = split_description(rest)
    apart = _SEPARATELY.search(title) is not None
    title = tidy_title(ON_MY_LIST.sub("", _ALSO_TAIL.sub("", _SEPARATELY.sub("", title))))
    if not title or title.lower() in tasks.NOT_TITLES or _PRONOUN_TITLE.match(title):
        return AskTitle()  # "put it on my list" names no task; the caller may know which
    if not description and (two := _TWO_THINGS.match(title)):
        parts = (two.group("first"), two.group("second"))
        return AddSeveral(parts) if apart else AskSplit(title, parts)  # "fish and chips"?
    if not description and (items := _listed(title, apart)):
        if apart or _LAST_AND.search(title):  # "bananas, oat milk and rice": a list of things
            return AddSeveral(items)
        return AskSplit(title, items)  # "bananas, oat milk, rice": one task or three?
    return Add(title, description)


_LAST_AND = re.compile(r",?\s+(?:and|&)\s+[^,]+$", NOCASE)
# "… as two tasks", "… as 3 separate items": a count said with the separate tasks.
_AS_COUNTED = (
    rf"as\s+(?:{alt(NUMBER_WORDS)}|\d+)\s+(?:{alt(tasks.SEPARATE_WORDS)}\s+)?"
    rf"{alt(tasks.TASK_NOUNS.values())}"
)
_SEPARATELY = re.compile(rf"\s*,?\s+(?:{alt(tasks.SEPARATELY)}|{_AS_COUNTED})\s*$", NOCASE)


# The last item after "and", or after "&" when no "and" follows ("salt & pepper and oil").
_LIST_COMMA = re.compile(
    r"\s*,\s*(?:and\s+|&\s+)?|\s+and\s+(?=[^,]*$)|\s+&\s+(?=[^,]*$)(?![^,]*\band\s)", NOCASE
)
# The longest item of a comma list read as things to buy rather than one task's words, and
# the most items such a list holds (more are not one person's list, nor read: each costs).
MOST_ITEM_WORDS = 3
MOST_ITEMS = 12


def _listed(title: str, apart: bool) -> tuple[str, ...] | None:
    """Three or more short items with commas between (two when said to be separate), none of
    them a date, a priority or a tag said apart ("pay rent, high priority, friday" is one
    task and its fields)."""
    if not 1 <= title.count(",") < MOST_ITEMS:
        return None
    items = tuple(item.strip() for item in _LIST_COMMA.split(title) if item.strip())
    too_long = any(len(item.split()) > MOST_ITEM_WORDS for item in items)
    if len(items) < (2 if apart else 3) or too_long:
        return None
    if any(only_fields(item) or is_date(item) or re.search(r"\d", item) for item in items):
        return None
    return items


_QUOTED = re.compile(r'"(?P<a>[^"]+)"|“(?P<b>[^”]+)”|(?<!\w)[\'‘](?P<c>[^\'’]+)[\'’](?!\w)')
_ONLY_JOINS = re.compile(r"^(?:\s|,|;|&|\+|\band\b|\bplus\b|\balso\b)*$", NOCASE)

_ADD_LEADS: tuple[re.Pattern[str], ...] = (
    re.compile(
        rf"^(?:{alt(verbs.ADD_VERBS)}|{alt(verbs.ADD_TODO)}(?!\s+{LIST_NOUN}))(?:\s*[:,-]\s*|\s+|$)(?P<rest>.*)$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(verbs.CREATE_VERBS)}\s+"
        rf"(?P<rest>(?:(?:a|an|the|one|another|me\s+a|{_NEW})\s+)*(?:{_NEW}\s+)?{_NOUN}\b.*)$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(verbs.PUT_VERBS)}\s+(?P<rest>.+?)\s+(?:on|onto|in|into|to)\s+"
        rf"(?:(?:my|the|our)\s+{LIST_NOUN}|there)(?:\s*,?\s+(?P<fields>.+))?$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(verbs.REMEMBER_VERBS, verbs.DONT_FORGET)}"
        r"(?:\s+(?:to|that|about)\b|\s*[:,-])?\s*(?P<rest>.*)$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(verbs.ONE_MORE)}\s+for\s+(?:my|the|our)\s+{LIST_NOUN}\s*[:,-]\s*(?P<rest>.+)$",
        NOCASE,
    ),
    # "make a new one: buy bulbs", "create another one - call Bo"
    re.compile(
        rf"^{alt(verbs.CREATE_VERBS)}\s+{alt(verbs.ONE_MORE)}\s*[:-]\s*(?P<rest>.+)$", NOCASE
    ),
    re.compile(rf"^{alt(verbs.NOTE_LABELS)}\s*[:=-]\s*(?P<rest>.*)$", NOCASE),
)
_SCHEDULE = re.compile(rf"^{alt(tasks.SCHEDULE_VERBS)}\s+(?P<rest>.+)$", NOCASE)
_EVENT = re.compile(rf"\b{alt(tasks.EVENTS)}s?\b", NOCASE)
_NOT_A_REMINDER = rf"(?!\s+(?:what|which|of\s+what|of\s+(?:my|the)\s+{LIST_NOUN})\b)"
_REMIND = re.compile(
    rf"^{alt(verbs.REMIND_VERBS)}\s+(?:me|us)\b"
    + _NOT_A_REMINDER
    + r"(?:(?:\s+(?P<when>.+?))??(?:\s+(?:to|(?P<about>about|of)|that)\b|\s*[:,-]))?"
    + r"\s*(?P<rest>.*)$",
    NOCASE,
)  # "remind me tomorrow to call mom", "remind me: call mom", "remind me call mom"


# "put X on my list for the 3rd": the list, then the date the task is for.
_LIST_THEN = re.compile(
    rf"(?P<list>\s+(?:to|on|onto|in|into)\s+(?:my|the|our)\s+{LIST_NOUN})\s+(?P<when>.+)$", NOCASE
)


def read_add(text: str) -> Add | AskTitle | AskSplit | AddSeveral | None:
    """An add request; a date said after "on my list" goes with the title, to be read
    from it as any date in a title is."""
    if (listed := _LIST_THEN.search(text)) is not None and is_date(listed.group("when")):
        found = _read_add(text[: listed.end("list")])
        if isinstance(found, Add):
            return replace(found, title=f"{found.title} {listed.group('when')}")
        return found
    return _read_add(text)


def _read_add(text: str) -> Add | AskTitle | AskSplit | AddSeveral | None:
    if match := _REMIND.match(text):
        found = read_title(match.group("rest"))
        when = (match.group("when") or "").strip()
        if isinstance(found, Add) and when:
            return Add(f"{found.title} {when}", found.description)
        if isinstance(found, Add) and match.group("about"):
            return replace(found, about=True)  # "remind me about the report": maybe kept
        return found
    if (match := _SCHEDULE.match(text)) and _with_a_day(match.group("rest")):
        return read_title(match.group("rest"))
    for pattern in _ADD_LEADS:
        if (match := pattern.match(text)) is None:
            continue
        said = match.groupdict().get("fields")
        if said is None:
            return read_title(match.group("rest"))
        found = read_title(match.group("rest"))  # "put 'x' on my list for saturday"
        if only_fields(said) and isinstance(found, Add) and not found.fields:
            return dataclasses.replace(found, fields=said)
    return None


def _with_a_day(words: str) -> bool:
    """An event followed by the day it is for, and nothing after."""
    reading = shape_of(words)
    return (
        reading is not None
        and words.endswith(reading.phrase)
        and _EVENT.search(reading.rest) is not None
    )


_NEED = re.compile(
    rf"^(?:{alt(verbs.HEDGES)}\s*,?\s+(?:that\s+)?)?(?:(?:i|we)(?:\s+|(?=')))?(?:{alt(verbs.INTENSIFIERS)}\s+)?{alt(verbs.NEED_PHRASES)}"
    rf"(?:\s+{alt(verbs.INTENSIFIERS)})?\s+(?P<rest>.+)$",
    NOCASE,
)


def read_need(text: str) -> str | None:
    """`I need to X` / `gotta X`: the X, which is a new task unless it is an instruction."""
    match = _NEED.match(text)
    return match.group("rest").strip() if match else None
