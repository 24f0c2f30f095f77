"""Changes said with a field's name, whatever the field: "set the priority of #2 to high",
"change the dentist's date to friday", "the description of 1 is …", "clear the tags of it",
"take the deadline off the essay"; the field comes from the lexicon's words and the new value
is read as that field reads it. Then the priority and tag changes said without one ("bump #2
to high", "the taxes are urgent", "tag #2 with errands", "untag it"). Pure."""

from __future__ import annotations

import re

from core.agent.builtin.adding import split_description
from core.agent.builtin.intents import EditFields, Ref, Update
from core.agent.builtin.lexicon.fields import (
    ATTACH_VERBS,
    BARE_URGENT,
    CAN_WAIT,
    DESCRIPTION_WORDS,
    DETACH_VERBS,
    IS_NOW,
    LEVEL_LINKS,
    PRIORITISE,
    PRIORITY_LEVELS,
    PRIORITY_MARKERS,
    PRIORITY_MOVES,
    PRIORITY_NOUNS,
    PRIORITY_PHRASES,
    PRIORITY_STEPS,
    TAG_NOUNS,
    TAG_VERBS,
    TITLE_WORDS,
    UNTAG,
)
from core.agent.builtin.lexicon.tasks import ON_TOP, TASK_NOUNS
from core.agent.builtin.lexicon.time import (
    CLEAR_DATE_VERBS,
    DATE_NAMES,
    DATE_OFF_VERBS,
    DUE,
    RETIME_VERBS,
    TIME_NAMES,
)
from core.agent.builtin.lexicon.verbs import CLEAR_VERBS, EDIT_VERBS, RENAME_VERBS, SAY_VERBS
from core.agent.builtin.listing import LIST_LEADS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.text import split_quoted, tidy_title
from core.agent.builtin.timed import TAG_LIST, is_date, split_tags
from core.agent.builtin.words import ref_from

# The words that name each field, a group per field; a time word names the due only to set
# it ("change the time of …", never "clear the time").
_CLEARABLE = (
    rf"(?P<description>{alt(DESCRIPTION_WORDS)})|(?P<tags>{alt(TAG_NOUNS)})"
    rf"|(?P<due>{alt(DATE_NAMES, DUE)})"
)
_SET_FIELD = (
    rf"(?:(?P<title>{alt(TITLE_WORDS)})|(?P<priority>{alt(PRIORITY_NOUNS)})|{_CLEARABLE}"
    rf"|(?P<time>{alt(TIME_NAMES)}))"
)
_CLEAR_FIELD = rf"(?:{_CLEARABLE})"
_DANGLING = re.compile(r"(?:(?:^|\s)(?:and|&)|,)\s*$", NOCASE)
_VERB = alt(EDIT_VERBS, RENAME_VERBS, PRIORITY_MARKERS, RETIME_VERBS)
_TO = (
    rf"(?:\s+(?:to(?:\s+be|\s+{alt(SAY_VERBS)})?|as|into|is|should\s+be|should\s+{alt(SAY_VERBS)})"
    r"\s*:?\s+|\s*[:=]\s*)"
)
_SETTERS = (
    re.compile(
        rf"^(?:{_VERB}\s+)?(?:the\s+|its\s+)?{_SET_FIELD}\s+(?:of|for|on|in)\s+(?P<ref>[^,;]+?){_TO}"
        r"(?P<value>.+)$",
        NOCASE,
    ),
    re.compile(
        rf"^{_VERB}\s+(?P<ref>[^,;]+?)(?:'s|’s|')?\s+{_SET_FIELD}{_TO}(?P<value>.+)$", NOCASE
    ),
    re.compile(rf"^(?P<ref>.+?)(?:'s|’s)\s+{_SET_FIELD}{_TO}(?P<value>.+)$", NOCASE),
)
_THE = r"(?:all\s+)?(?:the\s+|its\s+|that\s+)?"
_CLEARERS = (
    re.compile(
        rf"^{alt(CLEAR_VERBS, CLEAR_DATE_VERBS, DETACH_VERBS)}\s+{_THE}{_CLEAR_FIELD}"
        r"(?:\s+(?:from|of|on|for|in|off)\s+(?P<ref>.+))?$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(CLEAR_VERBS, CLEAR_DATE_VERBS)}\s+(?P<ref>.+?)(?:'s|’s)\s+{_CLEAR_FIELD}$", NOCASE
    ),
    re.compile(
        rf"^{alt(DATE_OFF_VERBS)}\s+{_THE}{_CLEAR_FIELD}\s+"
        r"(?:off(?:\s+of)?|away\s+from|out\s+of|from)\s+(?P<ref>.+)$",
        NOCASE,
    ),
)
# "… instead" after a new value; words that name no task ("the", "its").
INSTEAD = re.compile(r"\s+instead$", NOCASE)
NO_TASK = re.compile(r"^\s*(?:the|a|an|my|its)\s*$", NOCASE)


