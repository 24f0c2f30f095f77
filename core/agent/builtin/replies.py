"""Reading tool envelopes and phrasing what they said: shared by every kind of turn."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from core.agent.builtin import phrases
from core.agent.builtin.notes import known_tasks
from core.agent.builtin.refs import Known
from core.tools import Envelope

# A tool, called by name with its arguments (`Turn.call`).
Call = Callable[..., Awaitable[Envelope]]


def knowns(envelope: Envelope) -> list[Known]:
    return list(known_tasks(envelope.data.get("tasks")))


def state(task: Known) -> str:
    return f"#{task.number} “{task.title}”: " + ("done" if task.completed else "still to do")


def count_of(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def failure(result: Envelope) -> str:
    message = result.message
    if result.error == "NOT_FOUND":
        return message + phrases.NOT_FOUND_TAIL
    if result.error == "VALIDATION_ERROR" and "limit" in message:
        return message + " Could you make it shorter?"
    if result.error == "VALIDATION_ERROR" and "no due date" in message:
        return message + phrases.ASK_DUE_OR_TIME  # "remind me an hour before" it
    return message
