"""Taking things back: undo, reopen, the trash (show, restore, empty). Pure reading, no I/O.

The words are data here, one pattern per way of saying it; `read` tries them on the whole
(cleaned) message, so "oops I meant buy oat milk" stays a correction, not an undo.
"""

from __future__ import annotations

import re

from core.agent.builtin.context import Context
from core.agent.builtin.intents import EmptyTrash, Intent, Ref, Reopen, Restore, ShowTrash, Undo
from core.agent.builtin.lexicon import undo
from core.agent.builtin.lexicon.numbers import NUMBER_WORDS
from core.agent.builtin.lexicon.talk import SOFTENERS
from core.agent.builtin.lexicon.tasks import ALL_OF
from core.agent.builtin.lexicon.verbs import DONE_FIRST, SHOW_VERBS
from core.agent.builtin.pattern import alt, drawn
from core.agent.builtin.text import strip_lead_ins, trim_tail
from core.agent.builtin.words import LIST_NOUN, NOCASE, ref_from

_OOPS = rf"(?:{alt(undo.OOPS)}|{drawn(undo.DRAWN_OUT_OOPS)})"
# Said alone, these take the last change back; the milder ones ("wait", "hmm") only lead in.
_OOPS_ALONE = rf"(?:{alt(undo.OOPS_ALONE)}|{drawn(undo.DRAWN_OUT_OOPS_ALONE)})"
# "undo my last 2 changes", "undo the last three": that many changes, newest first.
_UNDO = alt(undo.UNDO_WORD)
_N = rf"(?:\d{{1,2}}|{alt(tuple(NUMBER_WORDS))})"
_LAST_N = (
    rf"(?:(?:the|my)\s+{alt(undo.LAST_CHANGE)}\s+(?P<n>{_N})\b|(?P<times>{_N})\s+times"
    rf"|(?P<said>{alt(tuple(undo.TIMES))}))"
)
_STEPS = re.compile(_LAST_N, NOCASE)
_TAIL = (
    rf"(?:\s+(?:{alt(undo.UNDO_TAILS)}|{_LAST_N}(?:\s+\w+)?|(?:the|my|that)\s+{alt(undo.LAST_CHANGE)}\s+{alt(undo.CHANGES)}"
    rf"|(?:the\s+|my\s+|that\s+)?{alt(undo.CHANGES)}|(?:my|the|that)\s+{alt(undo.LAST_CHANGE)}\s+\w+))*"
)
_DID_NOT = rf"^(?:{_OOPS}[\s,.!]*)*(?:i\s+)?(?:didn'?t|did\s+not|never)\s+{alt(undo.MEAN_TO)}"
UNDO = re.compile(
    rf"^(?:{_OOPS}[\s,.!]*)*(?:(?:can|could|would)\s+you\s+|{alt(SOFTENERS)}\s+)?"
    rf"{alt(undo.UNDO_VERBS)}{_TAIL}[\s!.]*$"
    rf"|^(?:{_OOPS_ALONE}[\s,.!]*)+$"
    rf"|{_DID_NOT}\s+(?:to\s+)?(?:do\s+)?(?:that|this|it)?"
    rf"(?:\s+(?:at\s+all|{alt(SOFTENERS)}\s+{_UNDO}|{_UNDO}\s+(?:it|that)))?[\s!.]*$"
    rf"|{_DID_NOT}\s+to\s+{alt(undo.MISTAKEN)}\b.*$"
    rf"|^(?:{_OOPS}[\s,.!]*)*(?:that|this)\s+was\s+{alt(undo.WAS_A_MISTAKE)}[\s,;!.]*"
    rf"(?:(?:{alt(SOFTENERS)}\s+)?(?:{alt(undo.UNDO_VERBS)}(?:\s+(?:it|that))?|"
    rf"{alt(undo.BRING_BACK_VERBS)}\s+(?:it|that)\s+back)[\s!.]*)?$"
    rf"|^(?:{_OOPS}[\s,.!]*)*{alt(undo.WRONG)}[\s!.]*"
    rf"(?:(?:{alt(SOFTENERS)}\s+)?{_UNDO}(?:\s+(?:it|that))?)?[\s!.]*$",
    NOCASE,
)
# "scrap that", "nah forget that last one": only the parser knows whether something was just
# changed (then it is an undo).
CASUAL_UNDO = re.compile(
    rf"^(?:{_OOPS}[\s,.!]*)*(?:{alt(SOFTENERS)}\s+)?{alt(undo.CASUAL_UNDO_VERBS)}\s+"
    rf"(?:(?:that|this|it)(?:\s+{alt(undo.LAST_CHANGE)}\s+{alt(undo.CHANGES)})?"
    rf"|(?:the|my)\s+{alt(undo.LAST_CHANGE)}\s+{alt(undo.CHANGES)})"
    rf"(?:\s+{alt(SOFTENERS)})?[\s!.]*$"
    rf"|^(?:{_OOPS}[\s,.!]*)*{alt(undo.DONT_BOTHER)}(?:\s+{alt(SOFTENERS)})?[\s!.]*$",
    NOCASE,
)
REDO_NOT_SUPPORTED = re.compile(
    rf"^(?:{alt(undo.REDO)}|{_UNDO}\s+(?:the\s+|my\s+|that\s+)?{_UNDO})(?:\s+(?:that|it))?$", NOCASE
)

