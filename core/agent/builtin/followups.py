"""Messages that lean on the task the conversation just added or touched, and a priority
said before the request: "note: budget is 200", "actually friday", "urgent: pay the gas
bill". Pure: words and the conversation's context in, an intent (or None) out."""

from __future__ import annotations

import re

from core.agent.builtin.context import Context
from core.agent.builtin.done_before import says_done_before
from core.agent.builtin.intents import Complete, EditFields, Intent, Ref, Update
from core.agent.builtin.lexicon.fields import (
    DESCRIPTION_WORDS,
    LOWER_PRIORITY,
    PRIORITY_AFTER,
    PRIORITY_DEGREES,
    PRIORITY_LEVELS,
    PRIORITY_NOUNS,
    PRIORITY_PHRASES,
    PRIORITY_POINTERS,
    PRIORITY_SAYINGS,
)
from core.agent.builtin.lexicon.spelling import CORRECTION_MARKS
from core.agent.builtin.lexicon.talk import CORRECTION_LEADS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.text import tidy_title
from core.agent.builtin.timed import is_date

# What the last turn did to a task for "it" to be that task without being said.
_TOUCHED = ("add", "update", "complete")
# Questions whose answer could look like a date or a note; they are answered elsewhere.
_ANSWERED_ELSEWHERE = ("title", "offer_add", "duplicate", "split_add", "which")

_LABELLED = re.compile(
    rf"^(?:the\s+|its\s+)?{alt(DESCRIPTION_WORDS)}\s*(?::|=|\s[-–—]+)\s*(?P<text>.+)$", NOCASE
)
_LEVEL = alt(PRIORITY_PHRASES, PRIORITY_LEVELS, LOWER_PRIORITY)
_SAID_PRIORITY = re.compile(
    rf"^(?:{alt(PRIORITY_POINTERS)})\s+(?:{alt(PRIORITY_DEGREES)}\s+)*(?P<level>{_LEVEL})"
    rf"(?:\s+{alt(PRIORITY_NOUNS)})?(?P<after>(?:\s*,?\s+{alt(PRIORITY_AFTER)})*)[\s!.]*$"
    rf"|^(?P<saying>{alt(PRIORITY_SAYINGS)})(?P<after2>(?:\s*,?\s+{alt(PRIORITY_AFTER)})*)[\s!.]*$",
    NOCASE,
)
_FIRST_PRIORITY = re.compile(
    rf"^(?P<level>{alt(PRIORITY_PHRASES)})\s*(?:[:!]+|\s[-–—]+)\s*(?P<rest>\S.*)$", NOCASE
)


def _last_touched(context: Context) -> int | None:
    last = context.last_task
    if last is None or context.last_family not in _TOUCHED:
        return None
    if context.awaiting is not None and context.awaiting.kind in _ANSWERED_ELSEWHERE:
        return None
    return last.number


def read(text: str, context: Context) -> Intent | None:
    """ "description: budget is 200" / "note - keep the bike" right after a task was added or
    changed: that task's description. "actually friday" (the lead-in already dropped): its
    due. None when the conversation is about no task: "note: buy stamps" then adds."""
    number = _last_touched(context)
    if number is None:
        return None
    if (labelled := _LABELLED.match(text)) is not None:
        description = tidy_title(labelled.group("text"))
        return Update(Ref("number", number=number), description=description or None)
    if (level := _said_priority(text)) is not None:
        return EditFields(Ref("number", number=number), priority=level)  # "oh and it's urgent"
    if says_done_before(text):
        return Complete(Ref("number", number=number))  # "oh wait that's done already"
    if is_date(text):
        return EditFields(Ref("number", number=number), due_phrase=text)
    return _respelled(text, context, number)


_WORD = r"[^\W\d_][\w'-]*"
_IS = rf"(?:(?:it'?s|its|it\s+is|that'?s|{alt(CORRECTION_MARKS)})\s+)?"
_NOT_THAT_WORD = re.compile(
    rf"^(?:{alt(CORRECTION_LEADS)}\b[\s,!.:;-]*)*{_IS}(?:(?P<new>{_WORD})\s*,?\s+not\s+"
    rf"(?P<old>{_WORD})|not\s+(?P<old2>{_WORD})\s*,?\s+{_IS}(?P<new2>{_WORD}))[\s!.]*$",
    NOCASE,
)


def _respelled(text: str, context: Context, number: int) -> Update | None:
    """ "oops it's Mark not Marc" right after a task was added: its title with the word put
    right; None when the title has no such word."""
    match = _NOT_THAT_WORD.match(text.strip())
    if match is None or context.last_task is None:
        return None
    old, new = match.group("old") or match.group("old2"), match.group("new") or match.group("new2")
    title, count = re.subn(rf"(?<![\w'-]){re.escape(old)}(?![\w'-])", new, context.last_task.title)
    return Update(Ref("number", number=number), title=title) if count else None


def _said_priority(text: str) -> str | None:
    """ "it's urgent", "that one's not that important", "it can wait": the level said."""
    match = _SAID_PRIORITY.match(text.strip())
    if match is None:
        return None
    if match.group("saying"):
        return PRIORITY_SAYINGS[" ".join(match.group("saying").lower().split())]
    said = " ".join(match.group("level").lower().split())
    return PRIORITY_PHRASES.get(said) or PRIORITY_LEVELS.get(said) or LOWER_PRIORITY[said]


def priority_first(text: str) -> tuple[str, str] | None:
    """ "urgent: send the invoice", "IMPORTANT - ring the bank": the level and the request
    (a priority word inside a title, "call the urgent care clinic", is no lead)."""
    match = _FIRST_PRIORITY.match(text.strip())
    if match is None:
        return None
    return PRIORITY_PHRASES[match.group("level").lower()], match.group("rest")
