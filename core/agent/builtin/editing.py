"""Changing: titles ("rename X to Y", "change X to Y") and descriptions."""

from __future__ import annotations

import re
from itertools import islice

from core.agent.builtin.adding import split_description
from core.agent.builtin.intents import AskWhich, Ref, Update
from core.agent.builtin.text import split_quoted, tidy_title
from core.agent.builtin.words import NOCASE, ref_from

# How many "rename X to Y" splits are tried (`Update.alternatives`).
MOST_SPLITS = 8
_EDIT = r"(?:change|update|set|edit|modify|alter|replace|fix|correct|amend|adjust)"
_DESCRIPTION = r"(?:description|desc|notes?|details?|comment)"
_DESCRIPTION_SETTERS: tuple[re.Pattern[str], ...] = (
    re.compile(
        rf"^(?:add|set|put|attach|give|write|append|include)\s+(?:a\s+|the\s+|an?\s+(?:extra|little|short|quick|small)\s+)?{_DESCRIPTION}\s+(?:to|on|for)\s+(?P<ref>.+?)(?:\s*(?::|=|-|–|—)\s*|\s+(?:saying|that\s+says|reading|as|which\s+says)\s+)(?P<description>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^(?:add|set|put|attach|give|write|append|include)\s+(?:a\s+|the\s+)?{_DESCRIPTION}\s*:?\s+(?!(?:of|for|on|in|to)\b)(?P<description>.+)\s+(?:to|on|for)\s+(?P<ref>.+?)$",
        NOCASE,
    ),
    re.compile(
        rf"^{_EDIT}\s+(?:the\s+)?{_DESCRIPTION}\s+(?:of|for|on|in)\s+(?P<ref>.+?)\s*(?:\s+to(?:\s+be|\s+say|\s+read)?(?:\s*:)?\s+|\s+as\s+|:|=)\s*(?P<description>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^{_EDIT}\s+(?P<ref>.+?)(?:'s|’s)?\s+{_DESCRIPTION}\s*(?:\s+to(?:\s+be|\s+say|\s+read)?(?:\s*:)?\s+|\s+as\s+|:|=)\s*(?P<description>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^(?:the\s+)?{_DESCRIPTION}\s+(?:of|for|on)\s+(?P<ref>.+?)\s*(?:\s+(?:should\s+be|is|should\s+say|should\s+read)\s*:?\s+|:|=)\s*(?P<description>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^for\s+(?P<ref>.+?)\s*,?\s+(?:add|set|put|write|use)\s+(?:a\s+|the\s+)?{_DESCRIPTION}\s*:?\s+(?P<description>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^(?P<ref>(?:task\s*|#)?\d+|it|that)(?:'s)?\s+{_DESCRIPTION}\s*(?:[:=-]|\s+(?:is|should\s+be)\s+)\s*(?P<description>.+)$",
        NOCASE,
    ),
    re.compile(r"^describe\s+(?P<ref>.+?)\s+(?:as|with|:)\s*(?P<description>.+)$", NOCASE),
    re.compile(
        rf"^(?:add|set|use|put)\s+(?P<description>.+?)\s+as\s+(?:the\s+|a\s+)?{_DESCRIPTION}\s+(?:of|to|for|on)\s+(?P<ref>.+)$",
        NOCASE,
    ),
)
_DESCRIPTION_CLEARERS: tuple[re.Pattern[str], ...] = (
    re.compile(
        rf"^take\s+(?:the\s+)?{_DESCRIPTION}\s+(?:off|away\s+from|out\s+of)\s+(?P<ref>.+)$", NOCASE
    ),
    re.compile(
        rf"^(?:remove|delete|clear|erase|drop|wipe|empty|reset)\s+(?:the\s+)?{_DESCRIPTION}\s+(?:of|from|on|for|in)\s+(?P<ref>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^(?:remove|delete|clear|erase|drop|wipe|empty|reset)\s+(?P<ref>.+?)(?:'s|’s)\s+{_DESCRIPTION}$",
        NOCASE,
    ),
)
_TITLE_SETTERS: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"^(?:fix|correct)\s+(?:the\s+|a\s+)?(?:typo|spelling|mistake|name|title|wording)\s+"
        r"(?:in|of|on|for)\s+(?P<ref>.+?)\s*[,:;-]?\s+(?:it\s+should\s+(?:be|say|read)|to|to\s+say|as)"
        r"\s*:?\s+(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^(?:{_EDIT}|rename|retitle|reword)\s+(?:the\s+)?(?:title|name|wording|text)\s+(?:of|for|on)\s+(?P<ref>.+?)\s*(?:\s+to\s+(?:be\s+|say\s+|read\s+)?|\s+as\s+|\s+into\s+|:|=)\s*(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^(?:{_EDIT}|rename|retitle|reword)\s+(?P<ref>.+?)(?:'s|’s)?\s+(?:title|name|wording|text)\s*(?:\s+to\s+(?:be\s+|say\s+|read\s+)?|\s+as\s+|\s+into\s+|:|=)\s*(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^(?:{_EDIT}|rename|retitle)\s+(?:the\s+)?(?:name|title)\s+(?:of|for|on)\s+(?P<ref>.+?)\s*[,;:-]?\s+"
        r"(?:the\s+)?new\s+(?:name|title)\s+(?:is|should\s+be|will\s+be|:)\s*:?\s*(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        r"^(?:i\s+(?:want|would\s+like)\s+(?:that\s+)?)?(?P<ref>.+?)\s+(?:has|have|gets|should\s+have|"
        r"to\s+have)\s+the\s+(?:title|name)\s+(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        r"^instead\s+of\s+(?P<ref>.+?)\s*,?\s+(?:make\s+it|call\s+it|put|write|it\s+should\s+be|"
        r"change\s+it\s+to|rename\s+it\s+to)\s+(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        r"^(?P<ref>[^,;]+?)\s*[,;:-]\s*(?:please\s+|pls\s+|can\s+you\s+|you\s+)*(?:rename|retitle|call)"
        r"\s+(?:it\s+|that\s+)?(?:to|as)\s+(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        r"^(?:call|name|title|retitle)\s+(?P<ref>it|that|this|that\s+one|this\s+one|(?:task\s*|#)?\d+)\s+(?:to\s+|as\s+)?(?P<title>.+)$",
        NOCASE,
    ),
    re.compile(
        r"^(?P<ref>.+?)\s+should\s+(?:be\s+called|be\s+named|say|read)\s+(?P<title>.+)$", NOCASE
    ),
    re.compile(
        r"^(?P<ref>it|that|this|that\s+one|this\s+one|(?:task\s*|#)?\d+)\s+should\s+be\s+(?P<title>.+)$",
        NOCASE,
    ),
)
_SPLIT_SETTER = re.compile(
    r"^(?:change|update|edit|modify|alter|replace|fix|correct|amend|adjust|rename|retitle|reword|"
    r"turn|switch)\s+(?P<body>.+)$",
    NOCASE,
)
_SPLIT_WORDS = re.compile(
    r"\s+(?:to\s+be|to\s+say|to\s+read|to|into|as|->|→|=>|with)\s+|\s*:\s+", NOCASE
)
_ASK_CHANGE = re.compile(rf"^(?:{_EDIT}|rename|retitle|reword)(?:\s+(?P<ref>.+))?$", NOCASE)


_NO_TASK = re.compile(r"^\s*(?:the|a|an|my|its)\s*$", NOCASE)
_INSTEAD = re.compile(r"\s+instead$", NOCASE)
_TITLE_OF = re.compile(r"^(?:the\s+)?(?:title|name)\s+(?:of|for)\s+", NOCASE)


def _title_and_description(text: str) -> tuple[str, str | None]:
    quoted = split_quoted(text.strip())
    if quoted is not None:
        title, tail = quoted
        if tail:
            _, description = split_description("x " + tail)
            return title, description or None
        return title, None
    title, description = split_description(text)
    return tidy_title(title), description or None


def _update_by_split(body: str) -> Update | None:
    """`change A to B`: the quoted parts decide, else each " to " is a possible split."""
    quoted = split_quoted(body)
    if quoted is not None:
        inner, tail = quoted
        split = re.match(
            r"^(?:to\s+be|to\s+say|to\s+read|to|into|as|->|→|=>)\s+(?P<title>.+)$", tail, NOCASE
        )
        if split:
            ref = Ref("title", text=inner, quoted=True)
            title, description = _title_and_description(split.group("title"))
            return Update(ref, title=title or None, description=description) if title else None
    if re.match(r"^(?:the\s+)?(?:title|name)\s+(?:to|as)\b", body, NOCASE):
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
    title, description = _title_and_description(new)
    if not title:
        return None
    return Update(ref, title=title, description=description, alternatives=tuple(splits[1:]))


def read_update(text: str) -> Update | AskWhich | None:
    for pattern in _DESCRIPTION_SETTERS:
        if match := pattern.match(text):
            ref = ref_from(match.group("ref"))
            description = tidy_title(_INSTEAD.sub("", match.group("description")))
            if ref is not None and description:
                return Update(ref, description=description)
    for pattern in _DESCRIPTION_CLEARERS:
        if match := pattern.match(text):
            ref = ref_from(match.group("ref"))
            if ref is not None:
                return Update(ref, description="")
    for pattern in _TITLE_SETTERS:
        if match := pattern.match(text):
            ref_words = _TITLE_OF.sub("", match.group("ref"))
            ref = None if _NO_TASK.match(ref_words) else ref_from(ref_words)
            title, details = _title_and_description(_INSTEAD.sub("", match.group("title")))
            if ref is not None and title:
                return Update(ref, title=title, description=details)
    if match := _SPLIT_SETTER.match(text):
        found = _update_by_split(match.group("body"))
        if found is not None:
            return found
    if match := _ASK_CHANGE.match(text):
        verb = text.split()[0].lower()
        raw = (match.group("ref") or "").strip()
        if verb in ("set", "make", "fix", "replace", "adjust", "turn", "switch") and not re.match(
            r"^(?:it|that|this|task|#|\d)", raw, NOCASE
        ):
            return None  # "fix the sink" is more likely a new task than an edit
        if re.match(r"^(?:the\s+)?(?:title|name|description|note)\b", raw, NOCASE):
            return AskWhich("update")  # "change the title to 'urgent'": of which task?
        ref = ref_from(raw) if raw else None
        return Update(ref) if ref is not None else AskWhich("update")
    return None
