"""Due changes told rather than asked for. With the date's name or as what a task can do:
"make the deadline for the slides wed 10am", "the essay's deadline is friday now", "can the vet
go to next monday instead", "the bike service can wait till monday". As news: "the haircut is
at 4pm now, not 10" (without "now" or the old value it may be a new task's words, so the
change is tentative), "dentist got moved to 3pm", "can't do the parking permit today, move it
to tomorrow" (the old plan will not happen, so a new day stands alone). Pure: the new date is
only checked for its shape; the engine resolves it when it acts."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from core.agent.builtin.dates import is_date
from core.agent.builtin.intents import EditFields, Ref
from core.agent.builtin.lexicon.time import (
    ARRIVES,
    ARRIVING,
    CAN_WORDS,
    CANT_DO,
    DATE_NAMES,
    DEADLINE_LINKS,
    GO_LINKS,
    GO_VERBS,
    HAS_BEEN,
    MOVE_WAYS,
    MOVED_NEWS,
    NEW_NOW,
    SET_DATE_VERBS,
)
from core.agent.builtin.lexicon.verbs import NEW_TASK_STARTS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.spans import tag
from core.agent.builtin.words import ref_from

_DATE = alt(DATE_NAMES)
_SET = alt(SET_DATE_VERBS)
_CAN = alt(CAN_WORDS)
# "make the deadline for the slides wed 10am": the task and the date follow one another.
_DATE_OF = re.compile(rf"^(?:{_SET}\s+)?(?:the\s+)?{_DATE}\s+(?:of|for|on)\s+(?P<rest>.+)$", NOCASE)
# "the essay's deadline is friday now", "make the gift's deadline monday".
_OWN_DATE = re.compile(rf"^(?:{_SET}\s+)?(?P<ref>.+?)(?:'s|’s)\s+{_DATE}\s+(?P<when>.+)$", NOCASE)
# "can the vet go to friday", "the bike service can go back to monday".
_GO = re.compile(
    rf"^(?:(?:{_CAN})\s+)?(?P<ref>.+?)\s+(?:(?:{_CAN})(?:\s+just)?\s+)?(?:{alt(GO_VERBS)})"
    rf"(?:\s+(?:{alt(MOVE_WAYS)}))?\s+(?:{alt(GO_LINKS)})\s+(?P<when>.+)$",
    NOCASE,
)
_GO_ASKED = re.compile(rf"^(?:{_CAN})\s", NOCASE)
_LINK = re.compile(rf"^(?:(?:{alt(DEADLINE_LINKS)})\s+)+", NOCASE)
_NEW_NOW = re.compile(rf"(?:\s*,?\s+(?:{alt(NEW_NOW)}))+$", NOCASE)
_ADDING = re.compile(rf"^{alt(NEW_TASK_STARTS)}\b", NOCASE)
_QUESTION = re.compile(r"^(?:what|which|when|how|is|are|do|does|any|did)\b", NOCASE)
_NOT_TASKS = re.compile(r"^(?:i|we|you|they|he|she|me|us)$", NOCASE)


def _when(words: str) -> str | None:
    """The words as a new date, without the words that lead or close it ("is now …")."""
    words = _NEW_NOW.sub("", _LINK.sub("", words.strip())).strip()
    return words if words and is_date(words) else None


def read(text: str) -> EditFields | None:
    """A change of one task's due told in one of these ways; None when it is not one."""
    if _ADDING.match(text) or _QUESTION.match(text):
        return None
    if match := _DATE_OF.match(text):
        words = match.group("rest").split()
        for split in range(1, len(words)):  # the longest date at the end
            head = " ".join(words[:split])
            if (when := _when(" ".join(words[split:]))) is not None and not is_date(head):
                return _edit(head, when)
    if (match := _OWN_DATE.match(text)) and (when := _when(match.group("when"))):
        return _edit(match.group("ref"), when)
    if (match := _GO.match(text)) and (when := _when(match.group("when"))):
        if _NOT_TASKS.match(match.group("ref").strip()):
            return None  # "can we go to the park on friday"
        tentative = None if _GO_ASKED.match(text) else text
        return _edit(match.group("ref"), when, tentative=tentative, day_only=True)
    return None


_WHEN_LEAD = r"(?P<lead>(?:at|on|for|to|till|until|by)\s+)?"
_IS_NOW = re.compile(
    rf"^(?P<ref>.+?)(?:(?:\s+(?:is|are)|'s|’s)(?:\s+{alt(ARRIVING)})?|\s+{alt(ARRIVES)})"
    r"\s+(?P<now>now\s+)?"
    + _WHEN_LEAD
    + r"(?P<when>.+?)"
    + rf"(?P<later>(?:\s*,?\s+{alt(NEW_NOW)})+)?"
    + r"(?:\s*[,;]?\s*(?P<not>not|instead\s+of)\s+(?P<old>.+))?$",
    NOCASE,
)
_MOVED = re.compile(
    rf"^(?P<ref>.+?)(?:\s+|(?=['’]))(?:{alt(HAS_BEEN)})\s+(?:{alt(MOVED_NEWS)})\s+"
    + _WHEN_LEAD
    + r"(?P<when>.+?)(?:\s+now)?$",
    NOCASE,
)
_CANT_THEN = re.compile(
    rf"^(?:(?:i|we)\s+)?{alt(CANT_DO)}\s+(?P<named>[^,;]+?)\s*(?:[,;.]+|\s+[-–—]+|\s+so)\s+"
    r"(?:so\s+|then\s+|just\s+)*(?P<rest>.+)$",
    NOCASE,
)

ReadChange = Callable[[str], EditFields | None]


def read_news(text: str, read_change: ReadChange) -> EditFields | None:
    """A change told as news of the task; `read_change` reads the plain change after "can't do"."""
    if (match := _CANT_THEN.match(text)) is not None:
        return _cant_then(match, read_change)
    if (match := _MOVED.match(text)) is not None:
        return _edit(match.group("ref"), _news_when(match))
    if (match := _IS_NOW.match(text)) is not None:
        told = match.group("now") or match.group("later") or match.group("not")
        return _edit(match.group("ref"), _news_when(match), tentative=None if told else text)
    return None


def _news_when(match: re.Match[str]) -> str:
    """The new due, with its lead when the words need it ("is at 3": "3" is no time)."""
    when = match.group("when")
    return when if is_date(when) else (match.group("lead") or "") + when


def _edit(
    words: str, when: str, *, tentative: str | None = None, day_only: bool = False
) -> EditFields | None:
    ref = ref_from(words)
    if ref is None or not is_date(when) or is_date(words):
        return None
    tentative = tentative if ref.kind == "title" else None
    return EditFields(ref, due_phrase=when.strip(), tentative=tentative, day_only=day_only)


def _cant_then(match: re.Match[str], read_change: ReadChange) -> EditFields | None:
    then = read_change(match.group("rest"))
    if then is None or then.ref.kind != "pronoun":
        return None
    ref = _named(match.group("named"))
    if ref is None:
        return None
    return replace(then, ref=ref, day_only=bool(then.due_phrase))


def _named(words: str) -> Ref | None:
    """The task in "the parking permit today": the words without a date at their end."""
    said = tag(words)
    if said and said[-1].start > 0 and said[-1].end >= len(words.rstrip(" ,.")):
        words = words[: said[-1].start]
    ref = ref_from(words)
    return ref if ref is not None and ref.kind != "pronoun" else None
