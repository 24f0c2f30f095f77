"""Turns about time, priority and tags: adding with them, asking by them, changing them.
Dates are resolved here, against the turn's one "now" and the person's zone (`ToolContext`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date, datetime
from typing import Any

from dateutil.relativedelta import SU, relativedelta

from core.agent.builtin import guesses, leftovers, phrases
from core.agent.builtin.apart import read_apart, with_day
from core.agent.builtin.context import Context
from core.agent.builtin.dated import without_due_link
from core.agent.builtin.dates import (
    AmbiguousDate,
    DateReading,
    read_date,
    read_whole_date,
)
from core.agent.builtin.days import period
from core.agent.builtin.intents import Add, ListTasks, WhenDue
from core.agent.builtin.lexicon.tasks import NOT_TITLES
from core.agent.builtin.lexicon.time import WEEKEND_WINDOW
from core.agent.builtin.notes import Awaiting, Note
from core.agent.builtin.questions import due_of, one_task
from core.agent.builtin.replies import failure
from core.agent.builtin.spans import local_iso
from core.agent.builtin.timed import TitleFields, title_fields
from core.domain.task_pages import LIST_PAGE
from core.domain.when import show_day, show_due_plain
from core.tools import Envelope, ToolContext

Call = guesses.Call


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
    dated = _dated(intent, tools)
    if isinstance(dated, str):
        return dated
    fields, reading = dated
    title = fields.title
    if not title.strip() or title.strip().lower() in NOT_TITLES:  # "add something for sunday"
        note.ask(Awaiting("title"))
        return phrases.ASK_TITLE
    arguments = _add_arguments(reading, intent.priority or fields.priority, fields.tags)
    if not (intent.again or intent.agreed) and leftovers.misread(title, dated=reading is not None):
        note.ask(Awaiting("offer_add", title=title))
        return await guesses.ask_misread(call, tools, title, arguments)
    if check is not None and (answer := await check(title)) is not None:
        return answer
    result = await call("add_task", title=title, description=intent.description, **arguments)
    return _added(result, arguments)


def _dated(intent: Add, tools: ToolContext) -> tuple[TitleFields, DateReading | None] | str:
    """The title's fields and due date, said in the title or apart from it; or a question."""
    fields = title_fields(intent.title)
    reading = read_date(fields.title, now=tools.now, zone=tools.zone)
    if isinstance(reading, AmbiguousDate):
        return ask_which_day(reading)
    if reading is not None and not reading.rest:
        reading = None  # a title that is only a date stays a title
    if reading is not None:
        title = without_due_link(reading.rest)  # "…, it's due friday": no "it's" left
        after = title_fields(title)  # "X, low priority, next monday": what stood before the date
        priority = fields.priority or after.priority
        fields = TitleFields(after.title, priority, fields.tags + after.tags)
    if intent.fields and (apart := read_apart(intent.fields, now=tools.now, zone=tools.zone)):
        if isinstance(apart.reading, AmbiguousDate):
            return ask_which_day(apart.reading)
        reading = with_day(reading, apart.reading, tools.zone)
        tags = tuple(dict.fromkeys(fields.tags + apart.tags))
        fields = TitleFields(fields.title, fields.priority or apart.priority, tags)
    return fields, reading


def _add_arguments(
    reading: DateReading | None, priority: str | None, tags: tuple[str, ...]
) -> dict[str, Any]:
    arguments: dict[str, Any] = {}
    if reading is not None:
        arguments["due"] = local_iso(reading)
    if priority:
        arguments["priority"] = priority
    if tags:
        arguments["tags"] = list(tags)
    return arguments


def _added(result: Envelope, arguments: dict[str, Any]) -> str:
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
        saturday = period("saturday", tools.now.astimezone(tools.zone).date())
        sunday = saturday + relativedelta(weekday=SU)  # "this weekend" said on a Sunday: today
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
    found = await one_task(call, context, intent.ref, note)
    if isinstance(found, str):
        return found
    task, row = found
    name = f"#{task.number} “{task.title}”"
    if (due := due_of(row)) is None:
        return phrases.NO_DUE.format(task=name)
    shown = show_due_plain(due, tools.zone, now=tools.now)
    verb = "was" if task.completed else "is"
    return f"{name} {verb} due {shown}."


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
