"""Text plus conversation context in, one intent out. Pure: no NOCASE/O, no database.

The order of the checks is the design: attempts to change the rules and batch operations are
recognised before anything could act on them; a message that holds two operations is sent
back as a question; then the verb families; then answers to the question we last asked.
"""

from __future__ import annotations

import re

from core.agent.builtin import chitchat, listing, safety, verbs
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
    Family,
    Injection,
    Intent,
    ListTasks,
    Ref,
    TwoIntents,
    Unknown,
    Update,
)
from core.agent.builtin.refs import is_everything, is_several, parse_ref, pick
from core.agent.builtin.text import clean, normalize, tidy_title

NOCASE = re.IGNORECASE

_SEPARATORS = re.compile(
    r"\s*(?:,\s*(?:and\s+|then\s+|also\s+|plus\s+)?|\s+(?:and\s+then|and\s+also|then|and|"
    r"also|plus|&|after\s+that|afterwards)\s+)",
    NOCASE,
)
_OPERATION_START = re.compile(
    r"^(?:add|create|complete|finish|mark|check\s+off|tick\s+off|cross\s+off|delete|remove|drop|"
    r"erase|trash|get\s+rid\s+of|show|list|display|rename|change|update|edit|modify|remind\s+me|"
    r"set\s+the\s+description|describe|put|remember|tell\s+me|what'?s|how\s+many)\b",
    NOCASE,
)


def _is_instruction(intent: Intent) -> bool:
    """Whether the rest of "I need to ..." is a request to me rather than a task to note."""
    if isinstance(intent, ListTasks | Count | Add | AskTitle | Batch):
        return True
    ref: Ref | None = getattr(intent, "ref", None)
    if ref is None:
        return False
    return ref.kind in ("number", "ordinal", "pronoun") or (
        ref.kind == "title" and bool(re.search(r"\b(?:task|todo|item)\b", ref.text, NOCASE))
    )


def single(text: str) -> Intent:
    """One operation (or none) in an already cleaned message."""
    if listing.COUNT.search(text):
        return Count(listing.status_of(text))
    if listing.STATUS_QUESTION.match(text):
        return ListTasks("all")  # "is task 2 done?", "did I call mom?": show where things stand
    found = verbs.leading(text)
    if found is not None:
        return found
    if (listed := listing.read_list(text)) is not None:
        return listed
    if (rest := verbs.read_need(text)) is not None:
        inner = single(rest)
        if _is_instruction(inner):
            return inner
        titled = verbs.read_title(rest)
        return titled
    for reader in (verbs.read_complete_tail, verbs.read_delete_tail, verbs.read_past_tense):
        found = reader(text)
        if found is not None:
            return found
    return Unknown(text, maybe_task=_maybe_task(text))


def _maybe_task(text: str) -> str | None:
    """Short, statement-like text could be a task the person wants noted."""
    words = text.split()
    if not words or len(words) > 12 or text.endswith("?") or len(text) > 200:
        return None
    ref = parse_ref(text)
    if ref is None or ref.kind != "title" or ref.text != tidy_title(text):
        return None  # "the milk one", "it", "2": pointing at a task, not naming a new one
    if re.match(
        r"^(?:what|why|how|when|where|who|which|is|are|do|does|did|has|have|had|was|were|should|"
        r"can|could|would|will|i'?m|"
        r"it'?s|you|your|this|that|tell|show|give|explain|help|let)\b",
        text,
        NOCASE,
    ):
        return None
    return tidy_title(text) or None


def _definite(intent: Intent) -> bool:
    if isinstance(intent, Update):
        return intent.title is not None or intent.description is not None
    return isinstance(intent, Add | Complete | Delete | ListTasks | Count)


def _two_intents(text: str) -> TwoIntents | None:
    for separator in _SEPARATORS.finditer(text):
        left, right = text[: separator.start()].strip(), text[separator.end() :].strip()
        if not left or not _OPERATION_START.match(right):
            continue
        first, second = single(left), single(right)
        if _definite(first) and _definite(second):
            if isinstance(first, Complete | Delete) and type(first) is type(second):
                return None  # "complete 1 and 2" is a batch, handled elsewhere
            return TwoIntents(left, right)
    return None


def _batch(text: str) -> Batch | None:
    if safety.BATCH_DELETE.search(text):
        return Batch("delete")
    if safety.BATCH_COMPLETE.search(text):
        return Batch("complete")
    found = verbs.leading(text)
    if isinstance(found, Complete | Delete | Update):
        ref_text = _ref_text(text)
        family: Family = (
            "complete"
            if isinstance(found, Complete)
            else "delete"
            if isinstance(found, Delete)
            else "update"
        )
        if ref_text is not None and (is_everything(ref_text) or is_several(ref_text)):
            return Batch(family)
        if found.ref.kind == "title" and (
            is_everything(found.ref.text) or is_several(found.ref.text)
        ):
            return Batch(family)
    return None