def field_ref(text: str | None) -> Ref | None:
    """The task a change names; none said is the task in mind ("make it urgent"). Words
    ending on "and" or a comma name none: another change began ("make it urgent and due …")."""
    if text and _DANGLING.search(text):
        return None
    return ref_from(text) if text else Ref("pronoun")


def title_and_description(text: str) -> tuple[str, str | None]:
    """A new title, and a description said after it ("'x' with notes y")."""
    quoted = split_quoted(text.strip())
    if quoted is not None:
        title, tail = quoted
        if tail:
            _, description = split_description("x " + tail)
            return title, description or None
        return title, None
    title, description = split_description(text)
    return tidy_title(title), description or None


def read_field_change(text: str) -> EditFields | Update | None:
    """A field named and set to a value, or cleared; None when the text is neither."""
    for pattern in _SETTERS:
        if (match := pattern.match(text)) and (found := _set(match)) is not None:
            return found
    for pattern in _CLEARERS:
        if match := pattern.match(text):
            if (ref := field_ref(match.group("ref"))) is None:
                continue
            if match.group("description"):
                return Update(ref, description="")
            return EditFields(ref, clear_due=bool(match["due"]), clear_tags=bool(match["tags"]))
    return None


def _set(match: re.Match[str]) -> EditFields | Update | None:
    """The value read as its field reads it: a date, a level, a title or a text. "the time"
    alone is the task in mind; "the title" alone names none (asked elsewhere)."""
    value = INSTEAD.sub("", match.group("value").strip())
    text_field = match.group("title") or match.group("description")
    if not NO_TASK.match(match.group("ref")):
        ref = ref_from(match.group("ref"))
    else:
        ref = None if text_field else Ref("pronoun")
    if ref is None:
        return None
    if match.group("title") and (said := title_and_description(value))[0]:
        return Update(ref, title=said[0], description=said[1])
    if match.group("description") and (description := tidy_title(value)):
        return Update(ref, description=description)
    if (match.group("due") or match.group("time")) and is_date(value):
        return EditFields(ref, due_phrase=value)
    level = PRIORITY_LEVELS.get(value.lower()) or PRIORITY_PHRASES.get(value.lower())
    return EditFields(ref, priority=level) if match.group("priority") and level else None


_PRIO = alt(PRIORITY_NOUNS)
_IS = rf"(?<=\S)(?:\s+(?:{alt(IS_NOW)})|'s)\b"
_LEVEL = rf"(?P<level>{alt(PRIORITY_LEVELS)})"
_SET_PRIORITY = (
    re.compile(
        rf"^{alt(PRIORITY_MARKERS, PRIORITY_MOVES)}\s+(?:(?:the\s+)?{_PRIO}\s+(?:of|for|on)\s+)?"
        rf"(?P<ref>.+?)\s+(?:(?:up|down)\s+)?(?:{alt(LEVEL_LINKS)}\s+)?(?:a\s+)?{_LEVEL}"
        rf"(?:[\s-]+{_PRIO})?$",
        NOCASE,
    ),
    re.compile(rf"^(?P<ref>.+?)\s*{_IS}\s+(?:now\s+)?(?:a\s+)?{_LEVEL}(?:[\s-]+{_PRIO})$", NOCASE),
    re.compile(
        rf"^(?P<ref>.+?)\s*{_IS}\s+(?:now\s+)?(?:really\s+)?(?P<level>{alt(BARE_URGENT)})$", NOCASE
    ),
    re.compile(rf"^(?P<ref>.+?)\s+(?P<level>{alt(CAN_WAIT)})$", NOCASE),  # low
)
_STEP_PRIORITY = re.compile(
    rf"^(?P<how>{alt(PRIORITY_STEPS)})\s+(?:the\s+)?"
    rf"{_PRIO}\s+(?:of|on|for)\s+(?P<ref>.+)$"
    rf"|^(?P<how2>{alt(PRIORITY_STEPS)})\s+(?P<ref2>.+?)(?:'s|’s)?\s+{_PRIO}$",
    NOCASE,
)
_PRIORITISE = re.compile(rf"^(?P<how>{alt(PRIORITISE)})\s+(?P<ref>.+)$", NOCASE)


