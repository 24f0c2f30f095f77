"""A reminder at a time of day, days before a task's due day: "remind me the night before at
8pm", "remind me about the rent two days before it's due at 9am". Pure reading; the act
(`reminder_acts`) finds the task's due day and asks when it has none."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from datetime import date, datetime, time, timedelta, tzinfo

from core.agent.builtin import phrases
from core.agent.builtin.clock import time_of_day
from core.agent.builtin.dates import minutes_in
from core.agent.builtin.lexicon.reminders import BEFORE_WORDS, DAYS_BEFORE_PARTS, REGARDING
from core.agent.builtin.lexicon.time import PARTS_OF_DAY
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import sure_matches
from core.agent.builtin.reminder_intents import RemindBefore
from core.agent.builtin.reminder_patterns import SAYS_REMIND_ME, reminder_target
from core.agent.builtin.replies import knowns
from core.tools import Envelope

Call = Callable[..., Awaitable[Envelope]]

DAY = 24 * 60
_DAY_BEFORE = re.compile(
    rf"{SAYS_REMIND_ME.pattern}(?:\s+(?:{alt(REGARDING)}|for)\s+(?P<what>.+?))?\s+"
    rf"(?:the\s+|(?P<days>\w+(?:\s+of)?)\s+)(?P<part>{alt(DAYS_BEFORE_PARTS)})"
    rf"\s+(?:{alt(BEFORE_WORDS)})(?:\s+(?P<clock>(?:at\s+)?\d.*|at\s+\w+))?$",
    NOCASE,
)


def read(said: str, now: datetime, zone: tzinfo) -> RemindBefore | None:
    """The days before the due day, and the time of day the reminder is set at."""
    found = _DAY_BEFORE.search(said.strip(" .!?"))
    if found is None:
        return None
    part = found.group("part").lower().rstrip("s")
    clock = time_of_day(found.group("clock"), part if part in PARTS_OF_DAY else None)
    minutes = minutes_in(f"{found.group('days') or 'a'} days")
    if minutes is None or minutes % DAY:
        return None
    # "the day before" with no time counts from the due's own time, as "a day before" does
    return RemindBefore(reminder_target(found.group("what") or ""), minutes, clock)


async def days_before_due(call: Call, target: str, minutes: int, clock: time) -> datetime | str:
    """The local minute `minutes` (whole days) before the task's due day at `clock`; a
    question instead when the task is not one of the open ones or has no due."""
    listed = await call("list_tasks", status="pending")
    tasks = listed.data.get("tasks", []) if listed.ok else []
    number = target.strip().lstrip("#")
    named = {task.number for task in sure_matches(knowns(listed), target)}
    found = [task for task in tasks if str(task["number"]) == number or task["number"] in named]
    if len(found) != 1:
        return phrases.REMIND_BEFORE_WHICH
    task = found[0]
    if not task.get("due"):
        return phrases.REMIND_BEFORE_NO_DUE.format(number=task["number"], title=task["title"])
    day = date.fromisoformat(str(task["due"])[:10]) - timedelta(minutes=minutes)
    return datetime.combine(day, clock)
