"""Taking things back: undo, reopen, the trash (show, restore, empty). Pure reading, no I/O.

The words are data here, one pattern per way of saying it; `read` tries them on the whole
(cleaned) message, so "oops I meant buy oat milk" stays a correction, not an undo.
"""

from __future__ import annotations

import re

from core.agent.builtin.intents import EmptyTrash, Intent, Ref, Reopen, Restore, ShowTrash, Undo
from core.agent.builtin.words import NOCASE, ref_from

_OOPS = (
    r"(?:oops+|whoops+|woops+|oh\s+no|uh\s+oh|ugh|argh|damn|dang|shoot|crap|my\s+bad|sorry|"
    r"wait|no|nope|hmm+|ah|oh|actually|never\s*mind|nvm|ok|okay|please|hey)"
)
# Said alone, these take the last change back; the milder ones ("wait", "hmm") only lead in.
_OOPS_ALONE = r"(?:oops+|oopsie|whoops+|woops+|oh\s+no|uh\s+oh|my\s+bad|oh\s+dear)"
_TAIL = (
    r"(?:\s+(?:that|it|this|please|pls|now|again|too|the\s+(?:last|previous)\s+(?:one|change|"
    r"thing|action|step|edit|command)|last|my\s+last\s+(?:change|action|one|step|edit|command)|"
    r"what\s+i\s+(?:just\s+)?did|the\s+last\s+thing(?:\s+i\s+did)?|one\s+more\s+(?:time|step)|"
    r"(?:the\s+)?(?:delete|deletion|rename|renaming|edit|completion|change|add|addition)|"
    r"(?:my|the|that)\s+(?:delete|deletion|rename|edit|change|mistake|last\s+\w+)))*"
)
UNDO = re.compile(
    rf"^(?:{_OOPS}[\s,.!]*)*(?:(?:can|could|would)\s+you\s+|please\s+|just\s+|pls\s+)?"
    r"(?:undo|un-do|revert|reverse|roll\s*back|rollback|roll\s+(?:that|it)\s+back|take\s+(?:that|it|this)\s+back|"
    r"ctrl\s*\+?\s*z|cmd\s*\+?\s*z|go\s+back|put\s+(?:it|that)\s+back(?:\s+(?:the\s+way|how)\s+it\s+was)?|"
    r"change\s+(?:it|that)\s+back|set\s+(?:it|that)\s+back|switch\s+(?:it|that)\s+back|"
    r"scratch\s+that|cancel\s+(?:that|the\s+last\s+(?:one|change|thing))|reverse\s+that|"
    r"put\s+things\s+back|back\s+out\s+(?:that|the\s+last\s+change))"
    rf"{_TAIL}[\s!.]*$"
    rf"|^(?:{_OOPS_ALONE}[\s,.!]*)+$"
    r"|^(?:{oops}[\s,.!]*)*i\s+(?:didn'?t|did\s+not|never)\s+(?:mean|want)\s+(?:to\s+)?"
    r"(?:do\s+)?(?:that|this|it)?(?:\s+(?:at\s+all|please\s+undo|undo\s+(?:it|that)))?[\s!.]*$"
    r"|^(?:{oops}[\s,.!]*)*i\s+(?:didn'?t|did\s+not|never)\s+(?:mean|want)\s+to\s+"
    r"(?:add|delete|remove|complete|finish|rename|change|edit|mark|tick|check|do)\b.*$"
    r"|^(?:that|this)\s+was\s+(?:a\s+)?(?:mistake|wrong|an?\s+accident|by\s+accident)[\s!.]*$"
    r"|^(?:{oops}[\s,.!]*)*(?:wrong\s+(?:one|button|task)|mistake|my\s+mistake|misclick|typo)[\s!.]*"
    r"(?:(?:please\s+)?undo(?:\s+(?:it|that))?)?[\s!.]*$".replace("{oops}", _OOPS),
    NOCASE,
)
REDO_NOT_SUPPORTED = re.compile(
    r"^(?:redo|re-do|undo\s+(?:the\s+|my\s+|that\s+)?undo)(?:\s+(?:that|it))?$", NOCASE
)

