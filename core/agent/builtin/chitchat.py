"""Help, greetings, thanks, yes and no: whole messages that name no task."""

from __future__ import annotations

import re

from core.agent.builtin.lexicon import talk
from core.agent.builtin.pattern import NOCASE, alt, drawn

HELP = re.compile(rf"^(?:{alt(talk.HELP)}|\?+)$", NOCASE)
GREETING = re.compile(
    rf"^(?:{alt(talk.GREETINGS)}|{drawn(talk.DRAWN_OUT_GREETINGS)})(?:\s+{alt(talk.GREETED)})?$",
    NOCASE,
)
THANKS = re.compile(rf"^(?:{alt(talk.THANKS)}|{drawn(talk.DRAWN_OUT_THANKS)})$", NOCASE)
YES = re.compile(rf"^{alt(talk.YES)}$", NOCASE)
NO = re.compile(rf"^{alt(talk.NO)}$", NOCASE)
NEVER_MIND = re.compile(rf"^{alt(talk.NEVER_MIND)}$", NOCASE)
