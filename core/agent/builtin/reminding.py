"""Reminders in the builtin engine: reading the request (pure) and acting through the tools.

Read before the engine's own parser, so "remind me to call mom at 3pm" sets a reminder
rather than only adding a task. Times come from the shared date reader (`dates.read_date`),
in the person's zone. What is read:

- "remind me to call mom tomorrow at 3pm", "remind me in 20 minutes to check the oven":
  a task due then (or the open task of that title) with a reminder then;
- "remind me about #3 at 5pm", "remind me about it on friday morning";
- "remind me an hour before the dentist", "remind me 30 min before #2";
- "change that reminder to 5pm", "move the reminder for #2 to tomorrow 9am";
- "don't remind me about it", "cancel the reminder for #2";
- "what reminders do I have?", "show my reminders".

A day without a time means 09:00 (`tooling.DEFAULT_HOUR`, as "friday morning" does); a time
of day already past today, said without a day ("at 8am" at 9:00), means tomorrow.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, time, timedelta, tzinfo
from typing import Any

from core.agent.builtin.context import Context
from core.agent.builtin.dates import DateReading, read_date, read_whole_date
from core.agent.builtin.lexicon import COUNT_WORDS, MONTHS, PERIODS, RELATIVE_DAYS, UNITS, WEEKDAYS
from core.agent.builtin.replies import failure
from core.agent.builtin.timed import title_fields
from core.reminders.tooling import DEFAULT_HOUR
from core.when import local_instant

# Vocabulary.
LEAD_INS = ("actually", "ok", "okay", "oh", "and", "also", "please", "pls", "hey", "so", "wait")
FILLERS = ("can you", "could you", "would you", "will you", "please", "pls")
ASK_LIST = re.compile(
    r"^(?:what|which|show|list|see|view|check|any|do i have any|are there any|my)\b.*\breminders?\b"
    r"|^reminders\??$",
    re.I,
)
CANCEL = re.compile(
    r"\b(?:don'?t|do not|dont|no need to|stop|never mind)\s+remind(?:ing)?\s+me\b(?P<rest>.*)$"
    r"|\b(?:cancel|delete|remove|drop|clear|turn off|kill)\s+(?:the\s+|my\s+|that\s+|this\s+)?"
    r"reminders?\b(?P<rest2>.*)$"
    r"|^no\s+reminder\b(?P<rest3>.*)$",
    re.I,
)
CHANGE = re.compile(
    r"\b(?:change|move|push|set|make|reschedule|update|shift)\s+"
    r"(?:the\s+|my\s+|that\s+|this\s+)?reminder\b(?P<which>.*?)\s+(?:to|for|until)\s+(?P<when>.+)$",
    re.I,
)
BEFORE = re.compile(
    r"\bremind me\s+(?P<amount>.+?)\s+before\s+(?P<what>.+)$",
    re.I,
)
ABOUT = re.compile(r"\bremind me\s+(?:about|of|re|regarding)\s+(?P<rest>.+)$", re.I)
REMIND = re.compile(
    r"\b(?:remind me|set (?:a|an|the) reminder|set reminder|reminder)(?:\s+(?P<rest>.+))?$", re.I
)
TITLE_LEADS = re.compile(
    r"^(?:to|that i (?:need|have|must) to|that i should|that|i need to|i have to|for|of|about)\s+",
    re.I,
)
TARGET_LEADS = re.compile(r"^\s*(?:for|on|about|of|to|with)\s+", re.I)
PRONOUNS = frozenset({"it", "that", "this", "that one", "this one", "the task", "that task"})
UNIT_MINUTES = {"minutes": 1, "hours": 60, "days": 60 * 24, "weeks": 60 * 24 * 7}
_DAY_WORDS = re.compile(
    r"\b(?:"
    + "|".join(
        re.escape(word) for word in sorted({*WEEKDAYS, *MONTHS, *RELATIVE_DAYS, *PERIODS}, key=len)
    )
    + r")\b|\d{1,2}/\d{1,2}|\d{4}-\d{2}-\d{2}|\d+(?:st|nd|rd|th)\b|\bin\s+\S+\s+(?:day|week|month)",
    re.I,
)


@dataclass(frozen=True)
class RemindNew:
    """A task to remind about, by title (a new one, or the open one of that title)."""

    title: str
    at: datetime
    timed: bool = True  # a time was said; else the task is due that day, reminded at 09:00
    priority: str | None = None  # "…, urgent" / "#home" beside the title (timed.title_fields)
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class RemindAbout:
    target: str  # "" means the task the conversation is about
    at: datetime


@dataclass(frozen=True)
class RemindBefore:
    target: str
    minutes: int


@dataclass(frozen=True)
class CancelReminder:
    target: str


@dataclass(frozen=True)
class ListReminders:
    pass


@dataclass(frozen=True)
class AskWhen:
    """ "remind me about #3" with no time."""

    target: str


ReminderIntent = RemindNew | RemindAbout | RemindBefore | CancelReminder | ListReminders | AskWhen


def read(text: str, *, now: datetime, zone: tzinfo) -> ReminderIntent | None:
    """The reminder request in `text`, or None when it is not one (the engine reads it)."""
    said = _plain(text)
    if not re.search(r"\bremind", said, re.I):
        return None
    if ASK_LIST.search(said) and not re.search(r"\bremind me\b", said, re.I):
        return ListReminders()
    if found := CANCEL.search(said):
        rest = found.group("rest") or found.group("rest2") or found.group("rest3") or ""
        return CancelReminder(_target(rest))
    if found := CHANGE.search(said):
        at = _when(found.group("when"), now=now, zone=zone)
        return RemindAbout(_target(found.group("which")), at) if at else None
    if found := BEFORE.search(said):
        minutes = _minutes(found.group("amount"))
        if minutes is not None:
            return RemindBefore(_target(found.group("what")), minutes)
    if found := ABOUT.search(said):
        reading = _reading(found.group("rest"), now=now, zone=zone)
        if reading is None:
            target = _target(found.group("rest"))
            pointed = not target or re.fullmatch(r"(?:#|no\.?\s*|number\s+)?\d+", target)
            return AskWhen(target) if pointed else None  # "about the meeting": a task
        at = _adjusted(reading, now=now, zone=zone)
        return RemindAbout(_target(reading.rest), at)
    if found := REMIND.search(said):
        rest = found.group("rest") or ""
        reading = _reading(rest, now=now, zone=zone)
        if reading is None:
            return None  # "remind me to buy milk": a task, the engine adds it
        fields = title_fields(TITLE_LEADS.sub("", reading.rest.strip(" ,.!?")).strip(" ,.!?"))
        if not fields.title:
            return None
        at = _adjusted(reading, now=now, zone=zone)
        return RemindNew(fields.title, at, reading.at is not None, fields.priority, fields.tags)
    return None


def _plain(text: str) -> str:
    said = " ".join(text.replace("’", "'").split()).strip(" .!")
    changed = True
    while changed:
        changed = False
        for lead in (*LEAD_INS, *FILLERS):
            if said.lower().startswith(lead + " ") or said.lower().startswith(lead + ","):
                said = said[len(lead) :].lstrip(" ,")
                changed = True
    return said


def _target(words: str) -> str:
    words = TARGET_LEADS.sub("", words.strip(" ,.!?")).strip(" ,.!?")
    words = re.sub(r"^(?:the\s+)?task\s+", "", words, flags=re.I)
    return "" if words.lower() in PRONOUNS or not words else words


def _reading(text: str, *, now: datetime, zone: tzinfo) -> DateReading | None:
    reading = read_date(text, now=now, zone=zone)
    return reading if isinstance(reading, DateReading) else None


def _when(text: str, *, now: datetime, zone: tzinfo) -> datetime | None:
    reading = read_whole_date(text, now=now, zone=zone)
    if not isinstance(reading, DateReading):
        return None
    return _adjusted(reading, now=now, zone=zone)


def _adjusted(reading: DateReading, *, now: datetime, zone: tzinfo) -> datetime:
    """The moment a reading names: a bare day at 09:00; a time of day already past, said
    without a day, tomorrow (as Slack's /remind reads "at 8am")."""
    if reading.at is None:
        return local_instant(reading.day, time(DEFAULT_HOUR), zone)
    at = reading.due.at
    if at <= now and not _DAY_WORDS.search(reading.phrase):
        return local_instant(reading.day + timedelta(days=1), reading.at, zone)
    return at


def _minutes(amount: str) -> int | None:
    found = re.fullmatch(r"(?P<count>.+?)\s*(?P<unit>[a-z]+)", amount.strip().lower())
    if found is None:
        return None
    count_text, unit = found.group("count").strip(), UNITS.get(found.group("unit"))
    if unit not in UNIT_MINUTES:
        return None
    try:
        count = float(count_text)
    except ValueError:
        if count_text not in COUNT_WORDS:
            return None
        count = COUNT_WORDS[count_text]
    return int(count * UNIT_MINUTES[unit])


Call = Callable[..., Awaitable[dict[str, Any]]]


async def act(intent: ReminderIntent, call: Call, context: Context, *, zone: tzinfo) -> str:
    """Carry the request out through the tools; the reply."""
    if isinstance(intent, ListReminders):
        return str((await call("list_tasks", status="pending", has_reminder=True))["message"])
    if isinstance(intent, RemindNew):
        return await _remind_new(intent, call, zone=zone)
    target = intent.target or await _implied(call, context)
    if not target:
        return "Which task do you mean? Give its number, like “remind me about #2 at 5pm”."
    if isinstance(intent, AskWhen):
        return (
            f"When should I remind you about {target}? For example “at 5pm” or “tomorrow morning”."
        )
    if isinstance(intent, CancelReminder):
        result = await call("update_task", task_identifier=target, cancel_reminder=True)
    elif isinstance(intent, RemindBefore):
        result = await call(
            "update_task", task_identifier=target, remind_before_due_minutes=intent.minutes
        )
    else:
        result = await call(
            "update_task", task_identifier=target, remind_at=_local(intent.at, zone)
        )
    if not result["ok"]:
        return failure(result)
    return _reply(result)


async def _remind_new(intent: RemindNew, call: Call, *, zone: tzinfo) -> str:
    listed = await call("list_tasks", status="pending")
    wanted = intent.title.casefold()
    same = next((t for t in listed["data"]["tasks"] if t["title"].casefold() == wanted), None)
    when = _local(intent.at, zone)
    if same is not None:
        result = await call("update_task", task_identifier=str(same["number"]), remind_at=when)
    else:
        due = when if intent.timed else when[:10]
        extra: dict[str, object] = {"tags": list(intent.tags)} if intent.tags else {}
        if intent.priority:
            extra["priority"] = intent.priority
        result = await call("add_task", title=intent.title, due=due, remind_at=when, **extra)
    if not result["ok"]:
        return failure(result)
    return _reply(result)


async def _implied(call: Call, context: Context) -> str:
    """ "it": the task the conversation is about, else the one task with a reminder."""
    if context.last_task is not None:
        return str(context.last_task.number)
    listed = await call("list_tasks", status="pending", has_reminder=True)
    tasks = listed["data"]["tasks"] if listed["ok"] else []
    return str(tasks[0]["number"]) if len(tasks) == 1 else ""


def _reply(result: dict[str, Any]) -> str:
    message = str(result["message"])
    if message.startswith("Done: I will remind you"):
        return "Okay, I'll remind you" + message.removeprefix("Done: I will remind you")
    return message.replace("Done: I ", "Okay, I ", 1)


def _local(moment: datetime, zone: tzinfo) -> str:
    return moment.astimezone(zone).strftime("%Y-%m-%dT%H:%M")
