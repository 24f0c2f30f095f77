"""A rename told as what the task should say: "change #1 so it says call mum", "make #2 read
buy oat milk", "edit the milk one so that it reads oat milk"."""

from __future__ import annotations

import re

from core.agent.builtin.lexicon.fields import TITLE_WORDS
from core.agent.builtin.lexicon.numbers import NUMBER_SIGNS
from core.agent.builtin.lexicon.tasks import TASK_NOUNS
from core.agent.builtin.lexicon.verbs import SAY_VERBS, SAYS_VERBS, WORDING_VERBS
from core.agent.builtin.pattern import alt
from core.agent.builtin.words import NOCASE

_SAYS = alt(SAY_VERBS, SAYS_VERBS)
# "so it says", "so that it will read", "so it'll say".
_SO_IT = rf"so\s+(?:that\s+)?(?:it|that|the\s+{alt(TITLE_WORDS)})(?:\s+will|'ll|\s+now)?\s+{_SAYS}"
# "#2", "task 2", "the second one", "the milk one", "it": what a bare "make X read Y" may name.
_POINTED = (
    rf"(?:#\s*\d+|{alt(TASK_NOUNS, NUMBER_SIGNS)}\s*\d+|\d+|it|that|the\s+\S+(?:\s+\S+)?\s+one)"
)
WORDING_SETTERS: tuple[re.Pattern[str], ...] = (
    re.compile(rf"^{alt(WORDING_VERBS)}\s+(?P<ref>.+?),?\s+{_SO_IT}\s*:?\s+(?P<title>.+)$", NOCASE),
    re.compile(
        rf"^{alt(WORDING_VERBS)}\s+(?P<ref>{_POINTED})\s+{_SAYS}\s*:?\s+(?P<title>.+)$", NOCASE
    ),
)
