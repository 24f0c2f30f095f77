"""Lines nothing else read, that may be a task: offered as one ("buy stamps" -> "add it?"),
or added at once when said with a date.

A task typed as a bare line with its date and no adding verb: "pay the water bill by
friday", "haircut saturday 11am", "put the bins out tonight". The date phrase is what tells
it from a remark: a line without one is only offered as a task (`Unknown.maybe_task`), a line
with one is added. Small talk around a day ("see you tomorrow", "i'm off on friday") and
questions are not tasks. Pure: the date is checked for its shape; the engine resolves it."""

from __future__ import annotations

import re

from core.agent.builtin.dates import shape_of
from core.agent.builtin.intents import Add, Unknown
from core.agent.builtin.lexicon.talk import NOT_A_TASK_STARTS, NOT_IN_TITLES, SMALL_TALK_STARTS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import parse_ref
from core.agent.builtin.text import tidy_title

_SMALL_TALK = re.compile(rf"^{alt(SMALL_TALK_STARTS)}(?![\w'])", NOCASE)
_WORD = re.compile(r"[^\W\d_]{2,}")
_QUOTED = re.compile(r"[\"“”‘]|(?:^|\s)'")
# "buy milk should be done by friday", "the report is due friday, make it high": a sentence
# about a task (or two clauses), not a task's title
_SENTENCE = re.compile(rf"[,;.!]\s*\w|\b{alt(NOT_IN_TITLES)}\b", NOCASE)

_NOT_A_TASK = re.compile(
    r"^(?:what|why|how|when|where|who|which|is|are|do|does|did|has|have|had|was|were|should|"
    rf"can|could|would|will|you|your|this|that|let|{alt(NOT_A_TASK_STARTS)})\b",
    NOCASE,
)


def maybe_task(text: str) -> str | None:
    """Short, statement-like text could be a task the person wants noted."""
    words = text.split()
    if not words or len(words) > 12 or text.endswith("?") or len(text) > 200:
        return None
    ref = parse_ref(text)
    if ref is None or ref.kind != "title" or ref.text != tidy_title(text):
        return None  # "the milk one", "it", "2": pointing at a task, not naming a new one
    if _NOT_A_TASK.match(text):
        return None
    return tidy_title(text) or None


def added(text: str, found: Unknown) -> Add | None:
    """The whole message, which nothing else read, as a task with its date; None when it is
    not one (no date, no title left, a question, small talk, a sentence about something)."""
    if found.maybe_task is None or _QUOTED.search(text) or "?" in text:
        return None
    reading = shape_of(text)
    if reading is None:
        return None
    rest = reading.rest.strip(" ,.!:;-")
    if not _WORD.search(rest) or _SMALL_TALK.match(rest) or _SENTENCE.search(rest):
        return None
    return Add(found.maybe_task)
