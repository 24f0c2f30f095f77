"""The team list asked for in plain words: "what's assigned to me?", "what's on the team
list?", "add X to the team list [for friday]", read as the `team` command."""

from __future__ import annotations

import re

_ASKS_MINE = re.compile(
    r"^(?:what(?:'?s|\s+is|\s+are)|which\s+tasks\s+are|show\s+(?:me\s+)?(?:what(?:'?s|\s+is)))"
    r"\s+(?:been\s+)?assigned\s+to\s+me\??$",
    re.IGNORECASE,
)


_ADD_TO_TEAM = re.compile(
    r"^(?:please\s+)?(?:add|put)\s+(?P<title>.+?)\s+(?:to|on)\s+the\s+team(?:'?s)?\s+list"
    r"(?P<rest>(?:\s+.+?)?)[.!]?$",
    re.IGNORECASE | re.DOTALL,
)
_ASKS_TEAM = re.compile(
    r"^(?:what(?:'?s|\s+is)\s+on\s+the\s+team(?:'?s)?\s+list|show\s+(?:me\s+)?the\s+team"
    r"(?:'?s)?\s+list|team\s+list)\??$",
    re.IGNORECASE,
)


def recognise(text: str) -> tuple[str, str] | None:
    """ "what's assigned to me?" as `team mine`, "what's on the team list?" as `team`, and
    "add X to the team list [for friday]" as `team add X [for friday]`."""
    said = " ".join(text.split())
    if _ASKS_MINE.match(said):
        return "team", "mine"
    if _ASKS_TEAM.match(said):
        return "team", ""
    if match := _ADD_TO_TEAM.match(said):
        return "team", f"add {match.group('title')}{match.group('rest')}".strip()
    return None
