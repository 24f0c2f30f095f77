"""One operation (or none) in an already cleaned clause: the readers of one request, in rank
order (questions before changes, leading verbs before trailing ones, a guess last), and what
a clause says after all when its words were misread (another language, misspelt words)."""

from __future__ import annotations

import dataclasses
import re

from core.agent.builtin import (
    changes,
    dated,
    due_told,
    language,
    listing,
    timed,
    typos,
    verbs,
)
from core.agent.builtin.dates import shape_of
from core.agent.builtin.intents import (
    Add,
    AskTitle,
    AskWhich,
    Batch,
    Chitchat,
    Complete,
    Count,
    Delete,
    EditFields,
    Intent,
    ListTasks,
    NextDue,
    NotEnglish,
    Ref,
    Search,
    Several,
    Unknown,
    Update,
    ref_of,
)
from core.agent.builtin.lexicon import talk
from core.agent.builtin.lexicon.fields import PRIORITY_NOUNS, PRIORITY_PHRASES
from core.agent.builtin.lexicon.tasks import TASK_NOUNS
from core.agent.builtin.pattern import NOCASE, alt, drawn
from core.agent.builtin.refs import positions, topic_first
from core.agent.builtin.trace import Reader, first_of

_NAMES_A_TASK = re.compile(rf"\b{alt(TASK_NOUNS)}\b", NOCASE)
# Whole messages that name no task, in the order they are tried.
CHITCHAT = {
    "never_mind": re.compile(rf"^{alt(talk.NEVER_MIND)}$", NOCASE),
    "help": re.compile(rf"^(?:{alt(talk.HELP)}|\?+)$", NOCASE),
    "greeting": re.compile(
        rf"^(?:{alt(talk.GREETINGS)}|{drawn(talk.DRAWN_OUT_GREETINGS)})(?:\s+{alt(talk.GREETED)})?$",
        NOCASE,
    ),
    "thanks": re.compile(rf"^(?:{alt(talk.THANKS)}|{drawn(talk.DRAWN_OUT_THANKS)})$", NOCASE),
}
YES_OR_NO = {
    "yes": re.compile(rf"^{alt(talk.YES)}$", NOCASE),
    "no": re.compile(rf"^{alt(talk.NO)}$", NOCASE),
}


def _is_instruction(intent: Intent) -> bool:
    """Whether the rest of "I need to ..." is a request to me rather than a task to note."""
    if isinstance(intent, ListTasks | Count | Add | AskTitle | Batch):
        return True
    ref = ref_of(intent)
    if ref is None:
        return False
    return ref.kind in ("number", "ordinal", "pronoun") or (
        ref.kind == "title" and bool(_NAMES_A_TASK.search(ref.text))
    )


def _next_due(text: str) -> Intent | None:
    return NextDue() if timed.asks_next_due(text) else None  # "what's due next?"


def _count(text: str) -> Intent | None:
    return Count(listing.status_of(text)) if listing.COUNT.search(text) else None


def _status_question(text: str) -> Intent | None:
    if not listing.STATUS_QUESTION.match(text):
        return None
    return listing.read_list(text) or ListTasks("all")


def _need(text: str) -> Intent | None:
    """ "I need to call mom" notes a task; "I need to see my list" asks for the list."""
    if (rest := verbs.read_need(text)) is None:
        return None
    inner = single(rest, nested=True)
    return inner if _is_instruction(inner) else verbs.read_title(rest)


def _task_first(text: str) -> Intent | None:
    """ "the task of gym, put it for saturday": the request, on the task said before it."""
    if (found := topic_first(text)) is None:
        return None
    ref, rest = found
    inner = single(rest, nested=True)
    if (
        not isinstance(inner, Complete | Delete | EditFields | Update)
        or inner.ref.kind != "pronoun"
    ):
        return None
    return dataclasses.replace(inner, ref=ref)


# An edit followed by a reason or a remark: "make the tap one high priority, it's getting
# worse", "set the loft to low priority, no rush", "move the vet to friday, got too much on".
# The aside asks nothing, so the edit before it is read as if it stood alone (and the aside
# never ends up in a title or a date). An aside that names a date, or a priority the edit does
# not set, is no aside ("…, it can wait till monday", "move it to friday, it's urgent"): that
# message is left to the other readers.
_ASIDE = re.compile(
    rf"(?:\s*[,;:]\s*|\s+[-–—]+\s*|\s*\.\s+|\s+(?={alt(talk.BECAUSE)}\b))"
    rf"(?P<aside>{alt(talk.ASIDE_STARTS)}(?![\w']).*)$",
    NOCASE,
)
_ASKS_MORE = re.compile(rf"\b{alt(PRIORITY_PHRASES, PRIORITY_NOUNS)}\b", NOCASE)


