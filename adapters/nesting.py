"""JSON nested deeper than any platform sends is refused before a parser reads it.

Python's json module recurses once per level, so a body of a few thousand `[` (signed by
Slack's secret, or carrying Telegram's) raised RecursionError: a 500, which the platform
retries. Slack's and Telegram's payloads nest about a dozen levels; MAX_DEPTH leaves them
room several times over. The check is one pass over the brackets outside strings.
"""

from __future__ import annotations

import re

MAX_DEPTH = 64
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON in `text` opens more than `limit` arrays and objects inside each
    other (strings do not count; malformed JSON may count either way, and fails to parse)."""
    if text.count("[") + text.count("{") <= limit:  # the usual answer, without a scan
        return False
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if bracket[0] in "[{" else -1
        if depth > limit:
            return True
    return False
