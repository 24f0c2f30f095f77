"""Due changes told with the date's name or as what a task can do: "make the deadline for the
slides wed 10am", "set the due date of the gift to the 10th", "the essay's deadline is friday
now", "can the vet go to next monday instead", "the bike service can wait till monday". Pure:
the new date is only checked for its shape; the engine resolves it when it acts."""

from __future__ import annotations

import re

from core.agent.builtin.intents import EditFields
from core.agent.builtin.lexicon.time import (
    CAN_WORDS,
    DATE_NAMES,
    DEADLINE_LINKS,
    GO_LINKS,
    GO_VERBS,
    MOVE_WAYS,
    NEW_NOW,
    SET_DATE_VERBS,
)
from core.agent.builtin.lexicon.verbs import NEW_TASK_STARTS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.timed import is_date
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


def _edit(
    words: str, when: str, *, tentative: str | None = None, day_only: bool = False
) -> EditFields | None:
    ref = ref_from(words)
    if ref is None or is_date(words):
        return None
    tentative = tentative if ref.kind == "title" else None
    return EditFields(ref, due_phrase=when, tentative=tentative, day_only=day_only)