def _change(text: str) -> Intent | None:
    """The change `text` asks for, with a trailing aside set apart."""
    whole = due_told.read(text) or changes.read_change(text)
    if whole is not None and not _holds_an_aside(whole, text):
        return whole
    for found in _ASIDE.finditer(text):
        aside = found.group("aside")
        if shape_of(aside) is not None:
            return None
        changed = changes.read_change(text[: found.start()].strip())
        if changed is None:
            continue
        # "…, no rush" after a low priority says it again; after a date it asks for more
        if (
            _ASKS_MORE.search(aside)
            and changed.priority is None
            and not changed.clear_due  # "…, it's not urgent" after no due
        ):
            return None
        return changed
    return whole


def _holds_an_aside(changed: Intent, text: str) -> bool:
    """Whether the task the change names swallowed the aside ("take the date off the essay,
    no deadline anymore" names "the essay", not "the essay, no deadline anymore")."""
    ref = ref_of(changed)
    if ref is None or ref.kind != "title":
        return False
    return any(found.group("aside") in ref.text for found in _ASIDE.finditer(text))


def _readers(nested: bool) -> list[Reader[str, Intent | None]]:
    return [
        ("next due", _next_due),
        ("due question", timed.read_question),  # "what's due today?", "anything overdue?"
        ("field change", _change),  # "move the dentist to friday", "untag it"
        ("search", listing.read_search),
        ("count", _count),
        ("about a task", listing.read_about),  # "is task 2 done?", "what's task 3?"
        ("status question", _status_question),
        ("leading verb", verbs.leading),
        ("listing", listing.read_list),
        *([] if nested else [("need to", _need)]),
        ("complete tail", verbs.read_complete_tail),
        ("delete tail", verbs.read_delete_tail),
        ("past tense", verbs.read_past_tense),
        ("done participle", verbs.read_done_participle),
        ("task said first", _task_first),  # "the task of gym, put it for saturday"
    ]


_RANKED = {nested: _readers(nested) for nested in (False, True)}


def single(text: str, *, nested: bool = False) -> Intent:
    """`nested`: the inside of an "I need to ..." is read once, not again."""
    found = first_of(_RANKED[nested], text)
    if found is None:
        return Unknown(text, maybe_task=dated.maybe_task(text))
    if (
        isinstance(found, Complete)
        and found.ref.kind == "title"
        and (run := positions(found.ref.text))
    ):
        return Several(tuple(dataclasses.replace(found, ref=ref) for ref in run))  # "the first two"
    return found


def definite(intent: Intent) -> bool:
    """Whether a reading asks for an act (or a listing) outright."""
    if isinstance(intent, Update):
        return intent.title is not None or intent.description is not None
    if isinstance(intent, EditFields):  # "make rent urgent": a field change said outright
        return intent.ref.kind != "pronoun" and intent.tentative is None
    return isinstance(intent, Add | Complete | Delete | ListTasks | Count | Search)


def vague(intent: Intent) -> bool:
    """A report ("called the plumber") or a pointer ("it"): weaker than a plain request."""
    ref = ref_of(intent)
    return (isinstance(intent, Complete) and intent.loose) or (
        isinstance(ref, Ref) and ref.kind == "pronoun"
    )


def _on_a_task(found: Intent) -> bool:
    """A misspelt verb put right acts only on a task named by number or position: "remote
    control batteries" is a title, not "remove …"."""
    ref = ref_of(found)
    return isinstance(ref, Ref) and ref.kind != "title"


def respelled(found: Intent, text: str) -> Intent:
    """ "mrak 1 as done" read as a task titled "mrak 1 as": spelled right, it names task 1."""
    ref = ref_of(found)
    if not isinstance(found, Complete | Delete | Update) or not isinstance(ref, Ref):
        return found
    if ref.kind != "title" or ref.quoted or (fixed := typos.corrected(text)) is None:
        return found
    again = single(verbs.fix_verb_typo(fixed))
    return again if type(again) is type(found) and _on_a_task(again) else found


def misread(text: str) -> Intent | None:
    """What a clause nothing could read says after all: another language, or a request with
    misspelt words ("shwo my tsaks", "hlep")."""
    if language.not_english(text):
        return NotEnglish()
    if (fixed := typos.corrected(text)) is None:
        return None
    if CHITCHAT["help"].match(fixed):
        return Chitchat("help")
    found = single(verbs.fix_verb_typo(fixed))
    if isinstance(found, ListTasks | Count | Search | AskWhich):
        return found
    return found if definite(found) and _on_a_task(found) else None
