"""A message's several requests, read over the one segmentation (`clauses.breaks`) and
judged by one set of rules (`judged`): "add eggs, then mark call mom as done", "paid the rent,
called mum", "complete 2 and also 5", "add buy bread; done 2"; and the one clause of a chatty
message that asks. Pure."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from core.agent.builtin import clauses, several
from core.agent.builtin.batches import MOST_AT_ONCE, REQUEST_START, batch, each, numbered
from core.agent.builtin.intents import (
    Add,
    AddSeveral,
    Complete,
    Delete,
    EditFields,
    Intent,
    Ref,
    Several,
    Skipped,
    TwoIntents,
    Unknown,
    Update,
    ref_of,
)
from core.agent.builtin.lexicon.fields import PRIORITY_MENTIONS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import is_several, parse_ref
from core.agent.builtin.single import definite, single, vague
from core.agent.builtin.spans import tag
from core.agent.builtin.text import clean


def acts(intent: Intent, after: Intent | None = None) -> bool:
    """A request that changes or shows something, a field change on a task it names included
    ("and tag it work" points at the add before it, read elsewhere; "tag 1 and 2" is a batch),
    or on the same "it" as the change `after` ("rename it to X and make it urgent")."""
    if isinstance(intent, EditFields) and intent.ref.kind == "title":
        return definite(intent) and not is_several(intent.ref.text)
    if _on_the_same_it(intent, after):
        return True
    return isinstance(intent, Several | AddSeveral) or definite(intent)


def _on_the_same_it(intent: Intent, after: Intent | None) -> bool:
    pointed = (
        isinstance(after, Update | EditFields) and after.ref.kind == "pronoun" and definite(after)
    )
    return (
        pointed
        and isinstance(intent, EditFields)
        and intent.ref.kind == "pronoun"
        and intent.tentative is None
    )


_FIELD = re.compile(rf"\b{alt(PRIORITY_MENTIONS)}\b", NOCASE)
# "my mum's birthday is next week": a remark about a day, not a request
_STATEMENT = re.compile(r"\b(?:is|are|was|were|am)\b|\w'(?:s|m|re)\b", NOCASE)


def asks(clause: str, found: Intent) -> bool:
    """Whether a part that is no request of its own still asks for something: a task's words
    with a time or a field ("wrap it tmrw", "1 is urgent"), or a pointer that a request
    beside it leaves unclear; an aside ("before I forget", "he's coming thursday") asks
    nothing."""
    if isinstance(found, Unknown):
        if found.maybe_task is None:
            return False
        return bool(_FIELD.search(clause)) or bool(tag(clause) and not _STATEMENT.search(clause))
    if isinstance(found, EditFields):
        return found.ref.kind in ("number", "ordinal")
    return definite(found) and not vague(found) and not isinstance(found, Add | Delete)


def judged(
    pieces: Sequence[tuple[str, Intent]], *, ask_first: bool = False, marked: bool = True
) -> Intent | None:
    """The one set of rules for a message of several requests: each done in turn, and a part
    left over that still asks said back as not done. Asked instead, nothing done: beside a
    delete (its Confirm button stands alone), or when `ask_first` (an add joined by a bare
    "and" may hold the rest in its title: "add milk and complete the list"). A report or a
    pointer is a request where it is `marked` apart ("…, then complete it"); between bare
    clauses only among reports ("paid the rent, called mum"), else an aside ("move the vet to
    friday, got too much on")."""
    told = all(isinstance(found, Complete) and found.ref.kind != "pronoun" for _, found in pieces)
    before = [None, *(found for _, found in pieces)]
    acting = [
        said
        for (said, found), after in zip(pieces, before, strict=False)
        if acts(found, after) and (marked or told or not vague(found))
    ]
    if len(acting) < 2:
        return None
    if ask_first or any(isinstance(found, Delete) for _, found in pieces):
        first = acting[0]
        return TwoIntents(first, ", ".join(said for said, _ in pieces if said != first))
    kept = [(said, found) for said, found in pieces if said in acting or asks(said, found)]
    return Several(tuple(found if said in acting else Skipped(said) for said, found in kept))


def requests(text: str) -> Intent | None:
    """A message's several requests, over the one segmentation (`clauses.breaks`): cut where
    a request starts after a mark or a joining word ("add eggs, then mark call mom as
    done"), or one verb carried to a second task ("complete 2 and also 5")."""
    if chain := _chain(text):
        (_, first, joined), *_ = chain
        pieces = [(said, reading) for said, reading, _ in chain]
        return judged(pieces, ask_first=_ask_first(first, joined))
    return _carried(text)


# Where a second request may start, the places tried before the message counts as one
# request: reading stays linear in a run of hundreds of would-be starts.
MOST_TRIED_CUTS = 8


def _chain(text: str, depth: int = 0) -> list[tuple[str, Intent, str]]:
    """Each request and the mark or word that joins it to the next, where a request starts
    after the one before. Past the most one message is carried out as, the rest is read as
    one part: enough to refuse it, and reading stays linear in a pasted run of hundreds."""
    tried = 0
    for cut in clauses.breaks(text):
        left, right = text[: cut.start].strip(), text[cut.end :].strip()
        if cut.mark not in ("", ",", ".") or not left or not REQUEST_START.match(right):
            continue
        tried += 1
        if tried > MOST_TRIED_CUTS:  # "task 2, task 2, …": each try reads both sides
            return []
        first = several.separated(batch(left) or single(left), left)  # "add a and b, then show"
        second = _it_is_the_first(first, batch(right) or single(right))
        if not (acts(first) and acts(second, first)):
            continue
        joined = cut.mark or cut.word
        asked = Delete in (type(first), type(second)) or (not depth and _ask_first(first, joined))
        rest = _chain(right, depth + 1) if depth < MOST_AT_ONCE and not asked else []
        return [(left, first, joined), *(rest or [(right, second, "")])]
    return []


def _ask_first(first: Intent, joined: str) -> bool:
    """An add joined by a bare "and" may hold the rest in its title."""
    return isinstance(first, Add) and joined in ("and", "&")


def _it_is_the_first(first: Intent, second: Intent) -> Intent:
    """ "move the haircut to friday and tag it personal": "it" is the task the change before
    it named (an add's "it" is read elsewhere)."""
    named = ref_of(first) if isinstance(first, EditFields | Update) else None
    if not isinstance(second, EditFields) or second.ref.kind != "pronoun":
        return second
    if not isinstance(named, Ref) or named.kind not in ("title", "number"):
        return second
    return dataclasses.replace(second, ref=named)


def _each_clause(text: str) -> Intent | None:
    """The requests of a message whose words ran on past a clause: clauses that each ask for
    something ("backup laptop done, update phone too") or each tell a task done ("paid the
    rent, called mum")."""
    pieces: list[tuple[str, Intent]] = []
    for part in clauses.split(text)[: 2 * clauses.MOST_CLAUSES]:
        reading = single(clean(part))
        if pieces and not definite(reading):
            reading = _like_before(part, pieces[-1][1]) or reading
        pieces.append((part, reading))
    return judged(pieces, marked=False)


def _like_before(part: str, before: Intent) -> Intent | None:
    """ "update phone too" after a done: the same act on what it names."""
    too = clauses.TOO.search(part)  # a clause starts past its joining word ("and", "also")
    if too is None or not isinstance(before, Complete):
        return None
    ref = parse_ref(part[: too.start()])
    return Complete(ref, loose=before.loose, told=before.told) if ref is not None else None


def _carried(text: str) -> Intent | None:
    """ "complete 2 and also 5", "move the dentist to friday and the gym too": the verb of
    the first request carried to the second object."""
    both = clauses.carried(text, _object, _sets_fields)
    if both is None:
        return None
    first, second = single(both[0]), single(both[1])
    if type(first) is not type(second) or ref_of(second) == ref_of(first):
        return None
    return judged(list(zip(both, (first, second), strict=True)))


def _object(left: str) -> str | None:
    """The words of the task a request names: a title, or a number as it was said."""
    found = single(left)
    ref = ref_of(found)
    if ref is None or not definite(found) or vague(found) or isinstance(found, Delete):
        return None
    if ref.kind == "number":
        return str(ref.number)
    return ref.text if ref.kind == "title" and not ref.quoted else None


def _sets_fields(said: str) -> bool:
    """ "move the gym to monday": a field change that sets something of its own."""
    found = single(said)
    return isinstance(found, EditFields) and definite(found) and found != EditFields(found.ref)


def requests_among(found: Intent) -> Intent:
    """ "add buy bread; done 2": a part that asks for something else is that request, never
    a task's title; the parts are then judged as any message's requests (`judged`)."""
    if isinstance(found, EditFields):
        return (
            each(found, numbered(found.ref.text)) or found if found.ref.kind == "title" else found
        )
    if not isinstance(found, AddSeveral):
        return found
    parts = [single(clean(title)) for title in found.titles]
    if not any(_asks_other(part) for part in parts):
        return found
    pieces = [
        (title, part if _asks_other(part) else Add(title, fields=found.fields))
        for title, part in zip(found.titles, parts, strict=True)
    ]
    return judged(pieces) or found


def _asks_other(part: Intent) -> bool:
    ref = ref_of(part)
    named = ref is not None and ref.kind == "title"
    return definite(part) and not isinstance(part, Add) and not named


def swallowed(found: Intent, text: str) -> bool:
    """Nothing read, or a task reference that ran on into the next clause."""
    if not clauses.clause_breaks(text):
        return False
    if isinstance(found, Unknown):
        return True
    ref = ref_of(found)
    return isinstance(ref, Ref) and not ref.quoted and bool(clauses.clause_breaks(ref.text))


def one_clause(text: str) -> Intent | None:
    """The clauses of a chatty message that ask for something: each in turn when several do,
    else the one that asks, a plain request before a report ("called the plumber") or a
    pointer ("don't need them anymore"). A clause left over that still asks for something is
    said back as not done, never dropped."""
    if (each := _each_clause(text)) is not None:
        return each
    parts = clauses.split(text)
    readings = [(segment, single(clean(segment))) for segment in clauses.segments(text)]
    asked = [(segment, found) for segment, found in readings if definite(found)]
    chosen = [(segment, found) for segment, found in asked if not vague(found)] or asked
    if not chosen:
        return None
    segment, found = chosen[0]
    left = [part for part in parts if part not in segment and asks(part, single(clean(part)))]
    return Several((found, *(Skipped(part) for part in left))) if left else found
