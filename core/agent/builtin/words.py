"""Words the verb readers share: list nouns, "done" words, and reading a task reference."""

from __future__ import annotations

import re

from core.agent.builtin.intents import Ref
from core.agent.builtin.refs import parse_ref

NOCASE = re.IGNORECASE
LIST_NOUN = (
    r"(?:(?:to-?do|todo|to do|task|tasks|shopping)\s+)?(?:list|tasks|todos|to-?dos|task list)"
)
ON_MY_LIST = re.compile(
    rf"\s+(?:to|on|onto|in|into|for|off|from|of)\s+(?:my|the|our)\s+{LIST_NOUN}$", NOCASE
)
DONE_WORD = (
    r"(?:done|complete|completed|finished|checked(?:\s+off)?|ticked(?:\s+off)?|resolved|closed|"
    r"✓|✔|✅|☑)"
)
NOT_A_REF = re.compile(
    r"^(?:i'?m|im|i am|we'?re|we are|all|just|almost|nearly|not|half|not yet|you|are you|"
    r"is it|it is|mostly|partially|is everything|everything is|am i|i'?m all|we'?re all|"
    r"mark|set|be|get|getting|got|get it|is|it'?s|that'?s|almost all|well)$",
    NOCASE,
)


def ref_from(text: str) -> Ref | None:
    """A reference, without a trailing "on my list"; None for words that point at nothing."""
    text = ON_MY_LIST.sub("", text.strip())
    if not text or NOT_A_REF.match(text):
        return None
    return parse_ref(text)
