"""JSON nested deeper than any platform sends is refused before a parser reads it.

Python's json module recurses once per level, so a body of a few thousand `[` (signed by
Slack's secret, or carrying Telegram's) raised RecursionError: a 500, which the platform
retries. Slack's and Telegram's payloads nest about a dozen levels; MAX_DEPTH leaves them
room several times over. The check is one pass over the text, counting brackets outside
strings.
"""

from __future__ import annotations

import re
from itertools import accumulate, repeat
from operator import sub

MAX_DEPTH = 64
# A string: to its closing quote, or to the end of a text that never closes it. It always
# matches where it starts, so stripping strings never backtracks over the text.
_STRING = re.compile(r'"[^"\\]*(?:\\.?[^"\\]*)*(?:"|\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
# An opening bracket as 2 and a closing one as 0: one less each is the step in depth.
_STEPS = str.maketrans({"[": "\x02", "{": "\x02", "]": "\x00", "}": "\x00"})


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON in `text` opens more than `limit` arrays and objects inside each
    other (strings do not count; malformed JSON may count either way, and fails to parse)."""
    if text.count("[") + text.count("{") <= limit:  # the usual answer, without a scan
        return False
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    steps = brackets.translate(_STEPS).encode()
    return max(accumulate(map(sub, steps, repeat(1))), default=0) > limit
