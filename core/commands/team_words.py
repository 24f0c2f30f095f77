"""How the team commands read what was typed (the people named, a due, a repeat) and say a
task."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, time, tzinfo

from core.domain.task_text import due_of
from core.domain.when import Due, show_due_plain
from core.storage.models import Task
from core.types import Mention

# Reads a due out of a title ("fix the build friday" -> ("fix the build", Friday)), or None.
DateReader = Callable[[str, datetime, tzinfo], tuple[str, Due] | None]


@dataclass(frozen=True)
class RepeatWords:
    """A repeat read out of what was typed: the title without it (empty for a bare repeat),
    its rule (an RRULE) and the time of day it names, if any."""

    title: str
    rule: str
    at: time | None


# Reads a repeat out of a title ("water the plants every monday"), or None.
RepeatReader = Callable[[str, datetime, tzinfo], RepeatWords | None]
# Reads an amount before a due ("1 day before", "30 min before it's due") in minutes, or None.
BeforeReader = Callable[[str], int | None]


@dataclass(frozen=True)
class TeamReaders:
    """How the team commands read dates, repeats and amounts before a due (the builtin
    engine's readers, passed down from the app)."""

    date: DateReader
    repeat: RepeatReader
    before: BeforeReader


_AT_NAME = re.compile(r"(?<!\S)@[\w.\-]+")


class NotUnderstood(Exception):
    """What was typed names nobody the platform identified, or too many people."""


@dataclass(frozen=True)
class Named:
    """What was typed, without the person it names (if any)."""

    rest: str
    person: Mention | None


def named_person(text: str, mentions: Sequence[Mention]) -> Named:
    """The one person `text` names, as the platform identified them. An `@name` the platform
    did not identify is refused rather than guessed."""
    found = [mention for mention in mentions if mention.text and mention.text in text]
    if len(found) > 1:
        raise NotUnderstood("A task has one assignee: name one person.")
    rest = text.replace(found[0].text, " ", 1) if found else text
    unknown = _AT_NAME.search(rest)
    if unknown is not None:
        raise NotUnderstood(
            f"I don't know who {unknown.group(0)} is here, so I changed nothing. "
            "Mention them so the app can see who they are (they must be in this chat)."
        )
    return Named(" ".join(rest.split()), found[0] if found else None)


def says_me(text: str) -> bool:
    return text.strip().lower() in ("me", "myself")


def task_line(task: Task, assignee: str | None, *, now: datetime, zone: tzinfo) -> str:
    due = due_of(task)
    parts = [f"#{task.number} {task.title}"]
    if assignee:
        parts.append(f"→ {assignee}")
    if due is not None:
        parts.append(f"(due {show_due_plain(due, zone, now=now)})")
    if task.priority != "low":
        parts.append(f"[{task.priority}]")
    parts.extend(f"#{tag}" for tag in task.tags)
    return " ".join(parts)


def due_words(task: Task, *, now: datetime, zone: tzinfo) -> str:
    due = due_of(task)
    return f", due {show_due_plain(due, zone, now=now)}" if due is not None else ""