_TRASH = r"(?:trash|trash\s+can|bin|rubbish(?:\s+bin)?|recycle\s+bin|wastebasket|garbage)"
_DELETED = (
    r"(?:deleted|removed|trashed|binned)\s+(?:tasks?|items?|todos?|to-?dos?|ones|stuff|things|list)"
    r"|recently\s+deleted(?:\s+(?:tasks?|items?))?"
)
SHOW_TRASH = re.compile(
    r"^(?:(?:can|could)\s+(?:you\s+|i\s+)?)?(?:show|list|display|see|view|open|check|give)?\s*(?:me\s+)?"
    rf"(?:what'?s|what\s+is|whats|anything|everything|stuff)?\s*(?:in\s+)?(?:my\s+|the\s+)?(?:{_TRASH}|{_DELETED})"
    r"(?:\s+(?:tasks|items|list|folder|contents))?\??$"
    r"|^(?:what|which\s+(?:tasks?|ones|items?|things?))\s+(?:did|have)\s+i\s+(?:deleted?|removed?|"
    r"trashed|thrown\s+away)(?:\s+(?:recently|lately|so\s+far|today))?\??$"
    r"|^(?:show|list|display)\s+(?:me\s+)?(?:the\s+)?(?:deleted|removed)(?:\s+ones)?$"
    r"|^(?:is|are)\s+there\s+(?:anything|any\s+tasks?)\s+in\s+(?:the\s+|my\s+)?" + _TRASH + r"\??$",
    NOCASE,
)
EMPTY_TRASH = re.compile(
    r"^(?:(?:please|can\s+you|could\s+you)\s+)?(?:empty|clear|purge|clean\s+out|clean|wipe|flush|"
    r"nuke|take\s+out)\s+(?:out\s+)?(?:the\s+|my\s+)?" + _TRASH + r"(?:\s+(?:can|now|please))?$"
    r"|^(?:permanently\s+|forever\s+)?(?:delete|erase|remove)\s+(?:everything|all|all\s+the\s+tasks|"
    r"all\s+tasks)\s+(?:in|from)\s+(?:the\s+|my\s+)?"
    + _TRASH
    + r"(?:\s+(?:for\s+good|permanently))?$"
    r"|^(?:permanently\s+)?(?:delete|erase)\s+(?:my\s+|the\s+|all\s+)?(?:deleted|trashed)\s+"
    r"(?:tasks|items|todos)(?:\s+(?:for\s+good|permanently|forever))?$",
    NOCASE,
)
_FROM_TRASH = (
    r"(?:\s+(?:from|out\s+of)\s+(?:the\s+|my\s+)?" + _TRASH + r")?"
    r"(?:\s+(?:to|on|onto)\s+(?:my|the)\s+(?:list|tasks|todos))?"
)
_RESTORE = (
    re.compile(
        r"^(?:restore|undelete|un-delete|recover|retrieve|rescue|resurrect|bring\s+back|get\s+back)"
        rf"\s+(?P<ref>.+?){_FROM_TRASH}(?:\s+please)?$",
        NOCASE,
    ),
    re.compile(
        r"^(?:bring|get|put|move)\s+(?P<ref>.+?)\s+back"
        r"(?:\s+(?:from|out\s+of)\s+(?:the\s+|my\s+)?" + _TRASH + r")?"
        r"(?:\s+(?:to|on|onto|in|into)\s+(?:my|the)\s+(?:list|tasks|todos))?$",
        NOCASE,
    ),
    re.compile(
        r"^(?:take|get|pull|fish)\s+(?P<ref>.+?)\s+(?:back\s+)?out\s+of\s+(?:the\s+|my\s+)?"
        + _TRASH
        + r"$",
        NOCASE,
    ),
)

