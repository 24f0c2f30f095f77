"""Doing the last thing again on another task: "and the other one too", "same for 3", "also
task 2", "and eggs too" after an add. Pure: it reads the words and the conversation."""

from __future__ import annotations

import re
from collections.abc import Callable

from core.agent.builtin import verbs
from core.agent.builtin.context import Context
from core.agent.builtin.intents import (
    Add,
    AskWhich,
    BareRef,
    Complete,
    Delete,
    Intent,
    Ref,
    Unknown,
    Update,
)
from core.agent.builtin.lexicon.recent import AGAIN_LEADS, AGAIN_TAILS, OTHER_ONE
from core.agent.builtin.pattern import alt
from core.agent.builtin.refs import parse_ref
from core.agent.builtin.text import clean, tidy_title

_LEAD = re.compile(rf"^{alt(AGAIN_LEADS)}(?:\s*[,:]\s*|\s+)", re.IGNORECASE)
_TAIL = re.compile(rf"(?:\s*,\s*|\s+){alt(AGAIN_TAILS)}$", re.IGNORECASE)
_OTHER = re.compile(rf"^{alt(OTHER_ONE)}$", re.IGNORECASE)


def read_again(
    text: str, context: Context, read: Callable[[str], Intent] | None = None
) -> Intent | None:
    """`read` reads the rest alone: when it understands it ("and show my list"), the rest
    says its own request and this returns None."""
    rest, lead = _LEAD.subn("", text.strip(" .!?"), count=1)
    rest, tail = _TAIL.subn("", rest.strip(), count=1)
    if not (lead or tail):
        return None
    rest = clean(rest)
    family = context.last_family
    if family not in ("add", "complete", "delete", "update") or not context.last_result.get("ok"):
        # "the other one too" with nothing done before: not a title to offer
        return Unknown(text) if _OTHER.match(rest) else None
    if not rest or verbs.leading(rest) is not None:
        return None  # "and add flour too" says its own verb
    if read is not None and not isinstance(read(rest), Unknown | BareRef):
        return None
    if _OTHER.match(rest):
        return _other_one(family, context)
    if family == "add":
        title = tidy_title(rest)
        ref = parse_ref(rest)
        named = ref is not None and ref.kind == "title" and ref.text == title
        return Add(title) if title and named else None  # not "the milk one": that exists
    ref = parse_ref(rest)
    if ref is None or ref.kind == "pronoun":
        return None  # "that one too": the same task again means nothing new
    return _same(family, ref, context)


def _same(family: str, ref: Ref, context: Context) -> Intent:
    if family == "complete":
        return Complete(ref, loose=ref.kind == "title")
    if family == "delete":
        return Delete(ref)
    earlier = context.last_input
    return Update(ref, title=earlier.get("new_title"), description=earlier.get("new_description"))


def _other_one(family: str, context: Context) -> Intent:
    """Of the two tasks the person was looking at, the one the last action did not touch."""
    data = context.last_result.get("data") or {}
    done = (data.get("task") or {}).get("number")
    shown = context.candidates or context.listing
    others = [task for task in shown if task.number != done]
    if len(shown) == 2 and len(others) == 1:
        return _same(family, Ref("number", number=others[0].number), context)
    return AskWhich(family)  # type: ignore[arg-type]
