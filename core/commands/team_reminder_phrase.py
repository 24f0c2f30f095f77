"""A reminder for someone else asked in plain words: "remind @bob about 3 tomorrow at 9" is
`team remind @bob about 3 tomorrow at 9` (a person's own reminders never name anyone)."""

from __future__ import annotations

import re

_REMIND_SOMEONE = re.compile(
    r"^(?:please\s+)?remind\s+(?P<who>@[\w.\-]+)\s+(?:about|of)\s+(?:task\s+)?#?(?P<number>\d+)"
    r"\s+(?P<when>.+?)[.!]?$",
    re.IGNORECASE | re.DOTALL,
)


def recognise_reminder(text: str) -> tuple[str, str] | None:
    said = " ".join(text.split())
    match = _REMIND_SOMEONE.match(said)
    if match is None:
        return None
    who, number, when = match.group("who", "number", "when")
    return "team", f"remind {who} about {number} {when}"