# "the deleted task", "what I just deleted", "the last deleted one": the latest in the trash.
_LATEST_DELETED = re.compile(
    r"^(?:the\s+|my\s+|that\s+)?(?:(?:last|latest|most\s+recent(?:ly)?|recently|just|previously)\s+)?"
    r"(?:deleted|removed|trashed|binned)(?:\s+(?:task|item|todo|to-?do|one|thing|entry))?"
    r"|(?:what|whatever|the\s+(?:task|one|item|thing))\s+(?:i|you)\s+(?:just\s+|last\s+)?"
    r"(?:deleted|removed|trashed|binned)(?:\s+(?:last|just\s+now|earlier|by\s+mistake))?"
    r"|(?:my|the)\s+last\s+(?:deletion|deleted)",
    NOCASE,
)

_NOT_DONE = (
    r"(?:not\s+(?:yet\s+)?(?:done|complete(?:d)?|finished|ticked|checked)|undone|incomplete|"
    r"unfinished|uncompleted|pending|open|to-?do|active|outstanding)"
)
_REOPEN = (
    re.compile(
        r"^(?:re-?open|un-?tick|un-?check|un-?complete|un-?finish|un-?mark|un-?done|"
        r"undo\s+(?:the\s+)?(?:completion\s+of|done\s+on|completing)|restart|reactivate|revive)"
        r"\s+(?P<ref>.+?)(?:\s+again)?$",
        NOCASE,
    ),
    re.compile(
        r"^(?:mark|set|make|put|move|flag|turn|change)\s+(?P<ref>.+?)\s+(?:back\s+)?"
        rf"(?:(?:as|to|into)\s+)?{_NOT_DONE}(?:\s+again)?$",
        NOCASE,
    ),
    re.compile(
        r"^(?:actually\s+)?(?P<ref>.+?)\s+(?:isn'?t|is\s+not|wasn'?t|was\s+not|'?s\s+not|ain'?t)\s+"
        r"(?:actually\s+|really\s+|even\s+)?(?:done|finished|complete(?:d)?)"
        r"(?:\s+(?:yet|after\s+all|actually|then))?$",
        NOCASE,
    ),
    re.compile(
        r"^(?:actually\s+|oops\s+|turns\s+out\s+)?i\s+(?:didn'?t|did\s+not|haven'?t|have\s+not|never|"
        r"hadn'?t)\s+(?:actually\s+|really\s+|quite\s+)?(?:finish(?:ed)?|complete(?:d)?|do|done|did|"
        r"get\s+to|manage\s+to\s+(?:do|finish))\s+(?P<ref>.+?)(?:\s+(?:after\s+all|yet|actually|then))?$",
        NOCASE,
    ),
    re.compile(
        r"^(?:actually\s+)?(?:it'?s|its|that'?s|thats|it\s+is|that\s+is|this\s+is)\s+(?P<ref>)"
        r"(?:not|n'?t)\s+(?:done|finished|complete(?:d)?)(?:\s+(?:yet|after\s+all|actually))?$",
        NOCASE,
    ),
    re.compile(r"^(?P<ref>)not\s+(?:done|finished)\s+(?:yet|after\s+all)$", NOCASE),
)


def read(text: str) -> Intent | None:
    """An undo, a reopen or a trash request, or None."""
    stripped = text.strip(" .!")
    if UNDO.match(stripped):
        return Undo()
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


def read_reopen(text: str) -> Reopen | None:
    segments = re.split(r"\s*[,;]\s*|\s+(?:because|since|as)\s+", text)
    for segment in [*segments, text] if len(segments) > 1 else [text]:
        for pattern in _REOPEN:
            if (match := pattern.match(segment.strip(" .!"))) is not None:
                ref = _ref(match.group("ref"))
                if ref is not None:
                    return Reopen(ref)
    return None


def _ref(text: str) -> Ref | None:
    text = re.sub(r"\s+(?:after\s+all|again|please|pls)$", "", text.strip(), flags=NOCASE)
    if not text:
        return Ref("pronoun")
    return ref_from(text)
