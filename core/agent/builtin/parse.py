"""Text plus conversation context in, one intent out. Pure: no I/O, no database.

The order of the checks is the design: attempts to change the rules and batch operations are
recognised before anything could act on them; a message that holds two operations is sent
back as a question; then the verb families; then answers to the question we last asked.
"""

from __future__ import annotations

import dataclasses
import functools
import re

from core.agent.builtin import (
    again,
    answers,
    asides,
    chitchat,
    clauses,
    dated,
    decoration,
    edits,
    followups,
    listing,
    misread,
    next_due,
    recent,
    safety,
    several,
    timed,
    undoing,
    utterance,
    verbs,
)
from core.agent.builtin.context import Context
from core.agent.builtin.intents import (
    Add,
    AddSeveral,
    AskSplit,
    AskTitle,
    AskWhich,
    BareRef,
    Batch,
    Chitchat,
    Complete,
    Count,
    Delete,
    EditFields,
    Family,
    Injection,
    Intent,
    ListTasks,
    NextDue,
    Ref,
    Reopen,
    Search,
    Several,
    TwoIntents,
    Unknown,
    Update,
    ref_of,
)
from core.agent.builtin.lexicon.emoji import CHECK_MARKS, THUMBS_UP
from core.agent.builtin.lexicon.talk import AGREEING
from core.agent.builtin.lexicon.tasks import ALL_SHOWN, TASK_NOUNS
from core.agent.builtin.lexicon.verbs import SECOND_REQUESTS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import after_the_verb, is_everything, is_several, parse_ref
from core.agent.builtin.text import clean, normalize

_SEPARATORS = re.compile(
    r"\s*(?:,\s*(?:and\s+|then\s+|also\s+|plus\s+)?|\s+(?:and\s+then|and\s+also|then|and|"
    r"also|plus|&|after\s+that|afterwards)\s+)",
    NOCASE,
)
_OPERATION_START = re.compile(rf"^{alt(SECOND_REQUESTS)}\b", NOCASE)
_NAMES_A_TASK = re.compile(rf"\b{alt(TASK_NOUNS)}\b", NOCASE)


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


def single(text: str, *, nested: bool = False) -> Intent:
    """One operation (or none) in an already cleaned message. `nested`: the inside of an
    "I need to ..." is read once, not again ("I need to I need to ...")."""
    if next_due.asks(text):
        return NextDue()  # "what's my next deadline?", "what's due next?"
    if (asked := timed.read_question(text)) is not None:
        return asked  # "what's due today?", "anything overdue?", "when is the dentist due?"
    if (changed := asides.read_change(text)) is not None:
        return changed  # "move the dentist to friday", "make it high priority", "untag it"
    if (searched := listing.read_search(text)) is not None:
        return searched
    if listing.COUNT.search(text):
        return Count(listing.status_of(text))
    if (about := listing.read_about(text)) is not None:
        return about  # "is task 2 done?", "did I call mom?", "what's task 3?"
    if listing.STATUS_QUESTION.match(text):
        return listing.read_list(text) or ListTasks("all")
    found = verbs.leading(text)
    if found is not None:
        return found
    if (listed := listing.read_list(text)) is not None:
        return listed
    if not nested and (rest := verbs.read_need(text)) is not None:
        inner = single(rest, nested=True)
        if _is_instruction(inner):
            return inner
        titled = verbs.read_title(rest)
        return titled
    for reader in (
        verbs.read_complete_tail,
        verbs.read_delete_tail,
        verbs.read_past_tense,
        verbs.read_done_participle,
    ):
        found = reader(text)
        if found is not None:
            return found
    return Unknown(text, maybe_task=dated.maybe_task(text))


_AGREEING = re.compile(rf"^{alt(AGREEING)}\b[\s,!.]*", NOCASE)
_CHECK_MARK = re.compile(f"[{CHECK_MARKS}]\ufe0f?")


def _checked_off(text: str) -> Intent | None:
    """`✅ task 1`, `milk ✔️`: a check mark beside a task means it is done."""
    if not _CHECK_MARK.search(text):
        return None
    rest = clean(_CHECK_MARK.sub(" ", text))
    if not rest:
        return AskWhich("complete")
    found = single(rest)
    if isinstance(found, Complete):
        return Complete(found.ref, loose=found.loose, told=True)
    if _definite(found):
        return None  # "✅ add milk": the words say what to do
    ref = parse_ref(rest)
    return Complete(ref, loose=ref.kind == "title", told=True) if ref is not None else None