def read_priority_change(text: str, adding: bool) -> EditFields | None:
    """A priority set, stepped up or down, or prioritised; `adding`: the text is a new task,
    so "X is urgent" is no change."""
    for pattern in _SET_PRIORITY[:1] if adding else _SET_PRIORITY:  # "X is urgent" is a task
        if (match := pattern.match(text)) and not LIST_LEADS.match(match.group("ref")):
            ref = field_ref(match.group("ref"))  # not "show work stuff that's urgent"
            level = match.group("level").lower()
            if ref is not None and not is_date(match.group("ref")):
                return EditFields(ref, priority=PRIORITY_LEVELS.get(level, "low"))
    if (match := _STEP_PRIORITY.match(text)) and (stepped := _stepped(match)):
        return stepped
    if match := _PRIORITISE.match(text):
        ref = field_ref(match.group("ref"))
        if ref is not None:
            return EditFields(ref, priority=PRIORITISE[match.group("how").lower()])
    return None


def _stepped(match: re.Match[str]) -> EditFields | None:
    ref = field_ref(match.group("ref") or match.group("ref2"))
    if ref is None:
        return None
    how = match.group("how") or match.group("how2")
    return EditFields(ref, priority=PRIORITY_STEPS[" ".join(how.lower().split())])


_TAGS = alt(TAG_NOUNS)
_HASHTAGS = r"#[^\W\d_][\w\-]*"
_HASHTAG_GAP = re.compile(r"\s+(?=#)")
# "the tag home", "the home tag", "#home #diy": the tags an attach or a detach names.
_NAMED_TAGS = (
    rf"(?:(?:the\s+)?(?:{_TAGS}\s+(?P<tags>{TAG_LIST})|(?P<tags2>{TAG_LIST})\s+{_TAGS})"
    rf"|(?P<tags3>{_HASHTAGS}(?:\s+{_HASHTAGS})*))"
)
_TAG_ADD = (
    re.compile(
        rf"^{alt(TAG_VERBS)}\s+(?P<ref>.+?)\s+(?:with|w/|as)\s+(?P<tags>{TAG_LIST})$", NOCASE
    ),
    re.compile(
        rf"^{alt(TAG_VERBS)}\s+(?P<ref>it|that|this|that\s+one|(?:{alt(TASK_NOUNS)}\s*|#)?\d+)\s+(?P<tags>{TAG_LIST})$",
        NOCASE,
    ),
    re.compile(rf"^{alt(ATTACH_VERBS)}\s+{_NAMED_TAGS}\s+(?:to|on)\s+(?P<ref>.+)$", NOCASE),
)
_TAG_REMOVE = (
    re.compile(
        rf"^{alt(DETACH_VERBS)}\s+{_NAMED_TAGS}\s+(?:from|off|of|on)\s+(?P<ref>.+)$", NOCASE
    ),
    re.compile(
        rf"^{alt(UNTAG)}\s+(?P<ref>.+?)\s+(?:from\s+)?(?P<tags>{_HASHTAGS}(?:\s*,\s*#?[^\W\d_][\w\-]*)*)$",
        NOCASE,
    ),
)
_TAG_CLEAR = re.compile(rf"^{alt(UNTAG)}\s+(?P<ref>.+)$", NOCASE)


_ON_TOP = re.compile(rf"\s*,?\s+{alt(ON_TOP)}$", NOCASE)


def read_tag_change(text: str) -> EditFields | None:
    """Tags added to, taken from or cleared off a task. A "too" after them changes nothing
    ("tag it finance too")."""
    text = _ON_TOP.sub("", text)
    for pattern in _TAG_ADD:
        if match := pattern.match(text):
            ref = field_ref(match.group("ref"))
            if ref is not None:
                return EditFields(ref, add_tags=_tags(match))
    for pattern in _TAG_REMOVE:
        if match := pattern.match(text):
            ref = field_ref(match.group("ref"))
            if ref is not None:
                return EditFields(ref, remove_tags=_tags(match))
    if match := _TAG_CLEAR.match(text):
        ref = field_ref(match.group("ref"))
        if ref is not None:
            return EditFields(ref, clear_tags=True)
    return None


def _tags(match: re.Match[str]) -> tuple[str, ...]:
    """The tags said, whichever way round ("the tag home", "the home tag"); "#a #b" is two."""
    said = next(words for name, words in match.groupdict().items() if name[:4] == "tags" and words)
    return tuple(tag for part in _HASHTAG_GAP.split(said) for tag in split_tags(part))
