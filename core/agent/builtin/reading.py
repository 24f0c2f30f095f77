"""What the engine read in one message, before it acts on any of it.

Reading is pure: it looks at the words and the conversation (`Context`) and changes nothing,
so a caller can look at a reading and decide who answers it (the engine acting on it, or
someone else) before anything has happened. One of the requests is set, or a request and
the reminder asked after it ("done 3, remind me about 4 at 5pm")."""

from __future__ import annotations

from dataclasses import dataclass

from core.agent.builtin.context import Context
from core.agent.builtin.intents import Intent
from core.agent.builtin.reminder_intents import ReminderIntent
from core.agent.builtin.repeating import AddRepeating, StopRepeating


@dataclass(frozen=True)
class Reading:
    context: Context
    intent: Intent | None = None
    reminder: ReminderIntent | None = None
    also: ReminderIntent | None = None  # a second, its verb carried ("… and to email dad")
    repeat: AddRepeating | StopRepeating | None = None
    # The message's length, when it is longer than one request can need (it is not read).
    too_long: int | None = None
