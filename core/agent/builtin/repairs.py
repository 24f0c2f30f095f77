"""A correction inside one message: "finished number 1, no wait i mean number 3", "delete 2 —
sorry, 4", "tick off the milk, no actually the bread". The act is done to the corrected task
only. Pure: the message in, an intent (or None) out; `read` is the caller's reader of a whole
message.

The correction follows a break (a comma, a dash, a full stop; or a plain space after a task
number, where a reference plainly ends), starts with a word that takes back ("wait", "sorry",
"actually", "I mean"; a bare "no" only before a number) and then names a task. What follows
"sorry" that names no task ("finished 1, sorry it took so long") leaves the act as it was.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from core.agent.builtin.intents import Chitchat, Complete, Delete, Intent, Ref
from core.agent.builtin.lexicon.grammar import GRAMMAR
from core.agent.builtin.lexicon.talk import CORRECTION_LEADS, SELF_REPAIRS
from core.agent.builtin.lexicon.verbs import MEANT
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.timed import is_date
from core.agent.builtin.words import ref_from

_LEAD = alt(CORRECTION_LEADS, SELF_REPAIRS, MEANT)
_BREAK = re.compile(rf"(?P<mark>[,;.!…]+|\s+[-–—]+)?\s*(?={_LEAD}\b)", NOCASE)
_TAKEN_BACK = re.compile(rf"^(?P<lead>(?:{_LEAD}\b[\s,!.:;-]*)+)(?P<rest>.*)$", NOCASE)
_STRONG = re.compile(rf"\b{alt(SELF_REPAIRS, MEANT)}\b", NOCASE)
_ENDS_IN_NUMBER = re.compile(r"\d\s*$")
# Words a task reference may start with; other little words start an aside ("for the mess").
_REF_STARTS = frozenset({"the", "my", "one", "number"})
# A corrected reference is short: more words than this are a sentence, not a task.
MOST_REF_WORDS = 6

Read = Callable[[str], Intent]


def read(text: str, whole: Read) -> Intent | None:
    for found in _BREAK.finditer(text):
        left = text[: found.start()].strip()
        taken = _TAKEN_BACK.match(text[found.end() :])
        if not left or taken is None or not (found.group("mark") or found.start() < found.end()):
            continue
        if not found.group("mark") and not _ENDS_IN_NUMBER.search(left):
            continue  # "complete the sorry card": no break, no correction
        return _corrected(left, taken.group("lead"), taken.group("rest").strip(" .!?"), whole)
    return None


def _corrected(left: str, lead: str, rest: str, whole: Read) -> Intent | None:
    strong = bool(_STRONG.search(lead))
    first = whole(left)
    if not isinstance(first, Complete | Delete):
        return None
    if rest:
        instead = whole(rest)
        if isinstance(instead, Chitchat) and instead.kind == "never_mind":
            return instead  # "delete 2, oh wait never mind"
        if isinstance(instead, Complete | Delete) and not getattr(instead, "loose", False):
            return instead if strong else None  # "done 1, sorry, I mean done 3"
    ref = _reference(rest)
    if ref is None:
        return first if strong else None  # "finished 1 sorry it took so long"
    if ref.kind == "title" and not strong:
        return None  # "remove the gym one, no longer going"
    if isinstance(first, Complete):
        return dataclasses.replace(first, ref=ref, loose=False, told=True)
    return dataclasses.replace(first, ref=ref)


def _reference(rest: str) -> Ref | None:
    words = rest.casefold().split()
    if not words or len(words) > MOST_REF_WORDS or is_date(rest):
        return None
    ref = ref_from(rest)
    if ref is None or ref.kind == "pronoun":
        return None
    if ref.kind == "title" and words[0] in GRAMMAR and words[0] not in _REF_STARTS:
        return None
    return ref
