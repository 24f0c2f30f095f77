"""The eval case format (`tests/evals/README.md`): a case and what a conversation left behind.
Reading cases is `bot.eval_loading`, judging them `bot.eval_judging`. Pure: no database, no
agent."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


class InvalidCase(ValueError):
    """A case that does not follow the format; it fails, it is never skipped."""


@dataclass(frozen=True)
class TaskState:
    """A task as the format sees it; `due` is local: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`."""

    title: str
    description: str = ""
    completed: bool = False
    due: str | None = None
    priority: str = "low"
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Case:
    id: str
    given: tuple[TaskState, ...]
    say: tuple[str, ...]
    expect: dict[str, Any]
    press: str | None = None
    now: datetime | None = None  # the person's local time, naive
    tz: str = "UTC"


@dataclass(frozen=True)
class ReminderState:
    """A pending reminder: its task's title and the local minute it fires, `YYYY-MM-DDTHH:MM`."""

    title: str
    at: str


@dataclass(frozen=True)
class Outcome:
    """What the conversation left behind, for `judge`."""

    tasks: list[TaskState]
    reply: str
    confirmation_offered: bool
    reminders: list[ReminderState] = field(default_factory=list)
    before: tuple[list[TaskState], list[ReminderState]] | None = None  # state after `given`


@dataclass
class Loaded:
    cases: list[Case] = field(default_factory=list)
    invalid: list[tuple[str, str]] = field(default_factory=list)  # (name, reason)
