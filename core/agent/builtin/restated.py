"""Due changes told in passing: "the haircut is at 4pm now, not 10", "dentist got moved to
3pm", "can't do the parking permit today, move it to tomorrow". Pure: the message in, an
`EditFields` (or None) out; `read_change` is the caller's reader of a plain change.

- `<task> is <when> now` (or `is now <when>`, or `…, not <old>`): "now" or the old value
  says the news replaces a due; without either (a trailing "now" is cleaned off before
  this reads) it may be a new task's words, so the change is tentative: the engine offers
  to add them when no task is named so.
- `<task> got/has been moved|pushed|… to <when>`: the news of a move.
- `can't do <task> [today], <change of it>`: "it" is the task named first; the old plan
  will not happen, so a new day stands alone (the old time is not kept).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from core.agent.builtin.intents import EditFields, Ref
from core.agent.builtin.lexicon.time import (
    ARRIVES,
    ARRIVING,
    CANT_DO,
    HAS_BEEN,
    MOVED_NEWS,
    NEW_NOW,
)
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.timed import is_date
from core.agent.builtin.words import ref_from

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


def read(text: str, read_change: ReadChange) -> EditFields | None:
    if (match := _CANT_THEN.match(text)) is not None:
        return _cant_then(match, read_change)
    if (match := _MOVED.match(text)) is not None:
        return _edit(match.group("ref"), _when(match))
    if (match := _IS_NOW.match(text)) is not None:
        told = match.group("now") or match.group("later") or match.group("not")
        return _edit(match.group("ref"), _when(match), tentative=None if told else text)
    return None


def _when(match: re.Match[str]) -> str:
    """The new due, with its lead when the words need it ("is at 3": "3" is no time)."""
    when = match.group("when")
    return when if is_date(when) else (match.group("lead") or "") + when


def _edit(ref_words: str, when: str, tentative: str | None = None) -> EditFields | None:
    ref = ref_from(ref_words)
    if ref is None or not is_date(when) or is_date(ref_words):
        return None
    return EditFields(
        ref, due_phrase=when.strip(), tentative=tentative if ref.kind == "title" else None
    )


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
    parts = words.split()
    for cut in range(1, len(parts)):
        if is_date(" ".join(parts[cut:])):
            parts = parts[:cut]
            break
    ref = ref_from(" ".join(parts))
    return ref if ref is not None and ref.kind != "pronoun" else None