def _clauses(text: str, context: Context) -> Intent | None:
    """The task in one clause and the verb in another ("the report is done, tick it off"),
    or a correction of the last turn ("I meant task 2")."""
    if (both := clauses.act_on_it(text)) is not None:
        found = single(both.subject)
        if both.family == "add":
            if isinstance(found, Add | AddSeveral | AskSplit):
                return found
            titled = verbs.read_title(clauses.asked_to(both.subject) or both.subject)
            return titled if isinstance(titled, Add) else None
        if both.family == "complete" and isinstance(found, Complete):
            return Complete(found.ref, loose=found.loose, told=True)
        if both.family == "delete" and isinstance(found, Delete):
            return found
        if isinstance(found, AskWhich | Chitchat):
            found = Complete(Ref("pronoun"))  # "done, tick it off": the task we talked about
        ref = ref_of(found) or parse_ref(both.subject)
        if not isinstance(ref, Ref):
            return None
        if both.family == "complete":
            return Complete(ref, loose=ref.kind == "title", told=True)
        return Delete(ref)
    if (ref := clauses.meant(text)) is not None:
        return answers.corrected(ref, context)
    if clauses.not_that_one(text):
        return answers.taken_back(context)  # "wait, not that one": which, then?
    return None


def _swallowed_clauses(found: Intent, text: str) -> bool:
    """Nothing read, or a task reference that ran on into the next clause."""
    if not clauses.has_clauses(text):
        return False
    if isinstance(found, Unknown):
        return True
    ref = ref_of(found)
    return isinstance(ref, Ref) and not ref.quoted and clauses.has_clauses(ref.text)


def _one_clause(text: str) -> Intent | None:
    """The one clause of a chatty message that asks for something: a plain request first,
    then a report ("called the plumber") or a pointer ("don't need them anymore")."""
    readings = [single(clean(segment)) for segment in clauses.segments(text)]
    definite = [found for found in readings if found is not None and _definite(found)]
    plain = [found for found in definite if not _vague(found)]
    chosen = plain or definite
    return chosen[0] if chosen else None


def _names_a_title(intent: Intent) -> bool:
    ref = ref_of(intent)
    return ref is not None and ref.kind == "title"


def _vague(intent: Intent) -> bool:
    ref = ref_of(intent)
    return (isinstance(intent, Complete) and intent.loose) or (
        isinstance(ref, Ref) and ref.kind == "pronoun"
    )


def _definite(intent: Intent) -> bool:
    if isinstance(intent, Update):
        return intent.title is not None or intent.description is not None
    return isinstance(intent, Add | Complete | Delete | ListTasks | Count | Search)


_BARE_AND = re.compile(r"\s+(?:and|&)\s+", NOCASE)


def _acts(intent: Intent) -> bool:
    """A request that changes or shows something, a field change on a task numbered included
    ("and tag it work" points at the add before it, read elsewhere)."""
    if isinstance(intent, EditFields):
        return intent.ref.kind in ("number", "ordinal") and intent.tentative is None
    return isinstance(intent, Several) or _definite(intent)


def _two_intents(text: str) -> Several | TwoIntents | None:
    """ "add eggs, then mark call mom as done": both parts, in turn. Asked instead: an add
    joined by a bare "and", which may hold the rest in its title ("add milk and complete the
    list"), and a delete, whose Confirm button stands alone."""
    for separator in _SEPARATORS.finditer(text):
        left, right = text[: separator.start()].strip(), text[separator.end() :].strip()
        if not left or not _OPERATION_START.match(right):
            continue
        first, second = _batch(left) or single(left), _batch(right) or single(right)
        if _acts(first) and _acts(second):
            if isinstance(first, Complete | Delete) and type(first) is type(second):
                return None  # "complete 1 and 2" is a batch, handled elsewhere
            if isinstance(first, Delete) or isinstance(second, Delete):
                return TwoIntents(left, right)  # a delete's button stands alone
            if isinstance(first, Add) and _BARE_AND.fullmatch(separator.group(0)):
                return TwoIntents(left, right)
            return Several((first, second))
    return None


_ALL_SHOWN = re.compile(rf"\b{alt(ALL_SHOWN)}\b", NOCASE)