def _ref_text(text: str) -> str | None:
    match = re.match(
        r"^(?:\w+)\s+(?P<ref>.+?)(?:\s+(?:as\s+)?(?:done|complete|completed|finished))?$",
        text,
        NOCASE,
    )
    return match.group("ref") if match else None


_AS_ONE = re.compile(
    r"^(?:just\s+)?(?:one|1|a single one|single|one task|as one|together|keep (?:it|them) together|"
    r"(?:the\s+)?first(?: one)?|option 1)\b",
    NOCASE,
)
_AS_TWO = re.compile(
    r"^(?:two|2|both|two tasks|as two|separate(?:ly)?|split(?: (?:it|them))?|"
    r"(?:the\s+)?second(?: one)?|option 2)\b",
    NOCASE,
)


def _follow_up(text: str, context: Context) -> Intent | None:
    """An answer to what we just asked, or a pick among the candidates we just listed."""
    awaiting = context.awaiting
    if context.candidates and context.pending_family in ("complete", "delete", "update"):
        ref = parse_ref(text)
        if ref is not None and ref.kind != "pronoun":
            chosen = pick(list(context.candidates), ref)
            if len(chosen) == 1:
                target = Ref("number", number=chosen[0].number)
                if context.pending_family == "complete":
                    return Complete(target)
                if context.pending_family == "delete":
                    return Delete(target)
                return Update(target, context.pending_title, context.pending_description)
    if awaiting is None:
        return None
    if awaiting.kind == "title":
        found = verbs.read_title(text)
        return found if isinstance(found, Add | AskSplit) else None
    if awaiting.kind == "split_add" and awaiting.title:
        if _AS_ONE.match(text):
            return Add(awaiting.title)
        if _AS_TWO.match(text):
            return AddSeveral(awaiting.parts)
    if awaiting.kind == "which" and awaiting.family in ("complete", "delete"):
        ref = parse_ref(text)
        if ref is None:
            return None
        return Complete(ref) if awaiting.family == "complete" else Delete(ref)
    if awaiting.kind == "change" and awaiting.number is not None:
        target = Ref("number", number=awaiting.number)
        description = re.match(
            r"^(?:the\s+)?(?:description|desc|notes?|details?)\s*[:=-]?\s*(?P<d>.+)$", text, NOCASE
        )
        if description:
            return Update(target, description=tidy_title(description.group("d")))
        title = re.sub(
            r"^(?:(?:rename|call|change|name)\s+it\s+)?(?:to|as)\s+", "", text, flags=NOCASE
        )
        title = tidy_title(title)
        return Update(target, title=title) if title else None
    return None


def _answer(kind: str, context: Context) -> Intent | None:
    awaiting = context.awaiting
    if awaiting is None:
        return None
    if kind == "yes":
        if awaiting.kind == "offer_add" and awaiting.title:
            return Add(awaiting.title)
        if awaiting.kind == "confirm_complete" and awaiting.number is not None:
            return Complete(Ref("number", number=awaiting.number))
    return None


def parse(text: str, context: Context | None = None) -> Intent:
    context = context or Context()
    normalized = normalize(text)
    cleaned = clean(text)
    if normalized.strip() and not normalized.strip("?"):
        return Chitchat("help")  # "?"
    if chitchat.GREETING.match(normalized.strip(" !.?,")):
        return Chitchat("greeting")
    if not cleaned:
        if any(mark in text for mark in "✅✔☑✓"):
            return AskWhich("complete")  # a lone check mark
        return Chitchat("greeting") if normalized else Unknown("")
    if safety.INJECTION.search(normalized):
        return Injection()
    for kind, pattern in (("yes", chitchat.YES), ("no", chitchat.NO)):
        if pattern.match(cleaned) or pattern.match(normalized.strip(" .!")):
            answered = _answer(kind, context)
            if answered is not None:
                return answered
            return Chitchat(kind)  # type: ignore[arg-type]
    if chitchat.NEVER_MIND.match(cleaned):
        return Chitchat("never_mind")
    if chitchat.HELP.match(cleaned):
        return Chitchat("help")
    if chitchat.GREETING.match(cleaned):
        return Chitchat("greeting")
    if chitchat.THANKS.match(cleaned):
        return Chitchat("thanks")
    batch = _batch(cleaned)
    if batch is not None:
        return batch
    two = _two_intents(cleaned)
    if two is not None:
        return two
    found = single(cleaned)
    if isinstance(found, Unknown | AskWhich | AskTitle):
        follow = _follow_up(cleaned, context)
        if follow is not None:
            return follow
        if isinstance(found, Unknown) and context.candidates:
            ref = parse_ref(cleaned)
            if ref is not None:
                return BareRef(ref)
    return found
