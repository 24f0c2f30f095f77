"""What a reminder request asks for, as `reminding.read` returns it and `reminder_acts`
carries it out."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time


@dataclass(frozen=True)
class RemindNew:
    """A task to remind about, by title (a new one, or the open one of that title)."""

    title: str
    at: datetime
    timed: bool = True  # a time was said; else the task is due that day, reminded at 09:00
    priority: str | None = None  # "…, urgent" / "#home" beside the title (timed.title_fields)
    tags: tuple[str, ...] = ()
    about: bool = False  # "ping me at 4 about the slides": the title may name a task loosely


@dataclass(frozen=True)
class RemindAbout:
    target: str  # "" means the task the conversation is about
    at: datetime


@dataclass(frozen=True)
class RemindBefore:
    target: str
    minutes: int
    clock: time | None = None  # "the night before at 8pm": whole days before the due day, then


@dataclass(frozen=True)
class ShiftReminder:
    """ "make the reminder 30 minutes earlier": moved by `minutes` (negative is earlier)."""

    target: str
    minutes: int


@dataclass(frozen=True)
class MoveLastReminder:
    """ "actually make it 6pm" right after a reminder was set: that reminder, and the due
    when it was set with the task's time."""

    at: datetime
    day_said: bool = True  # "make it 6pm" keeps the reminder's day; "make it friday 6pm" not
    phrase: str = ""  # the time as said: "make it 6" after 5pm is 18:00 (clock.in_old_half)


@dataclass(frozen=True)
class CancelReminder:
    target: str


@dataclass(frozen=True)
class CancelAllReminders:
    """ "cancel all my reminders": every pending reminder; the tasks stay."""


@dataclass(frozen=True)
class ListReminders:
    """ "what reminders do I have?"."""


@dataclass(frozen=True)
class AskWhen:
    """ "remind me about #3" with no time."""

    target: str


ReminderIntent = (
    RemindNew
    | RemindAbout
    | RemindBefore
    | ShiftReminder
    | MoveLastReminder
    | CancelReminder
    | CancelAllReminders
    | ListReminders
    | AskWhen
)
