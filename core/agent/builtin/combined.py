"""Messages of more than one clause read as one request: the task in one clause and the verb
in another ("the report is done, tick it off"), a correction of the last turn ("I meant task
2"), and a check mark beside a task. Pure."""

from __future__ import annotations

import re

from core.agent.builtin import answers, clauses, verbs
from core.agent.builtin.context import Context
from core.agent.builtin.intents import (
    Add,
    AddSeveral,
    AskSplit,
    AskWhich,
    Chitchat,
    Complete,
    Delete,
    Family,
    Intent,
    Ref,
    ref_of,
)
from core.agent.builtin.lexicon.emoji import CHECK_MARKS
from core.agent.builtin.lexicon.talk import ASKING_MODALS, GO_AHEAD, SOFTENERS, YOU
from core.agent.builtin.lexicon.tasks import TASK_NOUNS
from core.agent.builtin.lexicon.verbs import (
    ADD_VERBS,
    ASKED_ME,
    INTENSIFIERS,
    IT_DOERS,
    IT_TAILS,
    IT_VERBS,
    MARK_VERBS,
    OBLIGED,
)
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import parse_ref
from core.agent.builtin.single import definite, single
from core.agent.builtin.text import clean
from core.agent.builtin.words import DONE_WORD, LIST_NOUN

# After a clause break: "…, tick it off", "…, can you add that", "… so pls delete it".
_ACT_ON_IT = re.compile(
    rf"(?:so\s+|{alt(SOFTENERS, GO_AHEAD)}\s+|{alt(ASKING_MODALS)}\s+{alt(YOU)}\s+"
    rf"|{alt(YOU)}\s+can\s+|{alt(IT_DOERS)}\s+(?:already\s+|just\s+)?)*"
    rf"(?P<verb>{alt(IT_VERBS)})"
    r"(?P<it>\s+(?:it|that|this|them|(?:that|this|the)\s+one))?"
    rf"(?:\s+(?:{alt(IT_TAILS)}|(?:as\s+)?(?P<done>{DONE_WORD})|as\s+an?\s+{alt(TASK_NOUNS)}|"
    rf"(?:on|to|from|off)\s+(?:my|the)\s+{LIST_NOUN}))*$",
    NOCASE,
)


_ASKED_TO = re.compile(
    rf"\b(?:{alt(ASKED_ME)}\s+(?:me|us)|(?:i|we)\s+(?:{alt(INTENSIFIERS)}\s+)?{alt(OBLIGED)})"
    r"\s+to\s+(?P<rest>.+)$",
    NOCASE,
)


def asked_to(subject: str) -> str | None:
    """`my boss just asked me to send the numbers`: the task inside a story."""
    match = _ASKED_TO.search(subject)
    return match.group("rest").strip() if match else None


def _act_on_it(text: str) -> Intent | None:
    """ "the report is finished, tick it off": the task the first clause names, and the act
    the clause after a break asks for."""
    for cut in clauses.clause_breaks(text):
        match = _ACT_ON_IT.match(text, cut.end) if cut.word != "but" else None
        if match is None:
            continue
        verb = " ".join(match.group("verb").lower().split())
        family: Family = IT_VERBS.get(verb, "add")  # type: ignore[assignment]
        if family == "complete" and verb in MARK_VERBS and not match.group("done"):
            return None  # "mark it" alone: as what?
        if not match.group("it") and verb not in ADD_VERBS:
            return None  # "…, pls add": only an add verb needs no "it"
        subject = text[: cut.start].strip()
        return _acted_on(family, subject) if subject else None
    return None


_CHECK_MARK = re.compile(f"[{CHECK_MARKS}]\ufe0f?")


def checked_off(text: str) -> Intent | None:
    """`✅ task 1`, `milk ✔️`: a check mark beside a task means it is done."""
    if not _CHECK_MARK.search(text):
        return None
    rest = clean(_CHECK_MARK.sub(" ", text))
    if not rest:
        return AskWhich("complete")
    if definite(found := single(rest)) and not isinstance(found, Complete):
        return None  # "✅ add milk": the words say what to do
    return _acted_on("complete", rest)


def _acted_on(family: Family, subject: str) -> Intent | None:
    """The task `subject` names, with the act said beside it (a check mark, "tick it off")."""
    found = single(subject)
    if family == "add":
        if isinstance(found, Add | AddSeveral | AskSplit):
            return found
        titled = verbs.read_title(asked_to(subject) or subject)
        return titled if isinstance(titled, Add) else None
    if family == "complete" and isinstance(found, Complete):
        return Complete(found.ref, loose=found.loose, told=True)
    if family == "delete" and isinstance(found, Delete):
        return found
    if isinstance(found, AskWhich | Chitchat):
        found = Complete(Ref("pronoun"))  # "done, tick it off": the task we talked about
    ref = ref_of(found) or parse_ref(subject)
    if not isinstance(ref, Ref):
        return None
    if family == "complete":
        return Complete(ref, loose=ref.kind == "title", told=True)
    return Delete(ref)


def read(text: str, context: Context) -> Intent | None:
    """The task in one clause and the verb in another, or a correction of the last turn."""
    if (acted := _act_on_it(text)) is not None:
        return acted
    if (ref := clauses.meant(text)) is not None:
        return answers.corrected(ref, context)
    if clauses.not_that_one(text):
        return answers.taken_back(context)  # "wait, not that one": which, then?
    return None
