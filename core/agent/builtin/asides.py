"""An edit followed by a reason or a remark: "make the tap one high priority, it's getting
worse", "set the loft to low priority, no rush", "move the vet to friday, got too much on".
The aside asks nothing, so the edit before it is read as if it stood alone (and the aside
never ends up in a title or a date). An aside that names a date, or a priority the edit does
not set, is no aside ("…, it can wait till monday", "move it to friday, it's urgent"): that
message is left to the other readers."""

from __future__ import annotations

import re

from core.agent.builtin import changes, due_told
from core.agent.builtin.dates import shape_of
from core.agent.builtin.intents import Intent, ref_of
from core.agent.builtin.lexicon.fields import PRIORITY_NOUNS, PRIORITY_PHRASES
from core.agent.builtin.lexicon.talk import ASIDE_STARTS, BECAUSE
from core.agent.builtin.pattern import NOCASE, alt

_ASIDE = re.compile(
    rf"(?:\s*[,;:]\s*|\s+[-–—]+\s*|\s*\.\s+|\s+(?={alt(BECAUSE)}\b))"
    rf"(?P<aside>{alt(ASIDE_STARTS)}(?![\w']).*)$",
    NOCASE,
)
_ASKS_MORE = re.compile(rf"\b{alt(PRIORITY_PHRASES, PRIORITY_NOUNS)}\b", NOCASE)


def read_change(text: str) -> Intent | None:
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
