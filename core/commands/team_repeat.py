"""Repeating team tasks, in the words a person's own tasks repeat in: `team add water the
plants every monday` (the first occurrence is its due), `team repeat <n> every weekday|daily|
weekly|monthly|on the 1st of every month` and `team repeat <n> off`. Completing one puts the
next on the list (core/reminders/team_repeats.py) and the answer says which."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import time

from core.commands.extensions import CommandCall
from core.commands.team_record import journal_of
from core.commands.team_words import NotUnderstood, TeamReaders, due_words
from core.domain import lists
from core.domain.task_repeat import set_repeat
from core.domain.tasks import label
from core.domain.when import Due
from core.reminders import repeats
from core.reminders.team_repeats import Following
from core.storage.list_models import TaskList
from core.storage.models import Task

REPEAT_HOW = "Say which task and how often: team repeat 3 every monday (or team repeat 3 off)."
NEXT_ONE = "when it's done, I'll put the next one on this list."
REPEATS = f" It repeats: {NEXT_ONE}"
_NUMBERED = re.compile(r"^#?(?P<number>\d+)\s+(?P<said>\S.*)$", re.DOTALL)
_OFF = frozenset({"off", "none", "no", "never", "stop", "clear", "not"})


@dataclass(frozen=True)
class Titled:
    """What `team add` was given: the title, its due and its repeat rule (if any)."""

    title: str
    due: Due | None
    rule: str | None


async def read_title(readers: TeamReaders, text: str, call: CommandCall) -> Titled:
    """A repeat in the title first ("water the plants every monday": due its first
    occurrence, refused when the rule has none), else a due."""
    now, zone = call.tools.now, call.tools.zone
    words = readers.repeat(text, now, zone) if text else None
    if words is not None and words.title:
        rule = repeats.check_rule(words.rule)
        due = await _first(rule, words.at, call)
        if due is None:
            raise repeats.no_date(rule)
        return Titled(words.title, due, rule)
    read = readers.date(text, now, zone) if text else None
    return Titled(read[0], read[1], None) if read else Titled(text, None, None)


async def _first(rule: str, at: time | None, call: CommandCall) -> Due | None:
    return await repeats.first_due(rule, now=call.tools.now, zone=call.tools.zone, at=at)


def next_words(call: CommandCall, finished: Following | bool, task: Task) -> str:
    """What a completion adds to its answer: the next occurrence, or that there is none."""
    if isinstance(finished, Following):
        said = f" Next one: #{finished.task.number}"
        said += due_words(finished.task, now=call.tools.now, zone=call.tools.zone)
        count = len(finished.reminders)
        if count:
            said += ", with its reminder" if count == 1 else f", with its {count} reminders"
        return said + "."
    return " That was the last one." if task.repeat else ""


async def repeat(call: CommandCall, readers: TeamReaders, shared: TaskList, rest: str) -> str:
    """`team repeat <n> <how often>`, or `off`."""
    match = _NUMBERED.match(rest.strip())
    if match is None:
        raise NotUnderstood(REPEAT_HOW)
    number = lists.number_of(match.group("number"))
    task = await lists.task_numbered(call.session, shared=shared, number=number)
    said = " ".join(match.group("said").split()).strip(" .!")
    if said.lower() in _OFF:
        return await _stop(call, shared, task)
    if task.completed:
        raise NotUnderstood(f"{label(task)} is already done, so I didn't make it repeat.")
    words = readers.repeat(said, call.tools.now, call.tools.zone)
    if words is None or words.title:
        raise NotUnderstood(
            f"I couldn't read “{said}” as a repeat, so I changed nothing. Say how often as for "
            "a task of your own: every monday, every weekday, daily, weekly, monthly, or on the "
            "1st of every month (daily at most)."
        )
    rule = repeats.check_rule(words.rule)
    due = None if task.due_at else await _first(rule, words.at, call)
    if due is None and task.due_at is None:
        years = repeats.SEARCH_YEARS
        raise NotUnderstood(f"“{said}” has no date in the next {years} years: I changed nothing.")
    await set_repeat(
        call.session,
        task=task,
        rule=rule,
        due=due,
        now=call.tools.now,
        journal=journal_of(call, shared),
    )
    shown = due_words(task, now=call.tools.now, zone=call.tools.zone)
    return f"{label(task)} repeats {said}{shown}: {NEXT_ONE}"


async def _stop(call: CommandCall, shared: TaskList, task: Task) -> str:
    """No more repeats: of the task, and of the open one its completion added."""
    series = await repeats.series_next(call.session, task=task)
    stopped = [found for found in (task, series) if found is not None and found.repeat]
    if not stopped:
        raise NotUnderstood(f"{label(task)} doesn't repeat, so I changed nothing.")
    journal = journal_of(call, shared)
    for found in stopped:
        await set_repeat(call.session, task=found, rule=None, now=call.tools.now, journal=journal)
    if series is not None:
        return f"{label(series)} (the next one after #{task.number}) won't repeat any more."
    return f"{label(task)} won't repeat any more."
