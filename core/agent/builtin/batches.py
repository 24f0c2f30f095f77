"""One act on several tasks: "complete 1, 2 and 4", "delete everything", "complete both"
after a listing of two, "did 2 and 4 already". Pure."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable

from core.agent.builtin import clauses, listing, verbs
from core.agent.builtin.context import Context
from core.agent.builtin.intents import (
    Batch,
    Complete,
    Delete,
    EditFields,
    Family,
    Intent,
    Ref,
    Several,
    Update,
)
from core.agent.builtin.lexicon import safety as unsafe
from core.agent.builtin.lexicon.fields import DESCRIPTION_WORDS, PRIORITY_NOUNS, TAG_NOUNS
from core.agent.builtin.lexicon.numbers import NUMBER_SIGNS
from core.agent.builtin.lexicon.questions import LIST_KINDS
from core.agent.builtin.lexicon.tasks import ALL_SHOWN, TASK_NOUNS
from core.agent.builtin.lexicon.time import DATE_NAMES
from core.agent.builtin.lexicon.verbs import AT_LAST, DONE_FIRST, SECOND_REQUESTS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import after_the_verb, is_everything, is_several, parse_ref
from core.agent.builtin.single import single

# Where a second request starts: "then mark 2 done", "also add stamps".
# Where a second request may start: its verb, or a numbered task it reports on ("… also,
# task 1 is done").
REQUEST_START = re.compile(
    rf"^{alt(SECOND_REQUESTS)}\b"
    rf"|^(?:{alt(tuple(TASK_NOUNS))}\s+#?|#|(?:{alt(NUMBER_SIGNS)})\s*)\d+\b",
    NOCASE,
)
_ALL_SHOWN = re.compile(rf"\b{alt(ALL_SHOWN)}\b", NOCASE)
_EITHER = re.compile(r"\bor\b", NOCASE)
_NUMBERS = re.compile(r"\d+")
# Batch operations, which change nothing: "delete everything", "mark all done".
_WHOLE = rf"(?:{alt(unsafe.WHOLE)}\s+)?"
_BATCH_WORDS = (
    rf"\b(?:all|every|each|everything|{alt(unsafe.WHOLE)}|both|them\s+all|all\s+of\s+them|{alt(unsafe.THE_LOT)}|"
    rf"(?:my|the)\s+{_WHOLE}{alt(unsafe.ALL_THE_TASKS)})"
)
_BATCH_OBJECT = (
    rf"(?:all|every\w*|everything|both|them\s+all|all\s+of\s+them|{alt(unsafe.THE_LOT)}|it\s+all|"
    rf"(?:the|my|our)\s+{_WHOLE}{alt(unsafe.ALL_THE_TASKS)}|"
    rf"(?:(?:my|the|all)\s+)?(?:{alt(LIST_KINDS)}|old)\s+(?:{alt(TASK_NOUNS.values())}|ones)|{alt(unsafe.BARE_TASKS)})\b"
)
BATCH_DELETE = re.compile(
    rf"\b{alt(unsafe.BATCH_DELETE_VERBS)}\s+(?:out\s+|up\s+|off\s+)?{_BATCH_OBJECT}"
    rf"|\b{alt(unsafe.WIPE_VERBS)}\s+(?:(?:it|everything)\b|out[\s.!]*$)"  # not "… out the shed"
    rf"|^{alt(unsafe.FRESH_START)}$",
    NOCASE,
)
# "water plants doesn't need a date, clear it": "it" is the field just named, not the list.
_FIELD_THEN_IT = re.compile(
    rf"\b{alt(DATE_NAMES, DESCRIPTION_WORDS, TAG_NOUNS, PRIORITY_NOUNS)}\b.*"
    rf"\b{alt(unsafe.WIPE_VERBS)}\s+it\b",
    NOCASE,
)
_DONE = alt(DONE_FIRST)
BATCH_COMPLETE = re.compile(
    rf"\b{alt(unsafe.BATCH_COMPLETE_VERBS)}\b.*{_BATCH_WORDS}(?:\s+(?:as\s+)?{_DONE})?$"
    rf"|^{_BATCH_WORDS}\s+(?:is\s+|are\s+)?{_DONE}$"
    rf"|^(?:i\s+)?{alt(unsafe.BATCH_DID)}\s+(?:all|everything|them\s+all|all\s+of\s+them)\b",
    NOCASE,
)
# How much one message is carried out as: a pasted run of hundreds ("add milk, add milk, …")
# is refused whole, in one reading, instead of costing hundreds of tool calls.
MOST_AT_ONCE = 20


def too_many(count: int, what: str) -> str | None:
    """The refusal when `count` requests (or tasks to add) is more than one message may hold."""
    if count <= MOST_AT_ONCE:
        return None
    return (
        f"That message holds more than {MOST_AT_ONCE} {what}; I take up to {MOST_AT_ONCE} at a "
        "time, so I changed nothing. Could you send them in smaller groups?"
    )


def each_shown(text: str, context: Context) -> Several | None:
    """ "complete both", "push them all to friday": the act on each task the last reply
    listed ("both" only when it listed two); a delete stays one at a time."""
    shown = context.listing
    pointer = _ALL_SHOWN.search(text)
    if not shown or pointer is None:
        return None
    if pointer.group(0).casefold().startswith("both") and len(shown) != 2:
        return None
    found = batch(text) or single(text)
    if found == Batch("complete"):
        pending = [task for task in shown if not task.completed]
        return Several(tuple(Complete(Ref("number", number=task.number)) for task in pending))
    if not isinstance(found, EditFields) or found.ref.kind != "title":
        return None
    if not _ALL_SHOWN.fullmatch(found.ref.text):
        return None
    return each(found, (Ref("number", number=task.number) for task in shown))


def each(found: Complete | EditFields, refs: Iterable[Ref]) -> Several | None:
    """The one request on each task `refs` name: "tick off 2 and 4", "make 1 and 2 urgent"."""
    parts = tuple(dataclasses.replace(found, ref=ref) for ref in refs)
    return Several(parts) if parts else None


def numbered(said: str) -> tuple[Ref, ...]:
    """ "1, 2 and 4": each task it numbers; "1 or 2" names none to act on."""
    if not is_several(said) or _EITHER.search(said):
        return ()
    numbers = dict.fromkeys(int(number) for number in _NUMBERS.findall(said))
    return tuple(Ref("number", number=number) for number in numbers)


_FAMILIES: dict[type, Family] = {Complete: "complete", Delete: "delete", Update: "update"}


def _many(found: Complete | Delete | Update, said: str) -> Batch | Several | None:
    if isinstance(found, Complete) and (told := each(found, numbered(said))):
        return told  # "tick off 2 and 4"
    return Batch(_FAMILIES[type(found)]) if is_everything(said) or is_several(said) else None


# "did 2 and 4 already", "finished the essay and the laundry too": words after the tasks.
_AND_LAST = re.compile(r"\s(?:and|&)\s[^,]+$", NOCASE)
_AFTER_TOLD = re.compile(rf"(?:\s+(?:{alt(AT_LAST)}|too|as\s+well))+$", NOCASE)


def _titled(said: str) -> tuple[Ref, ...]:
    """ "the essay and the laundry", "a, b and c": each title of a list; none when a part is
    one word ("fish and chips" stays one task) or asks for something of its own."""
    parts = [part.strip() for part in clauses.cut(said, (",", ""), ("and", "&"))]
    if len(parts) < 2 or not _AND_LAST.search(said):
        return ()
    if any(REQUEST_START.match(part) or not 1 < len(part.split()) <= 6 for part in parts):
        return ()
    refs = [ref for part in parts if (ref := parse_ref(part)) is not None]
    return tuple(refs) if len(refs) == len(parts) else ()


def _told_done(found: Intent | None, text: str) -> Several | None:
    """ "did 2 and 4 already", "finished the essay and the laundry": each task told done."""
    if not isinstance(found, Complete) or found.ref.kind != "title":
        return None
    said = _AFTER_TOLD.sub("", found.ref.text)
    refs = numbered(said) or (() if listing.STATUS_QUESTION.match(text) else _titled(said))
    return each(found, refs)


def batch(text: str) -> Batch | Several | None:
    found = verbs.leading(text)
    if (told := _told_done(found, text)) is not None:
        return told
    if listing.STATUS_QUESTION.match(text):
        return None  # "did I finish everything?" asks; it does not order
    if BATCH_DELETE.search(text) and not _FIELD_THEN_IT.search(text):
        return Batch("delete")
    if BATCH_COMPLETE.search(text):
        return Batch("complete")
    if not isinstance(found, Complete | Delete | Update):
        return None
    ref_text = after_the_verb(text)
    if ref_text is not None and (many := _many(found, ref_text)) is not None:
        return many
    return _many(found, found.ref.text) if found.ref.kind == "title" else None
