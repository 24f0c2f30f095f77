"""Reading a message as an answer to the conversation so far: to the question we last asked,
a pick among the candidates we listed, a correction of what the last turn did, or words that
lean on the task it just added or touched ("note: budget is 200", "actually friday"); and a
priority said before the request ("urgent: pay the gas bill"). Pure."""

from __future__ import annotations

import re

from core.agent.builtin import verbs
from core.agent.builtin.context import Awaiting, Context
from core.agent.builtin.done_before import says_done_before
from core.agent.builtin.intents import (
    Add,
    AddSeveral,
    AskSplit,
    AskWhich,
    Complete,
    Delete,
    EditFields,
    Intent,
    Redirected,
    Ref,
    Several,
    Undone,
    Update,
)
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
from core.agent.builtin.lexicon.talk import ANOTHER, AS_ONE, AS_TWO, CORRECTION_LEADS, SOFTENERS
from core.agent.builtin.lexicon.tasks import ALL_SHOWN
from core.agent.builtin.lexicon.verbs import ADD_AGAIN_VERBS, CALL_IT
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import parse_ref, pick
from core.agent.builtin.text import tidy_title
from core.agent.builtin.timed import is_date


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
_ALL_SHOWN = re.compile(rf"{alt(ALL_SHOWN)}", NOCASE)
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
    if context.pending_family == "complete" and (every := _every(text, context)) is not None:
        return every
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


def _every(text: str, context: Context) -> Several | None:
    """ "both", "all of them": each candidate we offered is done ("both" only of two); a
    delete stays one at a time."""
    said = _ALL_SHOWN.fullmatch(text.strip(" .!"))
    offered = context.candidates
    if said is None or (said.group(0).casefold().startswith("both") and len(offered) != 2):
        return None
    return Several(tuple(Complete(Ref("number", number=task.number)) for task in offered))


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


def on_last_task(text: str, context: Context) -> Intent | None:
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
