"""Changing: titles ("rename X to Y", "change X to Y") and descriptions."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import islice

from core.agent.builtin.field_changes import (
    INSTEAD,
    NO_TASK,
    read_field_change,
    title_and_description,
)
from core.agent.builtin.intents import AskWhich, Ref, Update
from core.agent.builtin.lexicon.fields import (
    DESCRIPTION_ONLY,
    DESCRIPTION_WORDS,
    MISTAKE_WORDS,
    NEW_FIELD,
    SAYING,
    SMALL,
    TITLE_NAMES,
    TITLE_WORDS,
    WANT_THAT,
)
from core.agent.builtin.lexicon.numbers import NUMBER_SIGNS
from core.agent.builtin.lexicon.talk import SOFTENERS
from core.agent.builtin.lexicon.tasks import TASK_NOUNS
from core.agent.builtin.lexicon.verbs import (
    CHANGE_VERBS,
    DESCRIBE,
    DESCRIBE_VERBS,
    EDIT_VERBS,
    FIX_VERBS,
    NAME_VERBS,
    NAME_VERBS_PAST,
    NOTE_VERBS,
    PUT_OR_WRITE,
    RENAME_VERBS,
    SAY_VERBS,
    SAYS_VERBS,
    TURN_VERBS,
    VAGUE_EDIT_VERBS,
    WORDING_VERBS,
)
from core.agent.builtin.pattern import alt
from core.agent.builtin.text import split_quoted, tidy_title
from core.agent.builtin.words import NOCASE, ref_from

# How many "rename X to Y" splits are tried (`Update.alternatives`).
MOST_SPLITS = 8
_EDIT = alt(EDIT_VERBS)
_RENAME = alt(EDIT_VERBS, RENAME_VERBS)
_DESCRIPTION = alt(DESCRIPTION_WORDS)
_TITLE = alt(TITLE_WORDS)
_SAY = alt(SAY_VERBS)
_CALL = alt(RENAME_VERBS, NAME_VERBS)
# "be called", "to be named": what a task is to be called follows.
_BE_CALLED = rf"(?:to\s+)?be\s+{alt(NAME_VERBS_PAST)}"
# "to be", "to say", "to read", "to be called": the new value follows.
_TO_BE = rf"(?:{_BE_CALLED}|to(?:\s+be|\s+{_SAY})?)"
_DESCRIPTION_SETTERS: tuple[re.Pattern[str], ...] = (
    re.compile(
        rf"^{alt(DESCRIBE_VERBS)}\s+(?:a\s+|the\s+|an?\s+{alt(SMALL)}\s+)?{_DESCRIPTION}\s+(?:to|on|for)\s+(?P<ref>.+?)(?:\s*(?::|=|-|–|—)\s*|\s+{alt(SAYING)}\s+)(?P<description>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(DESCRIBE_VERBS)}\s+(?:a\s+|the\s+)?{_DESCRIPTION}\s*:?\s+(?!(?:of|for|on|in|to)\b)(?P<description>.+)\s+(?:to|on|for)\s+(?P<ref>.+?)$",
        NOCASE,
    ),
    re.compile(
        rf"^for\s+(?P<ref>.+?)\s*,?\s+{alt(NOTE_VERBS)}\s+(?:a\s+|the\s+)?{_DESCRIPTION}(?:\s*:|\s+(?:to|as)(?=\s))?\s+(?P<description>.+)$",
        NOCASE,
    ),
    re.compile(rf"^{alt(DESCRIBE)}\s+(?P<ref>.+?)\s+(?:as|with|:)\s*(?P<description>.+)$", NOCASE),
    re.compile(
        rf"^{alt(NOTE_VERBS)}\s+(?P<description>.+?)\s+as\s+(?:the\s+|a\s+)?{_DESCRIPTION}\s+(?:of|to|for|on)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    # "add a description: 4 weeks, cash": of the task in mind (no task named: `ref` is empty)
    re.compile(
        rf"^{alt(DESCRIBE_VERBS)}\s+(?:a\s+|the\s+)?{alt(DESCRIPTION_ONLY)}(?P<ref>)\s*[:=–—-]\s*"
        r"(?P<description>.+)$",
        NOCASE,
    ),
)
_SAYS = alt(SAY_VERBS, SAYS_VERBS)
# "so it says", "so that it will read", "so it'll say".
_SO_IT = rf"so\s+(?:that\s+)?(?:it|that|the\s+{alt(TITLE_WORDS)})(?:\s+will|'ll|\s+now)?\s+{_SAYS}"
# "#2", "task 2", "the second one", "the milk one", "it": what a bare "make X read Y" may name.
_POINTED = (
    rf"(?:#\s*\d+|{alt(TASK_NOUNS, NUMBER_SIGNS)}\s*\d+|\d+|it|that|the\s+\S+(?:\s+\S+)?\s+one)"
)
# "change #1 so it says call mum", "make #2 read buy oat milk": a rename told as what the
# task should say.
_WORDING_SETTERS: tuple[re.Pattern[str], ...] = (
    re.compile(rf"^{alt(WORDING_VERBS)}\s+(?P<ref>.+?),?\s+{_SO_IT}\s*:?\s+(?P<title>.+)$", NOCASE),
    re.compile(
        rf"^{alt(WORDING_VERBS)}\s+(?P<ref>{_POINTED})\s+{_SAYS}\s*:?\s+(?P<title>.+)$", NOCASE
    ),
    re.compile(
        rf"^{alt(WORDING_VERBS)}\s+(?P<ref>.+?)\s+{_BE_CALLED}\s*:?\s+(?P<title>.+)$", NOCASE
    ),
)
_IS_NEW = r"(?:is|should\s+be|will\s+be|:)"
_TITLE_SETTERS: tuple[re.Pattern[str], ...] = (
    *_WORDING_SETTERS,
    re.compile(
        rf"^{alt(FIX_VERBS)}\s+(?:the\s+|a\s+)?(?:{alt(MISTAKE_WORDS)}|{_TITLE})\s+"
        rf"(?:in|of|on|for)\s+(?P<ref>.+?)\s*[,:;-]?\s+(?:it\s+should\s+(?:be|{_SAY})|to|to\s+{_SAY}|as)"
        r"\s*:?\s+(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^{_RENAME}\s+(?:the\s+)?{_TITLE}\s+(?:of|for|on)\s+(?P<ref>.+?)\s*[,;:-]?\s+"
        rf"(?:the\s+)?{alt(NEW_FIELD)}\s+{_TITLE}\s+{_IS_NEW}\s*:?\s*(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^(?:i\s+{alt(WANT_THAT)}\s+(?:that\s+)?)?(?P<ref>.+?)\s+(?:has|have|gets|should\s+have|"
        rf"to\s+have)\s+the\s+{_TITLE}\s+(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^instead\s+of\s+(?P<ref>.+?)\s*,?\s+(?:make\s+it|{alt(NAME_VERBS)}\s+it|{alt(PUT_OR_WRITE)}|it\s+should\s+be|"
        rf"{_RENAME}\s+it\s+to)\s+(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^(?P<ref>[^,;]+?)\s*[,;:-]\s*(?:{alt(SOFTENERS)}\s+|can\s+you\s+|you\s+)*{_CALL}"
        r"\s+(?:it\s+|that\s+)?(?:to|as)\s+(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(NAME_VERBS)}\s+(?P<ref>it|that|this|that\s+one|this\s+one|(?:{alt(TASK_NOUNS)}\s*|#)?\d+)\s+(?:to\s+|as\s+)?(?P<title>.+)$",
        NOCASE,
    ),
)
_SPLIT_SETTER = re.compile(
    rf"^{alt(CHANGE_VERBS, RENAME_VERBS, TURN_VERBS)}\s+(?P<body>.+)$",
    NOCASE,
)
_SPLIT_WORDS = re.compile(rf"\s+(?:{_TO_BE}|into|as|->|→|=>|with)\s+|\s*:\s+", NOCASE)
_ASK_CHANGE = re.compile(rf"^{_RENAME}(?:\s+(?P<ref>.+))?$", NOCASE)


_TITLE_OF = re.compile(rf"^(?:the\s+)?{alt(TITLE_NAMES)}\s+(?:of|for)\s+", NOCASE)
_TITLE_TO = re.compile(rf"^(?:the\s+)?{alt(TITLE_NAMES)}\s+(?:to|as)\b", NOCASE)
_SPLIT_ON = re.compile(rf"^(?:{_TO_BE}|into|as|->|→|=>)\s+(?P<title>.+)$", NOCASE)
# "change 'a' for 'b'": "for" splits only between two quoted titles.
_FOR_QUOTED = re.compile(r"^for\s+(?P<title>[\"'“‘].+)$", NOCASE)
# "change the task 'a' to 'b'": the noun before a quoted title.
_NOUN_BEFORE_QUOTE = re.compile(rf"^(?:the\s+|my\s+)?{alt(TASK_NOUNS)}\s+(?=[\"'“‘])", NOCASE)
_POINTS_AT_A_TASK = re.compile(rf"^(?:it|that|this|{alt(TASK_NOUNS)}|#|\d)", NOCASE)
_NAMES_A_FIELD = re.compile(rf"^(?:the\s+)?{alt(TITLE_NAMES, DESCRIPTION_WORDS)}\b", NOCASE)


def _update_by_split(body: str) -> Update | None:
    """`change A to B`: the quoted parts decide, else each " to " is a possible split."""
    quoted = split_quoted(_NOUN_BEFORE_QUOTE.sub("", body))
    if quoted is not None:
        inner, tail = quoted
        split = _SPLIT_ON.match(tail) or _FOR_QUOTED.match(tail)
        if split:
            ref = Ref("title", text=inner, quoted=True)
            title, description = title_and_description(split.group("title"))
            return Update(ref, title=title or None, description=description) if title else None
    if _TITLE_TO.match(body):
        return None  # no task named: _ASK_CHANGE asks which
    splits: list[tuple[Ref, str]] = []
    # The first few "to"s only: each split is read whole, and the engine matches every
    # alternative against the list, so a run of "to"s must not multiply the work.
    for match in islice(_SPLIT_WORDS.finditer(body), MOST_SPLITS):
        if match.group(0).strip().lower() == "with":
            continue
        before = ref_from(body[: match.start()])
        new = body[match.end() :].strip()
        if before is not None and new:
            splits.append((before, new))
    if not splits:
        return None
    ref, new = splits[0]
    title, description = title_and_description(new)
    if not title:
        return None
    return Update(ref, title=title, description=description, alternatives=tuple(splits[1:]))


def _field_set(text: str) -> Update | None:
    found = read_field_change(text)
    return found if isinstance(found, Update) else None


def _description_set(text: str) -> Update | None:
    for pattern in _DESCRIPTION_SETTERS:
        if match := pattern.match(text):
            said = match.group("ref")
            ref = ref_from(said) if said else Ref("pronoun")
            description = tidy_title(INSTEAD.sub("", match.group("description")))
            if ref is not None and description:
                return Update(ref, description=description)
    return None


def _title_set(text: str) -> Update | None:
    for pattern in _TITLE_SETTERS:
        if match := pattern.match(text):
            ref_words = _TITLE_OF.sub("", match.group("ref"))
            ref = None if NO_TASK.match(ref_words) else ref_from(ref_words)
            title, details = title_and_description(INSTEAD.sub("", match.group("title")))
            if ref is not None and title:
                return Update(ref, title=title, description=details)
    return None


def _split_set(text: str) -> Update | None:
    match = _SPLIT_SETTER.match(text)
    return _update_by_split(match.group("body")) if match else None


def _change_asked(text: str) -> Update | AskWhich | None:
    match = _ASK_CHANGE.match(text)
    if match is None:
        return None
    verb = text.split()[0].lower()
    raw = (match.group("ref") or "").strip()
    if verb in VAGUE_EDIT_VERBS and not _POINTS_AT_A_TASK.match(raw):
        return None  # "fix the sink" is more likely a new task than an edit
    if _NAMES_A_FIELD.match(raw):
        return AskWhich("update")  # "change the title to 'urgent'": of which task?
    ref = ref_from(raw) if raw else None
    return Update(ref) if ref is not None else AskWhich("update")


# In order: the first reading found wins.
_UPDATE_READERS: tuple[Callable[[str], Update | AskWhich | None], ...] = (
    _field_set,
    _description_set,
    _title_set,
    _split_set,
    _change_asked,
)


def read_update(text: str) -> Update | AskWhich | None:
    for reader in _UPDATE_READERS:
        if (found := reader(text)) is not None:
            return found
    return None
