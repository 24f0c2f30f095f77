"""Changing a task's due date, priority or tags: the `update_task` call, with the new due
resolved against the task's current one (a time kept, a shift, a day said alone)."""

from __future__ import annotations

from datetime import timedelta, tzinfo
from typing import Any

from dateutil.relativedelta import relativedelta

from core.agent.builtin import phrases
from core.agent.builtin.clock import in_old_half
from core.agent.builtin.dates import AmbiguousDate, is_time_only, read_whole_date
from core.agent.builtin.guesses import ASKED_AT_MOST
from core.agent.builtin.intents import EditFields
from core.agent.builtin.matching import said
from core.agent.builtin.notes import Note
from core.agent.builtin.questions import due_of
from core.agent.builtin.refs import fuzzy_matches, listed_titles, sure_matches
from core.agent.builtin.replies import failure, knowns
from core.agent.builtin.scheduling import Call, ask_which_day
from core.domain.when import Due, due_on, show_due_plain
from core.tools import Envelope, ToolContext
from core.tools.asking import Choice, ask_choices


async def edit(
    call: Call, tools: ToolContext, identifier: str, intent: EditFields, note: Note
) -> Envelope | str:
    """The update_task call for a change of due date, priority or tags (or a question back).
    A title said only with a typo asks, a button per task making that task's call; words
    that name no task but whose parts do ("tag the milk and the eggs with shopping") change
    each part's task."""
    listed = await call("list_tasks", status="all")
    if not listed.ok:
        return failure(listed)
    tasks = knowns(listed)
    if _numbered(identifier) is None and not sure_matches(tasks, identifier):
        if guessed := fuzzy_matches(tasks, identifier)[:ASKED_AT_MOST]:
            choices = []
            for task in guessed:
                planned = _arguments(listed, tools, f"#{task.number}", intent, note)
                if isinstance(planned, str):
                    return planned
                choices.append(Choice(f"#{task.number} {task.title}", "update_task", planned))
            shown = phrases.choices([(task.number, task.title) for task in guessed])
            return await ask_choices(
                tools, phrases.DID_YOU_MEAN["update"].format(choices=shown), choices
            )
        if parts := listed_titles(tasks, identifier):
            done = [await edit(call, tools, part, intent, note) for part in parts]
            return " ".join(
                each if isinstance(each, str) else said("update", each) for each in done
            )
    arguments = _arguments(listed, tools, identifier, intent, note)
    if isinstance(arguments, str):
        return arguments
    return await call("update_task", **arguments)


def _numbered(identifier: str) -> int | None:
    return int(identifier[1:]) if identifier.startswith("#") and identifier[1:].isdigit() else None


def _arguments(
    listed: Envelope, tools: ToolContext, identifier: str, intent: EditFields, note: Note
) -> dict[str, Any] | str:
    arguments: dict[str, Any] = {"task_identifier": identifier}
    if intent.due_phrase or intent.shift:
        new = _new_due(listed, tools, identifier, intent, note)
        if isinstance(new, str):
            return new
        arguments["due"] = _due_text(new, tools.zone)
    return arguments | _field_arguments(intent)


def _new_due(
    listed: Envelope, tools: ToolContext, identifier: str, intent: EditFields, note: Note
) -> Due | str:
    """The task's new due, shifted or said; or what to answer instead."""
    found = _task_of(listed, identifier, note)
    if isinstance(found, str):
        return found
    due = due_of(found)
    if intent.shift:
        new = _shifted_due(found, due, intent.shift, tools.zone)
    else:
        new = _said_due(due, intent, tools)
    if isinstance(new, str):
        return new
    if new.deadline(tools.zone) <= tools.now or (new.has_time and new.at < tools.now):
        shown = show_due_plain(new, tools.zone, now=tools.now)
        return phrases.PAST_CHANGE.format(when=shown, number=found["number"])
    return new


def _shifted_due(
    found: dict[str, Any], due: Due | None, shift: tuple[float, str], zone: tzinfo
) -> Due | str:
    if due is None:
        return phrases.NO_DUE.format(task=f"#{found['number']} “{found['title']}”")
    new = shifted(due, shift, zone)
    if new is None:
        return phrases.SHIFT_NEEDS_TIME.format(number=found["number"])
    return new


def _said_due(due: Due | None, intent: EditFields, tools: ToolContext) -> Due | str:
    phrase = intent.due_phrase or ""
    reading = read_whole_date(phrase, now=tools.now, zone=tools.zone)
    if isinstance(reading, AmbiguousDate):
        return ask_which_day(reading)
    if reading is None:
        return phrases.ASK_WHEN
    if due is not None and reading.at is not None and is_time_only(phrase):
        kept = due.at.astimezone(tools.zone).time() if due.has_time else reading.at
        at = in_old_half(phrase, reading.at, kept)
        return due_on(due.day(tools.zone), at, tools.zone)  # "change it to 11am"
    if due is not None and due.has_time and reading.at is None and not intent.day_only:
        kept = due.at.astimezone(tools.zone).time()  # "actually monday": still at 9am
        return due_on(reading.day, kept, tools.zone)
    return reading.due


def _field_arguments(intent: EditFields) -> dict[str, Any]:
    """The priority and tag changes, as update_task takes them."""
    arguments: dict[str, Any] = {}
    if intent.clear_due:
        arguments["clear_due"] = True
    if intent.priority:
        arguments["priority"] = intent.priority
    if intent.add_tags:
        arguments["add_tags"] = list(intent.add_tags)
    if intent.remove_tags:
        arguments["remove_tags"] = list(intent.remove_tags)
    if intent.clear_tags:
        arguments["tags"] = []
    return arguments


def _task_of(listed: Envelope, identifier: str, note: Note) -> dict[str, Any] | str:
    """The one task `identifier` names, as list_tasks shows it, or what to answer instead."""
    items = {int(item["number"]): item for item in listed.data["tasks"]}
    if (number := _numbered(identifier)) is not None:
        if number in items:
            return dict(items[number])
        return phrases.NO_TASK_NUMBER.format(number=number)
    found = sure_matches(knowns(listed), identifier)
    if len(found) == 1:
        return dict(items[found[0].number])
    if found:
        return note.which_of("update", found)
    return phrases.ABOUT_NONE


def shifted(due: Due, shift: tuple[float, str], zone: tzinfo) -> Due | None:
    """`due` moved by an amount, keeping whether it has a time. Hours and minutes move the
    instant (across a DST change too); days and longer move the local calendar day. None: a
    shift of hours on a due without a time."""
    count, unit = shift
    if unit in ("minutes", "hours"):
        if not due.has_time:
            return None
        return Due(due.at + timedelta(**{unit: count}), True)
    whole = int(count) if count == int(count) else None
    if whole is None:  # "half a week" and the like: in days
        days = round(count * {"days": 1, "weeks": 7, "months": 30, "years": 365}[unit])
        step = relativedelta(days=days)
    else:
        step = relativedelta(**{unit: whole})  # type: ignore[arg-type]
    if due.has_time:
        local = due.local_minute(zone) + step
        return due_on(local.date(), local.time(), zone)
    return due_on(due.day(zone) + step, None, zone)


def _due_text(due: Due, zone: tzinfo) -> str:
    if due.has_time:
        return due.local_minute(zone).strftime("%Y-%m-%dT%H:%M")
    return due.day(zone).isoformat()
