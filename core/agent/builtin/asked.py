"""The questions about tasks that only read: how many, which match, what comes next, what was
added when. Plain data, named in `intents.py` with the rest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Status = Literal["all", "pending", "completed"]


@dataclass(frozen=True)
class NextDue:
    """ "what's my next deadline?": the open task whose due comes first."""


@dataclass(frozen=True)
class Search:
    """ "do I have anything about the dentist?": the tasks whose titles mention `query`."""

    query: str


@dataclass(frozen=True)
class Count:
    status: Status = "all"


@dataclass(frozen=True)
class AddedWhen:
    """ "what did I add yesterday?", "what was the last thing I added?": by creation time."""

    window: Literal["last", "recent", "today", "yesterday", "week"]
