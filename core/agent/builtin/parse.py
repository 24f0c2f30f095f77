"""Text plus conversation context in, one intent out. Pure: no I/O, no database.

The readers run in rank order, and the order is the design: attempts to change the rules and
batch operations are recognised before anything could act on them; a message that holds two
operations is read as both (or sent back as a question); then the verb families (`single`);
then answers to the question we last asked; a guess comes last.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from core.agent.builtin import (
    answers,
    batches,
    clauses,
    combined,
    dated,
    edits,
    listing,
    recent,
    several,
    several_requests,
    undoing,
    utterance,
    verbs,
)
from core.agent.builtin.batches import MOST_AT_ONCE
from core.agent.builtin.context import Context
from core.agent.builtin.intents import (
    Add,
    AddSeveral,
    AskSplit,
    AskTitle,
    AskWhich,
    BareRef,
    Chitchat,
    Injection,
    Intent,
    ListTasks,
    Reopen,
    Unknown,
    Update,
)
from core.agent.builtin.lexicon import safety as unsafe
from core.agent.builtin.lexicon.emoji import THUMBS_UP
from core.agent.builtin.lexicon.talk import AGREEING
from core.agent.builtin.list_filters import with_filters
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import parse_ref
from core.agent.builtin.single import CHITCHAT, YES_OR_NO, misread, respelled, single
from core.agent.builtin.text import clean, normalize
from core.agent.builtin.trace import Reader, first_of

_AGREEING = re.compile(rf"^{alt(AGREEING)}\b[\s,!.]*", NOCASE)
_SHOUTED = re.compile(r"!!+\s*$")
# An attempt to change the rules: it must change nothing.
INJECTION = re.compile(
    rf"\b{alt(unsafe.OVERRIDE_VERBS)}\b.{{0,40}}\b{alt(unsafe.RULES)}\b|\b{alt(unsafe.TAKEOVERS)}\b"
    rf"|\b(?:other|another|all|every|each|any)\s+{alt(unsafe.USERS)}(?!\w)|\b{alt(unsafe.USER_IDS)}\b",
    NOCASE,
)


@dataclass(frozen=True)
class Said:
    """One message as the readers see it: as written, normalised, and cleaned of filler."""

    text: str
    normalized: str
    cleaned: str
    context: Context


def parse(text: str, context: Context | None = None) -> Intent:
    text = utterance.prepared(text)
    if (first := answers.priority_first(text)) is not None:
        level, rest = first  # "urgent: pay the gas bill"
        found = parse(rest, context)
        if isinstance(found, Unknown) and found.maybe_task:
            found = Add(found.maybe_task)
        return dataclasses.replace(found, priority=level) if isinstance(found, Add) else found
    found = several.keep_trailing_emoji(read(text, context or Context()), text)
    found = several_requests.requests_among(several.separated(found, text))
    if isinstance(found, ListTasks):
        return with_filters(found, text)  # "show high priority work tasks"
    if isinstance(found, Add) and _SHOUTED.search(text) and _shouted_last(found.title, text):
        return dataclasses.replace(found, priority="high")  # "buy milk!!"
    return found


def _shouted_last(title: str, text: str) -> bool:
    """The task is what was shouted ("buy milk!!"), not a "thanks a lot!!" after it."""
    last = title.split()[-1:]
    return bool(last) and text.rstrip("! ").casefold().endswith(last[0].casefold())


def read(text: str, context: Context) -> Intent:
    """The winning reading of a prepared message."""
    said = Said(text, normalize(text), clean(text), context)
    found = first_of(_FIRST, said)
    if found is not None:
        return found
    # "dleete task 2": a misspelt verb put right for every later reader
    said = dataclasses.replace(said, cleaned=verbs.fix_verb_typo(said.cleaned))
    found = first_of(_THEN, said)
    assert found is not None  # the last reader always reads something
    return found


def _only_marks(said: Said) -> Intent | None:
    normalized = said.normalized.strip()
    if normalized and not normalized.strip("?"):
        return Chitchat("help")  # "?"
    if CHITCHAT["greeting"].match(said.normalized.strip(" !.?,")):
        return Chitchat("greeting")
    return None


def _no_words(said: Said) -> Intent | None:
    if said.cleaned:
        return None
    if said.text.strip().rstrip("\ufe0f") in THUMBS_UP:
        return answers.answer("yes", said.context) or Chitchat("yes")  # a thumbs-up answers yes
    return Chitchat("greeting") if said.normalized else Unknown("")


def _injection(said: Said) -> Intent | None:
    return Injection() if INJECTION.search(said.normalized) else None


def _yes_or_no(said: Said) -> Intent | None:
    for kind, pattern in YES_OR_NO.items():
        if pattern.match(said.cleaned) or pattern.match(said.normalized.strip(" .!")):
            return answers.answer(kind, said.context) or Chitchat(kind)  # type: ignore[arg-type]
    return None


def _taken_back(said: Said) -> Intent | None:
    taken_back = undoing.read(said.cleaned)
    if taken_back is None and (rest := verbs.read_need(said.cleaned)) is not None:
        taken_back = undoing.read_reopen(rest)  # "I need to reopen task 3"
    if isinstance(taken_back, Reopen) and listing.asks_for_list(said.cleaned):
        # "show me everything that isn't done yet" asks for a listing
        return taken_back if listing.read_list(said.cleaned) is None else None
    return taken_back


def _chitchat(said: Said) -> Intent | None:
    for kind, pattern in CHITCHAT.items():
        if pattern.match(said.cleaned):
            return Chitchat(kind)  # type: ignore[arg-type]
    return None


_FIRST: list[Reader[Said, Intent | None]] = [
    ("marks only", _only_marks),
    ("check mark", lambda said: combined.checked_off(said.text)),
    ("no words", _no_words),
    ("injection", _injection),
    ("casual undo", lambda said: undoing.read_casual(said.cleaned, said.context)),
    ("lines", lambda said: several.read_lines(said.text)),  # "add these:\n- milk"
    ("yes or no", _yes_or_no),
    ("taken back", _taken_back),
    ("chitchat", _chitchat),
    # "actually friday", "note: budget is 200": on the task just added or touched
    ("follow-up", lambda said: answers.on_last_task(said.cleaned, said.context)),
]


def _renumbered(said: Said) -> Intent | None:
    if said.context.candidates or said.context.awaiting is not None:
        return None
    renumbered = clauses.renumbered(said.normalized.strip(" .!?"))  # "nope, number 3"
    return answers.corrected(renumbered, said.context) if renumbered is not None else None


def _typo_fix(said: Said) -> Intent | None:
    """ "fix typo: 'by milk' should be 'buy milk'"."""
    if not clauses.is_typo_fix(said.cleaned):
        return None
    renamed = clauses.should_be(said.cleaned)
    return Update(renamed[0], title=renamed[1]) if renamed is not None else None


def _edit(said: Said) -> Intent | None:
    """ "edit task 1: title 'x'", "it should say buy milk"."""
    return edits.read_labelled_edit(said.cleaned) or edits.read_correction(said.cleaned)


_THEN: list[Reader[Said, Intent | None]] = [
    ("again", lambda said: recent.read_again(said.normalized, said.context, single)),
    ("added when", lambda said: recent.read_added(said.cleaned)),  # "what did I add today?"
    ("clauses", lambda said: combined.read(said.cleaned, said.context)),
    ("renumbered", _renumbered),
    ("edit", _edit),
    ("each shown", lambda said: batches.each_shown(said.cleaned, said.context)),
    ("batch", lambda said: batches.batch(said.cleaned)),
    ("several requests", lambda said: several_requests.requests(said.cleaned)),
    ("typo fix", _typo_fix),
    ("one request", lambda said: _one_request(said.cleaned, said.context)),
]


def _agreed(cleaned: str, found: Intent, context: Context) -> Intent | None:
    """ "Do you want me to add X?" - "yes, put it on my list"; "… add another?" - "add it"."""
    awaiting = context.awaiting
    if not (awaiting and awaiting.kind in ("offer_add", "duplicate") and awaiting.title):
        return None
    unprefixed = _AGREEING.sub("", cleaned)
    agreed = found if unprefixed == cleaned else single(unprefixed)
    another = awaiting.kind == "duplicate" and answers.adds_another(unprefixed)
    if isinstance(agreed, AskTitle) or another:
        return Add(awaiting.title, again=awaiting.kind == "duplicate", agreed=True)
    return None


def _answered(cleaned: str, found: Intent, context: Context) -> Intent | None:
    """Nothing plain read: an answer to what was asked, or a bare pointer at the choices."""
    if isinstance(found, Unknown) and (renamed := clauses.should_be(cleaned)) is not None:
        return Update(renamed[0], title=renamed[1])
    if not isinstance(found, Unknown | AskWhich | AskTitle):
        return None
    if (follow := answers.follow_up(cleaned, context)) is not None:
        return follow
    if isinstance(found, Unknown) and context.candidates:
        ref = parse_ref(cleaned)
        return BareRef(ref) if ref is not None else None
    return None


def _one_request(cleaned: str, context: Context) -> Intent:
    found = single(cleaned)
    if several_requests.swallowed(found, cleaned):
        found = several_requests.one_clause(cleaned) or found
    if (agreed := _agreed(cleaned, found, context)) is not None:
        return agreed
    if (answered := _answered(cleaned, found, context)) is not None:
        return answered
    if isinstance(found, Unknown):  # "haircut saturday 11am": a task, said with its date
        added = dated.added(cleaned, found) or _listed(cleaned, context)  # "milk, eggs, bread"
        return added or misread(cleaned) or found
    return respelled(found, cleaned)


def _listed(cleaned: str, context: Context) -> AskSplit | None:
    """ "milk, eggs, bread" alone: things to add, one task or each its own? Asked, since no
    verb said to add them; a list of chatter ("ok, thanks, bye") is none."""
    found = verbs.read_title(cleaned)
    parts = found.parts if isinstance(found, AskSplit) else ()
    parts = found.titles if isinstance(found, AddSeveral) else parts
    items = [read(part, context) for part in parts[: MOST_AT_ONCE + 1]]  # enough to judge
    if not items or not all(isinstance(item, Unknown) and item.maybe_task for item in items):
        return None
    return AskSplit(cleaned, tuple(parts))