_TRASH = alt(undo.TRASH)
_THINGS = alt(ALL_OF)
_DELETED = rf"(?:{alt(undo.DELETED)}\s+{_THINGS}|{alt(undo.RECENTLY_DELETED)}(?:\s+{_THINGS})?)"
SHOW_TRASH = re.compile(
    rf"^(?:(?:can|could)\s+(?:you\s+|i\s+)?)?{alt(SHOW_VERBS)}?\s*(?:me\s+)?"
    rf"(?:what'?s|what\s+is|whats|anything|everything|{alt(undo.STUFF)})?\s*(?:in\s+)?(?:my\s+|the\s+)?(?:{_TRASH}|{_DELETED})"
    rf"(?:\s+{alt(undo.TRASH_PARTS)})?\??$"
    rf"|^(?:what|which\s+{_THINGS})\s+(?:did|have)\s+i\s+{alt(undo.DELETE_FORMS)}"
    rf"(?:\s+{alt(undo.LATELY)})?\??$"
    rf"|^{alt(SHOW_VERBS)}\s+(?:me\s+)?(?:the\s+)?{alt(undo.DELETED)}(?:\s+ones)?$"
    rf"|^(?:is|are)\s+there\s+(?:anything|any\s+{_THINGS})\s+in\s+(?:the\s+|my\s+)?{_TRASH}\??$",
    NOCASE,
)
EMPTY_TRASH = re.compile(
    rf"^(?:(?:{alt(SOFTENERS)}|can\s+you|could\s+you)\s+)?{alt(undo.EMPTY_VERBS)}\s+(?:out\s+)?(?:the\s+|my\s+)?"
    rf"{_TRASH}(?:\s+(?:can|now|{alt(SOFTENERS)}))?$"
    rf"|^(?:{alt(undo.FOR_GOOD)}\s+)?{alt(undo.ERASE_VERBS)}\s+(?:everything|all|all(?:\s+the)?\s+{_THINGS})"
    rf"\s+(?:in|from)\s+(?:the\s+|my\s+)?{_TRASH}(?:\s+{alt(undo.FOR_GOOD)})?$"
    rf"|^(?:{alt(undo.FOR_GOOD)}\s+)?{alt(undo.ERASE_VERBS)}\s+(?:my\s+|the\s+|all\s+)?{alt(undo.DELETED)}\s+"
    rf"{_THINGS}(?:\s+{alt(undo.FOR_GOOD)})?$",
    NOCASE,
)
_FROM_TRASH = (
    rf"(?:\s+(?:from|out\s+of)\s+(?:the\s+|my\s+)?{_TRASH})?"
    rf"(?:\s+(?:to|on|onto|in|into)\s+(?:my|the)\s+{LIST_NOUN})?"
)
_RESTORE = (
    re.compile(
        rf"^{alt(undo.RESTORE_VERBS)}\s+(?P<ref>.+?){_FROM_TRASH}(?:\s+{alt(SOFTENERS)})?$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(undo.BRING_BACK_VERBS)}\s+(?P<ref>.+?)\s+back{_FROM_TRASH}$",
        NOCASE,
    ),
    re.compile(
        rf"^{alt(undo.FISH_OUT_VERBS)}\s+(?P<ref>.+?)\s+(?:back\s+)?out\s+of\s+(?:the\s+|my\s+)?{_TRASH}$",
        NOCASE,
    ),
)

# "the deleted task", "what I just deleted", "the last deleted one": the latest in the trash.
_LATEST_DELETED = re.compile(
    rf"^(?:the\s+|my\s+|that\s+)?(?:{alt(undo.NEWEST_DELETED)}\s+)?"
    rf"{alt(undo.DELETED)}(?:\s+{_THINGS})?"
    rf"|(?:what|whatever|the\s+(?:{alt(undo.NEWEST_DELETED)}\s+)?{_THINGS})\s+(?:i|you)\s+"
    rf"(?:{alt(undo.NEWEST_DELETED)}\s+)?"
    rf"{alt(undo.DELETED)}(?:\s+{alt(undo.DELETED_WHEN)})?"
    rf"|(?:my|the)\s+{alt(undo.LAST_DELETION)}",
    NOCASE,
)

