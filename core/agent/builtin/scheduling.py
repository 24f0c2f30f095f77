"""Turns about time, priority and tags: adding with them, asking by them, changing them.
Dates are resolved here, against the turn's one "now" and the person's zone (`ToolContext`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date, datetime, timedelta, tzinfo
from typing import Any

from dateutil.relativedelta import relativedelta

from core.agent.builtin import leftovers, phrases
from core.agent.builtin.apart import read_apart, with_day
from core.agent.builtin.context import Context
from core.agent.builtin.dates import (
    AmbiguousDate,
    DateReading,
    is_time_only,
    read_date,
    read_whole_date,
)
from core.agent.builtin.due_links import without_due_link
from core.agent.builtin.halves import in_old_half
from core.agent.builtin.intents import Add, EditFields, ListTasks, WhenDue
from core.agent.builtin.lexicon.time import WEEKEND_WINDOW
from core.agent.builtin.notes import Awaiting, Note
from core.agent.builtin.questions import resolve
from core.agent.builtin.refs import loose_matches, title_matches
from core.agent.builtin.replies import failure, knowns
from core.agent.builtin.timed import TitleFields, title_fields
from core.domain.task_pages import LIST_PAGE
from core.domain.when import Due, due_on, show_day, show_due_plain
from core.tools import Envelope, ToolContext

Call = Callable[..., Awaitable[Envelope]]


def due_argument(reading: DateReading) -> str:
    """What `add_task` / `update_task` take: a local date, or a local date and time."""
    if reading.at is None:
        return reading.day.isoformat()
    return f"{reading.day.isoformat()}T{reading.at.strftime('%H:%M')}"


def ask_which_day(reading: AmbiguousDate) -> str:
    first, second = reading.readings
    return phrases.ASK_DAY.format(
        phrase=reading.phrase, first=_long(first), second=_long(second),
        iso=first.isoformat(),
    )  # fmt: skip


def _long(day: date) -> str:
    return f"{day.strftime('%A')} {day.day} {day.strftime('%B')}"


async def add(
    call: Call,
    tools: ToolContext,
    intent: Add,
    note: Note,
    *,
    check: Callable[[str], Awaitable[str | None]] | None = None,
) -> str:
    """`check` sees the title the task would get and may answer instead (a duplicate)."""
    fields = title_fields(intent.title)
    title = fields.title
    arguments: dict[str, Any] = {}
    reading = read_date(title, now=tools.now, zone=tools.zone)
    if isinstance(reading, AmbiguousDate):
        return ask_which_day(reading)
    if reading is not None and not reading.rest:
        reading = None  # a title that is only a date stays a title
    if reading is not None:
        title = without_due_link(reading.rest)  # "…, it's due friday": no "it's" left
        after = title_fields(title)  # "X, low priority, next monday": what stood before the date
        title = after.title
        fields = TitleFields(title, fields.priority or after.priority, fields.tags + after.tags)
    if intent.fields and (apart := read_apart(intent.fields, now=tools.now, zone=tools.zone)):
        if isinstance(apart.reading, AmbiguousDate):
            return ask_which_day(apart.reading)
        reading = with_day(reading, apart.reading, tools.zone)
        tags = tuple(dict.fromkeys(fields.tags + apart.tags))
        fields = TitleFields(title, fields.priority or apart.priority, tags)
    if reading is not None:
        arguments["due"] = due_argument(reading)
    if not title.strip():
        note.ask(Awaiting("title"))
        return phrases.ASK_TITLE
    if not (intent.again or intent.agreed) and leftovers.misread(title, dated=reading is not None):
        note.ask(Awaiting("offer_add", title=title))
        return phrases.MISREAD_TITLE.format(title=title)
    if check is not None and (answer := await check(title)) is not None:
        return answer
    priority = intent.priority or fields.priority
    if priority:
        arguments["priority"] = priority
    if fields.tags:
        arguments["tags"] = list(fields.tags)
    result = await call("add_task", title=title, description=intent.description, **arguments)
    if not result.ok:
        refused = failure(result)
        if "past" in result.message:
            refused += " " + phrases.PAST_DUE
        return refused
    task = result.data["task"]
    details = f" Description: {task['description']}." if task["description"] else ""
    if not arguments:
        return f"Added #{task['number']} “{task['title']}” to your list.{details}"
    return result.message


def _window_arguments(intent: ListTasks, tools: ToolContext) -> dict[str, Any] | str:
    arguments: dict[str, Any] = {
        "status": intent.status,
        "sort_by": intent.sort_by,
        "limit": LIST_PAGE,
    }
    if intent.due == WEEKEND_WINDOW:
        today = tools.now.astimezone(tools.zone).date()
        saturday = today + timedelta(days=max(0, 5 - today.weekday()))
        sunday = saturday + timedelta(days=6 - saturday.weekday())
        arguments["due_from"], arguments["due_to"] = saturday.isoformat(), sunday.isoformat()
    elif intent.due:
        arguments["due"] = intent.due
    if intent.priority:
        arguments["priority"] = intent.priority
    if intent.tag:
        arguments["tag"] = intent.tag
    if intent.due_phrase:
        reading = read_whole_date(intent.due_phrase, now=tools.now, zone=tools.zone)
        if isinstance(reading, AmbiguousDate):
            return ask_which_day(reading)
        if reading is not None:
            arguments["due_from"] = arguments["due_to"] = reading.day.isoformat()
    return arguments


async def listing(call: Call, tools: ToolContext, intent: ListTasks, note: Note) -> str:
    arguments = _window_arguments(intent, tools)
    if isinstance(arguments, str):
        return arguments
    result = await call("list_tasks", **arguments)
    if not result.ok:
        return failure(result)
    if intent.due == "today" and not result.data["count"] and result.data["pending_count"]:
        # "what do I have to do today?" with nothing due today: what is still open
        everything = await call("list_tasks", status="pending", sort_by="due", limit=LIST_PAGE)
        note.show(everything.as_json())
        return phrases.NOTHING_DUE_TODAY + "\n" + everything.message
    note.show(result.as_json())
    return result.message


async def when_due(
    call: Call, tools: ToolContext, context: Context, intent: WhenDue, note: Note
) -> str:
    result = await call("list_tasks", status="all")
    if not result.ok:
        return failure(result)
    found = resolve(context, intent.ref, knowns(result))
    if not found:
        return phrases.ABOUT_NONE
    if len(found) > 1:
        listed = phrases.choices([(task.number, task.title) for task in found[:10]])
        return phrases.ABOUT_WHICH.format(choices=listed)
    task = found[0]
    note.name(task)
    item = next(item for item in result.data["tasks"] if item["number"] == task.number)
    name = f"#{task.number} “{task.title}”"
    if not item.get("due_at"):
        return phrases.NO_DUE.format(task=name)
    due = Due(datetime.fromisoformat(item["due_at"].replace("Z", "+00:00")), item["due_has_time"])
    shown = show_due_plain(due, tools.zone, now=tools.now)
    verb = "was" if task.completed else "is"
    return f"{name} {verb} due {shown}."


async def edit(
    call: Call, tools: ToolContext, identifier: str, intent: EditFields, note: Note
) -> Envelope | str:
    """The update_task call for a change of due date, priority or tags (or a question back)."""
    arguments: dict[str, Any] = {"task_identifier": identifier}
    if intent.due_phrase or intent.shift:
        found = await _task_of(call, identifier, note)
        if isinstance(found, str):
            return found
        due = _current_due(found)
        if intent.shift:
            if due is None:
                return phrases.NO_DUE.format(task=f"#{found['number']} “{found['title']}”")
            new = shifted(due, intent.shift, tools.zone)
            if new is None:
                return phrases.SHIFT_NEEDS_TIME.format(number=found["number"])
        else:
            reading = read_whole_date(intent.due_phrase or "", now=tools.now, zone=tools.zone)
            if isinstance(reading, AmbiguousDate):
                return ask_which_day(reading)
            if reading is None:
                return phrases.ASK_WHEN
            new = reading.due
            if due is not None and reading.at is not None and is_time_only(intent.due_phrase or ""):
                kept = due.at.astimezone(tools.zone).time() if due.has_time else reading.at
                at = in_old_half(intent.due_phrase or "", reading.at, kept)
                new = due_on(due.day(tools.zone), at, tools.zone)  # "change it to 11am"
            elif due is not None and due.has_time and reading.at is None and not intent.day_only:
                kept = due.at.astimezone(tools.zone).time()  # "actually monday": still at 9am
                new = due_on(reading.day, kept, tools.zone)
        if new.deadline(tools.zone) <= tools.now or (new.has_time and new.at < tools.now):
            shown = show_due_plain(new, tools.zone, now=tools.now)
            return phrases.PAST_CHANGE.format(when=shown, number=found["number"])
        arguments["due"] = _due_text(new, tools.zone)
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
    return await call("update_task", **arguments)


async def _task_of(call: Call, identifier: str, note: Note) -> dict[str, Any] | str:
    """The one task `identifier` names, as list_tasks shows it, or what to answer instead."""
    listed = await call("list_tasks", status="all")
    if not listed.ok:
        return failure(listed)
    items = {int(item["number"]): item for item in listed.data["tasks"]}
    if identifier.startswith("#") and identifier[1:].isdigit():
        number = int(identifier[1:])
        if number in items:
            return dict(items[number])
        return phrases.NO_TASK_NUMBER.format(number=number)
    tasks = knowns(listed)
    found = title_matches(tasks, identifier) or loose_matches(tasks, identifier)
    if len(found) == 1:
        return dict(items[found[0].number])
    if found:
        note.offer("update", found[:10])
        listed_choices = phrases.choices([(task.number, task.title) for task in found[:10]])
        return phrases.WHICH_OF["update"].format(choices=listed_choices)
    return phrases.ABOUT_NONE


def _current_due(item: dict[str, Any]) -> Due | None:
    if not item.get("due_at"):
        return None
    return Due(datetime.fromisoformat(item["due_at"].replace("Z", "+00:00")), item["due_has_time"])


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


def with_creation_dates(result: Envelope, tools: ToolContext) -> str:
    """A listing with when each task was added ("1. buy milk · added yesterday"), as seed
    004 shows pending tasks: with their number, title and creation date."""
    message = str(result.message)
    added = {
        int(item["number"]): datetime.fromisoformat(item["created_at"].replace("Z", "+00:00"))
        for item in result.data.get("tasks", [])
    }
    today = tools.now.astimezone(tools.zone).date()
    lines = []
    for line in message.split("\n"):
        number, dot, _ = line.partition(". ")
        if dot and number.isdigit() and int(number) in added:
            day = added[int(number)].astimezone(tools.zone).date()
            line += " · added " + show_day(day, today)
        lines.append(line)
    return "\n".join(lines)