def _each_shown(text: str, context: Context) -> Several | None:
    """ "complete both", "push them all to friday": the act on each task the last reply
    listed ("both" only when it listed two); a delete stays one at a time."""
    shown = context.listing
    pointer = _ALL_SHOWN.search(text)
    if not shown or pointer is None:
        return None
    if pointer.group(0).casefold().startswith("both") and len(shown) != 2:
        return None
    found = _batch(text) or single(text)
    if found == Batch("complete"):
        pending = [task for task in shown if not task.completed]
        return Several(tuple(Complete(Ref("number", number=task.number)) for task in pending))
    if (
        isinstance(found, EditFields)
        and found.ref.kind == "title"
        and _ALL_SHOWN.fullmatch(found.ref.text)
    ):
        return Several(
            tuple(
                dataclasses.replace(found, ref=Ref("number", number=task.number)) for task in shown
            )
        )
    return None


_EITHER = re.compile(r"\bor\b", NOCASE)
_NUMBERS = re.compile(r"\d+")


def _each_done(numbers: str) -> Several | Batch:
    """ "1, 2 and 4": each marked done; "1 or 2" is no request to act on."""
    if _EITHER.search(numbers):
        return Batch("complete")
    found = dict.fromkeys(int(number) for number in _NUMBERS.findall(numbers))
    return Several(tuple(Complete(Ref("number", number=number)) for number in found))


def _batch(text: str) -> Batch | Several | None:
    if listing.STATUS_QUESTION.match(text):
        return None  # "did I finish everything?" asks; it does not order
    if safety.BATCH_DELETE.search(text):
        return Batch("delete")
    if safety.BATCH_COMPLETE.search(text):
        return Batch("complete")
    found = verbs.leading(text)
    if isinstance(found, Complete | Delete | Update):
        ref_text = after_the_verb(text)
        family: Family = (
            "complete"
            if isinstance(found, Complete)
            else "delete"
            if isinstance(found, Delete)
            else "update"
        )
        if ref_text is not None and is_several(ref_text) and family == "complete":
            return _each_done(ref_text)  # "tick off 2 and 4"
        if ref_text is not None and (is_everything(ref_text) or is_several(ref_text)):
            return Batch(family)
        if found.ref.kind == "title" and is_several(found.ref.text) and family == "complete":
            return _each_done(found.ref.text)
        if found.ref.kind == "title" and (
            is_everything(found.ref.text) or is_several(found.ref.text)
        ):
            return Batch(family)
    return None


_SHOUTED = re.compile(r"!!+\s*$")


def parse(text: str, context: Context | None = None) -> Intent:
    text = utterance.prepared(text)
    if (first := followups.priority_first(text)) is not None:
        level, rest = first  # "urgent: pay the gas bill"
        found = parse(rest, context)
        if isinstance(found, Unknown) and found.maybe_task:
            found = Add(found.maybe_task)
        return dataclasses.replace(found, priority=level) if isinstance(found, Add) else found
    whole = functools.partial(_parse, context=context or Context())
    found = decoration.keep_trailing_emoji(whole(text), text)
    found = _requests_among(several.separated(found, text))
    if isinstance(found, Add) and _SHOUTED.search(text):
        return dataclasses.replace(found, priority="high")  # "buy milk!!"
    return found


def _requests_among(found: Intent) -> Intent:
    """ "add buy bread; done 2": a part that asks for something else is that request, never
    a task's title."""
    if not isinstance(found, AddSeveral):
        return found
    parts = [single(clean(title)) for title in found.titles]
    asked = [
        part
        for part in parts
        if _definite(part) and not isinstance(part, Add) and not _names_a_title(part)
    ]
    if not asked:
        return found
    if any(isinstance(part, Delete) for part in asked):
        return TwoIntents(found.titles[0], found.titles[-1])
    return Several(
        tuple(
            part if part in asked else Add(title, fields=found.fields)
            for title, part in zip(found.titles, parts, strict=True)
        )
    )