_NOT_DONE = alt(undo.NOT_DONE)
_NOT_YET = alt(DONE_FIRST)
_STILL = rf"(?:\s+{alt(undo.STILL)})?"
_I_DID_NOT = (
    rf"^(?:{alt(undo.TURNS_OUT)}\s+)?i\s+(?:didn'?t|did\s+not|haven'?t|have\s+not|never|hadn'?t)\s+"
    r"(?:actually\s+|really\s+|quite\s+|even\s+)?"
)
_REOPEN = (
    re.compile(rf"^{alt(undo.REOPEN_VERBS)}(?:\s+(?P<ref>.+?))?(?:\s+again)?$", NOCASE),
    re.compile(
        rf"^{alt(undo.MARK_AGAIN)}\s+(?P<ref>.+?)\s+(?:back\s+)?"
        rf"(?:(?:as|to|into)\s+)?{_NOT_DONE}(?:\s+again)?$",
        NOCASE,
    ),
    re.compile(
        r"^(?:actually\s+)?(?P<ref>.+?)\s+(?:isn'?t|is\s+not|wasn'?t|was\s+not|'?s\s+not|ain'?t)\s+"
        rf"(?:actually\s+|really\s+|even\s+)?(?:{_NOT_YET}{_STILL}|[a-z]+ed\s+yet)$",
        NOCASE,
    ),  # "the bike isn't fixed yet"
    re.compile(rf"^{alt(undo.OPEN_AGAIN)}\s+(?:(?P<ref>.+?)\s+)?(?:again|back\s+up)$", NOCASE),
    re.compile(rf"{_I_DID_NOT}{alt(undo.DID_NOT_DO)}\s+(?P<ref>.+?){_STILL}$", NOCASE),
    re.compile(
        r"^(?P<ref>)(?:(?:actually\s+)?(?:it'?s|its|that'?s|thats|it\s+is|that\s+is|this\s+is)\s+"
        rf"(?:not|n'?t)\s+{_NOT_YET}{_STILL}|not\s+{_NOT_YET}\s+{alt(undo.STILL)})$",
        NOCASE,
    ),
)
_AGAIN_TAIL = re.compile(rf"\s+(?:after\s+all|again|{alt(SOFTENERS)})$", NOCASE)


def read(text: str) -> Intent | None:
    """An undo, a reopen or a trash request, or None."""
    stripped = text.strip(" .!")
    if UNDO.match(stripped):
        steps = _STEPS.search(stripped)
        return Undo(steps=_count(steps) if steps else 1)
    if REDO_NOT_SUPPORTED.match(stripped):
        return Undo(redo=True)
    if SHOW_TRASH.match(stripped):
        return ShowTrash()
    if EMPTY_TRASH.match(stripped):
        return EmptyTrash()
    for pattern in _RESTORE:
        if (match := pattern.match(stripped)) is not None:
            if _LATEST_DELETED.fullmatch(match.group("ref").strip()):
                return Restore(Ref("pronoun"), latest=True)
            ref = _ref(match.group("ref"))
            if ref is not None:
                return Restore(ref)
    return read_reopen(stripped)


def read_casual(text: str, context: Context) -> Undo | None:
    """ "scrap that", "forget that last one": an undo when the last reply added, completed or
    changed a task (a delete waits for its button, so "scrap that" then is no undo)."""
    if not CASUAL_UNDO.match(text.strip(" .!")):
        return None
    changed = context.last_family in ("add", "complete", "update")
    return Undo() if changed and context.last_result.get("ok") else None


def read_reopen(text: str) -> Reopen | None:
    parts = _CLAUSE.split(text)
    # the clauses, cleaned, are read only when there are several
    segments = [trim_tail(strip_lead_ins(part)) for part in parts] if len(parts) > 1 else parts
    for segment in [*segments, text] if len(segments) > 1 else [text]:
        for pattern in _REOPEN:
            if (match := pattern.match(segment.strip(" .!"))) is not None:
                ref = _ref(match.group("ref") or "")
                if ref is not None and ref.kind == "pronoun" and len(segments) > 1:
                    ref = _named_beside([other for other in segments if other != segment]) or ref
                if ref is not None:
                    return Reopen(ref)
    return None


_CLAUSE = re.compile(r"\s*[,;]\s*|\s+(?:because|since|so)\s+|\s*[.!]\s+", NOCASE)
_NOT_DID = re.compile(rf"{_I_DID_NOT}(?P<ref>.+?){_STILL}$", NOCASE)


def _named_beside(segments: list[str]) -> Ref | None:
    """ "I didn't actually post the letters, put it back": what "it" is, said in a clause
    beside the request (the engine matches it against the finished tasks loosely)."""
    for segment in segments:
        if (match := _NOT_DID.match(segment.strip(" .!"))) is not None:
            ref = _ref(match.group("ref"))
            if ref is not None and ref.kind == "title":
                return ref
    return None


def _count(steps: re.Match[str]) -> int:
    said = (steps.group("said") or steps.group("n") or steps.group("times")).lower()
    return undo.TIMES.get(said) or (int(said) if said.isdigit() else NUMBER_WORDS.get(said)) or 1


def _ref(text: str) -> Ref | None:
    text = _AGAIN_TAIL.sub("", text.strip())
    if not text:
        return Ref("pronoun")
    return ref_from(text)
