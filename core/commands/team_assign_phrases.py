"""Assignment in plain words, addressed to the bot in a channel or group, read as the `team`
command: "assign 3 to @bob", "reassign 3 to me", "give the deploy task to @carol", "hand #2
to @bob", "unassign 3", "take @bob off 3"."""

from __future__ import annotations

import re

_POLITE = r"^(?:please\s+)?(?:can\s+you\s+|could\s+you\s+)?"
_END = r"(?:,?\s+please)?\s*[.!?]?$"
_WHO = r"(?P<who>@[\w.\-]*\w|me|myself|\w[\w'\-]*(?:\s+\w[\w'\-]*)?)"
_ASSIGN = re.compile(
    _POLITE + r"(?:re)?assign\s+(?P<what>.+?)\s+to\s+" + _WHO + _END, re.IGNORECASE | re.DOTALL
)
# "give"/"hand" reads as an assignment only about a task: by number, "… task", or to an @name
_GIVE = re.compile(
    _POLITE + r"(?:give|hand)\s+(?P<what>.+?)\s+to\s+" + _WHO + _END, re.IGNORECASE | re.DOTALL
)
_UNASSIGN = re.compile(
    _POLITE + r"(?:unassign\s+(?P<what>.+?)|take\s+(?:@[\w.\-]*\w|me)\s+off\s+(?P<off>.+?))" + _END,
    re.IGNORECASE | re.DOTALL,
)


def recognise_assignment(text: str) -> tuple[str, str] | None:
    """("team", "assign <what> to <who>") or ("team", "unassign <what>"), or None."""
    said = " ".join(text.split())
    if match := _ASSIGN.match(said):
        return "team", f"assign {match.group('what')} to {match.group('who')}"
    if (match := _GIVE.match(said)) and _about_a_task(match.group("what"), match.group("who")):
        return "team", f"assign {match.group('what')} to {match.group('who')}"
    if match := _UNASSIGN.match(said):
        return "team", f"unassign {match.group('what') or match.group('off')}"
    return None


def _about_a_task(what: str, who: str) -> bool:
    """ "give 3 to @bob", "give the deploy task to me": not "give the dog a bath"."""
    return what.removeprefix("#").isdigit() or what.lower().endswith(" task") or who.startswith("@")
