"""What a message says after all when its words were misread: another language, or a
request with misspelt words ("shwo my tsaks", "mrak 1 as done"). Pure: the message and the
caller's reader of one operation in, an intent (or None) out."""

from __future__ import annotations

from collections.abc import Callable

from core.agent.builtin import chitchat, language, typos, verbs
from core.agent.builtin.intents import (
    AskWhich,
    Chitchat,
    Complete,
    Count,
    Delete,
    Intent,
    ListTasks,
    NotEnglish,
    Ref,
    Search,
    Update,
    ref_of,
)

Reader = Callable[[str], Intent]


def respelled(found: Intent, text: str, single: Reader) -> Intent:
    """ "mrak 1 as done" read as a task titled "mrak 1 as": spelled right, it names task 1."""
    ref = ref_of(found)
    if not isinstance(found, Complete | Delete | Update) or not isinstance(ref, Ref):
        return found
    if ref.kind != "title" or ref.quoted or (fixed := typos.corrected(text)) is None:
        return found
    again = single(verbs.fix_verb_typo(fixed))
    better = ref_of(again)
    if type(again) is type(found) and isinstance(better, Ref) and better.kind != "title":
        return again
    return found


def misread(text: str, single: Reader, definite: Callable[[Intent], bool]) -> Intent | None:
    """What a message nothing could read says after all: another language, or a request
    with misspelt words ("shwo my tsaks"). `definite`: whether an intent asks for an act."""
    if language.not_english(text):
        return NotEnglish()
    fixed = typos.corrected(text)
    if fixed is None:
        return None
    if chitchat.HELP.match(fixed):
        return Chitchat("help")  # "hlep"
    found = single(verbs.fix_verb_typo(fixed))
    if isinstance(found, ListTasks | Count | Search | AskWhich):
        return found
    ref = ref_of(found)
    # a corrected verb acts only on a task named by number or position: "remote control
    # batteries" is a title, not "remove …"
    if definite(found) and isinstance(ref, Ref) and ref.kind != "title":
        return found
    return None
