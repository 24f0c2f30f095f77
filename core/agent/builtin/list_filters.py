"""The filters a listing names beside the one its shape was read by: "show high priority work
tasks", "what's on my plate this weekend", "what's due this weekend for work". A listing's
readers each know one shape ("my work tasks", "what's due this weekend"); whatever else the
message says of the tasks wanted (a due window, a priority, a word naming a tag) narrows the
same listing. Pure: the tag word is kept by the engine only when a tag has that name."""

from __future__ import annotations

import re
from dataclasses import replace

from core.agent.builtin.intents import ListTasks
from core.agent.builtin.lexicon.fields import PRIORITY_PHRASES
from core.agent.builtin.lexicon.time import DUE, DUE_WINDOWS
from core.agent.builtin.listing import ALL_SAID
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.tag_words import tag_word

_WINDOW = re.compile(
    rf"(?:\b(?:{alt(DUE)}|for|on|over)\s+)?\b(?P<window>{alt(DUE_WINDOWS)})\b", NOCASE
)
_WORDED = [phrase for phrase in PRIORITY_PHRASES if phrase[0].isalpha()]  # "!!" is no filter
_LEVEL = re.compile(
    rf"(?:\b(?:that\s+are|that\s+is|that'?s|which\s+are)\s+)?\b(?P<level>{alt(_WORDED)})"
    r"(?!\w)(?:\s+ones)?",
    NOCASE,
)


def with_filters(listing: ListTasks, text: str) -> ListTasks:
    """`listing` narrowed by the window, priority and tag word `text` names beside it."""
    found, rest = listing, text
    window = _WINDOW.search(rest)
    if window and listing.due is None and listing.due_phrase is None:
        if listing.status != "completed":  # "what did I finish today?": done today, not due
            found = replace(found, due=DUE_WINDOWS[window.group("window").lower()])
        rest = rest[: window.start()] + rest[window.end() :]
    level = _LEVEL.search(rest)
    if level and listing.priority is None:
        found = replace(found, priority=PRIORITY_PHRASES[level.group("level").lower()])
        rest = rest[: level.start()] + rest[level.end() :]
        if listing.tag_word in PRIORITY_PHRASES:  # "all my urgent tasks": a priority, no tag
            found = replace(found, tag_word=None)
    if found is listing:
        return listing
    if listing.tag is None and found.tag_word is None:
        found = replace(found, tag_word=tag_word(" ".join(rest.split())))
    said = listing.status != "all" or ALL_SAID.search(text)  # "all my work tasks this week"
    return replace(found, status=listing.status if said else "pending", sort_by="due")
