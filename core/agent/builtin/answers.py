"""Reading a message as an answer to the conversation so far: to the question we last asked,
a pick among the candidates we listed, or a correction of what the last turn did."""

from __future__ import annotations

import re

from core.agent.builtin import verbs
from core.agent.builtin.context import Awaiting, Context
from core.agent.builtin.intents import (
    Add,
    AddSeveral,
    AskSplit,
    AskWhich,
    Complete,
    Delete,
    Intent,
    Redirected,
    Ref,
    Undone,
    Update,
)
from core.agent.builtin.lexicon.fields import DESCRIPTION_WORDS
from core.agent.builtin.lexicon.talk import ANOTHER, AS_ONE, AS_TWO, SOFTENERS
from core.agent.builtin.lexicon.verbs import ADD_AGAIN_VERBS, CALL_IT
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import parse_ref, pick
from core.agent.builtin.text import tidy_title


def taken_back(context: Context) -> Intent | None:
    """ "wait, not that one" right after a completion: take it back and ask which was meant;
    after a delete still waiting for its button, ask which to delete instead."""
    data = context.last_result.get("data") or {}
    if context.last_family == "delete":
        return AskWhich("delete")
    if context.last_family != "complete" or not context.last_result.get("ok"):
        return None
    return AskWhich("complete") if data.get("already_completed") else Redirected(None)


def corrected(ref: Ref, context: Context) -> Intent | None:
    """Do again what the last turn did, on the task the person says they meant (taking back
    what it changed on the wrong one)."""
    family, result = context.last_family, context.last_result
    data = result.get("data") or {}
    wrong = (data.get("task") or {}).get("number")
    other = result.get("ok") and not (ref.kind == "number" and ref.number == wrong)
    if family in ("complete", "delete", "update"):
        again, before = redone(family, ref, context), data.get("previous_title")
        if isinstance(again, Complete) and other and not data.get("already_completed"):
            return Redirected(again)
        if isinstance(again, Update) and other and isinstance(wrong, int) and before:
            return Undone(Update(Ref("number", number=wrong), title=before), again)
        return again
    last = context.last_task
    if family == "add" and last is not None and ref.kind == "title":
        return Update(Ref("number", number=last.number), title=ref.text)
    return None


def redone(family: str, ref: Ref, context: Context) -> Complete | Delete | Update:
    """The last turn's act, done on `ref` (a title done is matched loosely)."""
    if family == "complete":
        return Complete(ref, loose=ref.kind == "title")
    if family == "delete":
        return Delete(ref)
    earlier = context.last_input
    return Update(ref, title=earlier.get("new_title"), description=earlier.get("new_description"))


_ACTS: dict[str, type[Complete | Delete]] = {"complete": Complete, "delete": Delete}
_AS_ONE = re.compile(rf"^(?:just\s+)?{alt(AS_ONE)}\b", NOCASE)
_AS_TWO = re.compile(rf"^{alt(AS_TWO)}\b", NOCASE)
_DESCRIPTION = re.compile(rf"^(?:the\s+)?{alt(DESCRIPTION_WORDS)}\s*[:=-]?\s*(?P<d>.+)$", NOCASE)
_RENAME_IT = re.compile(rf"^(?:{alt(CALL_IT)}\s+it\s+)?(?:to|as)\s+", NOCASE)


def follow_up(text: str, context: Context) -> Intent | None:
    """An answer to what we just asked, or a pick among the candidates we just listed."""
    if (picked := _picked(text, context)) is not None:
        return picked
    awaiting = context.awaiting
    if awaiting is None:
        return None
    if awaiting.kind == "title":
        found = verbs.read_title(text)
        return found if isinstance(found, Add | AskSplit | AddSeveral) else None
    if awaiting.kind == "split_add" and awaiting.title:
        return _one_or_two(text, awaiting)
    if awaiting.kind == "which" and awaiting.family in ("complete", "delete"):
        ref = parse_ref(text)
        return None if ref is None else _ACTS[awaiting.family](ref)
    if awaiting.kind == "change" and awaiting.number is not None:
        return _changed(text, Ref("number", number=awaiting.number))
    return None


def _picked(text: str, context: Context) -> Intent | None:
    """One of the candidates we just listed, picked for the pending complete, delete or update."""
    if not context.candidates or context.pending_family not in ("complete", "delete", "update"):
        return None
    ref = parse_ref(text)
    if ref is None or ref.kind == "pronoun":
        return None
    chosen = pick(list(context.candidates), ref)
    if len(chosen) != 1:
        return None
    target = Ref("number", number=chosen[0].number)
    if context.pending_family in _ACTS:
        return _ACTS[context.pending_family](target)
    return Update(target, context.pending_title, context.pending_description)


def _one_or_two(text: str, awaiting: Awaiting) -> Intent | None:
    """ "just one" / "two": the answer to "add that as one task or two?"."""
    if _AS_ONE.match(text):
        return Add(awaiting.title)
    if _AS_TWO.match(text):
        return AddSeveral(awaiting.parts)
    return None


def _changed(text: str, target: Ref) -> Update | None:
    """The new description or title for the task we asked the change of."""
    description = _DESCRIPTION.match(text)
    if description:
        return Update(target, description=tidy_title(description.group("d")))
    title = tidy_title(_RENAME_IT.sub("", text))
    return Update(target, title=title) if title else None


def answer(kind: str, context: Context) -> Intent | None:
    """A yes to "Do you want me to add X?" or to "… add another?"."""
    awaiting = context.awaiting
    if kind != "yes" or awaiting is None or awaiting.kind not in ("offer_add", "duplicate"):
        return None
    offered = awaiting.kind == "offer_add"
    return Add(awaiting.title, agreed=offered, again=not offered) if awaiting.title else None


_ANOTHER = re.compile(
    rf"^(?:(?:{alt(SOFTENERS)}\s+)?{alt(ADD_AGAIN_VERBS)}\s+)?{alt(ANOTHER)}$",
    NOCASE,
)


def adds_another(text: str) -> bool:
    """ "add another", "add it anyway": yes to "You already have #n … — add another?"."""
    return bool(_ANOTHER.match(text.strip(" .!")))
