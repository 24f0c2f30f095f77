"""Messages of more than one clause read as one request: the task in one clause and the verb
in another ("the report is done, tick it off"), a correction of the last turn ("I meant task
2"), a check mark beside a task, and the one clause of a chatty message that asks. Pure."""

from __future__ import annotations

import re

from core.agent.builtin import answers, clauses, verbs
from core.agent.builtin.clauses import ActOnIt
from core.agent.builtin.context import Context
from core.agent.builtin.intents import (
    Add,
    AddSeveral,
    AskSplit,
    AskWhich,
    Chitchat,
    Complete,
    Delete,
    Intent,
    Ref,
    Unknown,
)
from core.agent.builtin.lexicon.emoji import CHECK_MARKS
from core.agent.builtin.refs import parse_ref
from core.agent.builtin.single import definite, single, vague
from core.agent.builtin.text import clean

_CHECK_MARK = re.compile(f"[{CHECK_MARKS}]\ufe0f?")


def checked_off(text: str) -> Intent | None:
    """`✅ task 1`, `milk ✔️`: a check mark beside a task means it is done."""
    if not _CHECK_MARK.search(text):
        return None
    rest = clean(_CHECK_MARK.sub(" ", text))
    if not rest:
        return AskWhich("complete")
    found = single(rest)
    if isinstance(found, Complete):
        return Complete(found.ref, loose=found.loose, told=True)
    if definite(found):
        return None  # "✅ add milk": the words say what to do
    ref = parse_ref(rest)
    return Complete(ref, loose=ref.kind == "title", told=True) if ref is not None else None


def _added(both: ActOnIt, found: Intent) -> Intent | None:
    if isinstance(found, Add | AddSeveral | AskSplit):
        return found
    titled = verbs.read_title(clauses.asked_to(both.subject) or both.subject)
    return titled if isinstance(titled, Add) else None


def _acted_on(both: ActOnIt) -> Intent | None:
    found = single(both.subject)
    if both.family == "add":
        return _added(both, found)
    if both.family == "complete" and isinstance(found, Complete):
        return Complete(found.ref, loose=found.loose, told=True)
    if both.family == "delete" and isinstance(found, Delete):
        return found
    if isinstance(found, AskWhich | Chitchat):
        found = Complete(Ref("pronoun"))  # "done, tick it off": the task we talked about
    ref = getattr(found, "ref", None) or parse_ref(both.subject)
    if not isinstance(ref, Ref):
        return None
    if both.family == "complete":
        return Complete(ref, loose=ref.kind == "title", told=True)
    return Delete(ref)


def read(text: str, context: Context) -> Intent | None:
    """The task in one clause and the verb in another, or a correction of the last turn."""
    if (both := clauses.act_on_it(text)) is not None:
        return _acted_on(both)
    if (ref := clauses.meant(text)) is not None:
        return answers.corrected(ref, context)
    if clauses.not_that_one(text):
        return answers.taken_back(context)  # "wait, not that one": which, then?
    return None


def swallowed(found: Intent, text: str) -> bool:
    """Nothing read, or a task reference that ran on into the next clause."""
    if not clauses.has_clauses(text):
        return False
    if isinstance(found, Unknown):
        return True
    ref = getattr(found, "ref", None)
    return isinstance(ref, Ref) and not ref.quoted and clauses.has_clauses(ref.text)


def one_clause(text: str) -> Intent | None:
    """The one clause of a chatty message that asks for something: a plain request first,
    then a report ("called the plumber") or a pointer ("don't need them anymore")."""
    readings = [single(clean(segment)) for segment in clauses.segments(text)]
    asked = [found for found in readings if definite(found)]
    chosen = [found for found in asked if not vague(found)] or asked
    return chosen[0] if chosen else None
