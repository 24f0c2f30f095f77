"""Help, greetings, thanks, yes and no: whole messages that name no task."""

from __future__ import annotations

import re

from core.agent.builtin.lexicon.talk import (
    DRAWN_OUT_GREETINGS,
    DRAWN_OUT_THANKS,
    GREETED,
    GREETINGS,
)
from core.agent.builtin.lexicon.talk import (
    HELP as HELP_WORDS,
)
from core.agent.builtin.lexicon.talk import (
    NEVER_MIND as NEVER_MIND_WORDS,
)
from core.agent.builtin.lexicon.talk import (
    NO as NO_WORDS,
)
from core.agent.builtin.lexicon.talk import (
    THANKS as THANKS_WORDS,
)
from core.agent.builtin.lexicon.talk import (
    YES as YES_WORDS,
)
from core.agent.builtin.pattern import NOCASE, alt, drawn

HELP = re.compile(rf"^(?:{alt(HELP_WORDS)}|\?+)$", NOCASE)
GREETING = re.compile(
    rf"^(?:{alt(GREETINGS)}|{drawn(DRAWN_OUT_GREETINGS)})(?:\s+{alt(GREETED)})?$", NOCASE
)
THANKS = re.compile(rf"^(?:{alt(THANKS_WORDS)}|{drawn(DRAWN_OUT_THANKS)})$", NOCASE)
YES = re.compile(rf"^{alt(YES_WORDS)}$", NOCASE)
NO = re.compile(rf"^{alt(NO_WORDS)}$", NOCASE)
NEVER_MIND = re.compile(rf"^{alt(NEVER_MIND_WORDS)}$", NOCASE)
