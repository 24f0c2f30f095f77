"""Messages that must change nothing: attempts to change the rules, and batch operations."""

from __future__ import annotations

import re

from core.agent.builtin.lexicon import safety as unsafe
from core.agent.builtin.lexicon.questions import LIST_KINDS
from core.agent.builtin.lexicon.tasks import TASK_NOUNS
from core.agent.builtin.lexicon.verbs import DONE_FIRST
from core.agent.builtin.pattern import NOCASE, alt

INJECTION = re.compile(
    rf"\b{alt(unsafe.OVERRIDE_VERBS)}\b.{{0,40}}\b{alt(unsafe.RULES)}\b|\b{alt(unsafe.TAKEOVERS)}\b"
    rf"|\b(?:other|another|all|every|each|any)\s+{alt(unsafe.USERS)}(?!\w)|\b{alt(unsafe.USER_IDS)}\b",
    NOCASE,
)
_WHOLE = rf"(?:{alt(unsafe.WHOLE)}\s+)?"
_BATCH_WORDS = (
    rf"\b(?:all|every|each|everything|{alt(unsafe.WHOLE)}|both|them\s+all|all\s+of\s+them|{alt(unsafe.THE_LOT)}|"
    rf"(?:my|the)\s+{_WHOLE}{alt(unsafe.ALL_THE_TASKS)})"
)
_BATCH_OBJECT = (
    rf"(?:all|every\w*|everything|both|them\s+all|all\s+of\s+them|{alt(unsafe.THE_LOT)}|it\s+all|"
    rf"(?:the|my|our)\s+{_WHOLE}{alt(unsafe.ALL_THE_TASKS)}|"
    rf"(?:(?:my|the|all)\s+)?(?:{alt(LIST_KINDS)}|old)\s+(?:{alt(TASK_NOUNS.values())}|ones)|{alt(unsafe.BARE_TASKS)})\b"
)
BATCH_DELETE = re.compile(
    rf"\b{alt(unsafe.BATCH_DELETE_VERBS)}\s+(?:out\s+|up\s+|off\s+)?{_BATCH_OBJECT}"
    rf"|\b{alt(unsafe.WIPE_VERBS)}\s+(?:it|everything|out)\b"
    rf"|^{alt(unsafe.FRESH_START)}$",
    NOCASE,
)
_DONE = alt(DONE_FIRST)
BATCH_COMPLETE = re.compile(
    rf"\b{alt(unsafe.BATCH_COMPLETE_VERBS)}\b.*{_BATCH_WORDS}(?:\s+(?:as\s+)?{_DONE})?$"
    rf"|^{_BATCH_WORDS}\s+(?:is\s+|are\s+)?{_DONE}$"
    rf"|^(?:i\s+)?{alt(unsafe.BATCH_DID)}\s+(?:all|everything|them\s+all|all\s+of\s+them)\b",
    NOCASE,
)