def _parse(text: str, context: Context) -> Intent:
    normalized = normalize(text)
    cleaned = clean(text)
    if normalized.strip() and not normalized.strip("?"):
        return Chitchat("help")  # "?"
    if chitchat.GREETING.match(normalized.strip(" !.?,")):
        return Chitchat("greeting")
    checked = _checked_off(text)
    if checked is not None:
        return checked
    if not cleaned and text.strip().rstrip("\ufe0f") in THUMBS_UP:
        return answers.answer("yes", context) or Chitchat("yes")  # a thumbs-up answers yes
    if not cleaned:
        return Chitchat("greeting") if normalized else Unknown("")
    if safety.INJECTION.search(normalized):
        return Injection()
    if (undone := undoing.read_casual(cleaned, context)) is not None:
        return undone  # "scrap that" right after an add, "forget that" after a move
    if (listed := several.read_lines(text, single)) is not None:
        return listed  # "add these:\n- milk\n- eggs"
    for kind, pattern in (("yes", chitchat.YES), ("no", chitchat.NO)):
        if pattern.match(cleaned) or pattern.match(normalized.strip(" .!")):
            answered = answers.answer(kind, context)
            if answered is not None:
                return answered
            return Chitchat(kind)  # type: ignore[arg-type]
    taken_back = undoing.read(cleaned)
    if taken_back is not None and not (isinstance(taken_back, Reopen) and _lists(cleaned)):
        return taken_back  # "show me everything that isn't done yet" asks for a listing
    if chitchat.NEVER_MIND.match(cleaned):
        return Chitchat("never_mind")
    if chitchat.HELP.match(cleaned):
        return Chitchat("help")
    if chitchat.GREETING.match(cleaned):
        return Chitchat("greeting")
    if chitchat.THANKS.match(cleaned):
        return Chitchat("thanks")
    if (followed := followups.read(cleaned, context)) is not None:
        return followed  # "note: bring charcoal", "actually friday": the task just added
    cleaned = verbs.fix_verb_typo(cleaned)
    if (repeated := again.read_again(normalized, context, single)) is not None:
        return repeated  # "and the other one too"
    if (asked := recent.read_added(cleaned)) is not None:
        return asked  # "what did I add yesterday?"
    combined = _clauses(cleaned, context)
    if combined is not None:
        return combined
    if not context.candidates and context.awaiting is None:
        renumbered = clauses.renumbered(normalized.strip(" .!?"))  # "nope, number 3"
        if renumbered is not None and (fixed := answers.corrected(renumbered, context)):
            return fixed
    if (edited := edits.read_labelled_edit(cleaned) or edits.read_correction(cleaned)) is not None:
        return edited  # "edit task 1: title 'x'", "it should say buy milk"
    if safety.REOPEN.search(cleaned) and not _lists(cleaned):
        return undoing.read_reopen(cleaned) or Reopen(Ref("pronoun"))
    if (each := _each_shown(cleaned, context)) is not None:
        return each  # "complete both" after a listing of two
    batch = _batch(cleaned)
    if batch is not None:
        return batch
    two = _two_intents(cleaned)
    if two is not None:
        return two
    if clauses.is_typo_fix(cleaned) and (renamed := clauses.should_be(cleaned)) is not None:
        return Update(renamed[0], title=renamed[1])  # "fix typo: 'by milk' should be 'buy milk'"
    found = single(cleaned)
    if _swallowed_clauses(found, cleaned):
        found = _one_clause(cleaned) or found
    awaiting = context.awaiting
    if awaiting and awaiting.kind in ("offer_add", "duplicate") and awaiting.title:
        unprefixed = _AGREEING.sub("", cleaned)
        agreed = found if unprefixed == cleaned else single(unprefixed)
        if isinstance(agreed, AskTitle) or (
            awaiting.kind == "duplicate" and answers.adds_another(unprefixed)
        ):
            # "Do you want me to add X?" - "yes, put it on my list"; "… add another?" - "add it"
            return Add(awaiting.title, again=awaiting.kind == "duplicate", agreed=True)
    if isinstance(found, Unknown) and (renamed := clauses.should_be(cleaned)) is not None:
        return Update(renamed[0], title=renamed[1])
    if isinstance(found, Unknown | AskWhich | AskTitle):
        follow = answers.follow_up(cleaned, context)
        if follow is not None:
            return follow
        if isinstance(found, Unknown) and context.candidates:
            ref = parse_ref(cleaned)
            if ref is not None:
                return BareRef(ref)
    if isinstance(found, Unknown):  # "haircut saturday 11am": a task, said with its date
        return dated.added(cleaned, found) or misread.misread(cleaned, single, _definite) or found
    return misread.respelled(found, cleaned, single)


def _lists(text: str) -> bool:
    return listing.asks_for_list(text) and listing.read_list(text) is not None
