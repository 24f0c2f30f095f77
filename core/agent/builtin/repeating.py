"""Recurring tasks: "water the plants every monday", "pay rent on the 1st of every month",
"every other thursday", "stop repeating it". The rule is an RRULE dateutil writes, for
`add_task(repeat=...)`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, tzinfo
from typing import Any, Literal

from dateutil.rrule import DAILY, MONTHLY, WEEKLY, rrule

from core.agent.builtin import leftovers
from core.agent.builtin.context import Context
from core.agent.builtin.dates import DateReading, read_date
from core.agent.builtin.lexicon import repeats as words
from core.agent.builtin.lexicon.numbers import DAYS_OF_MONTH, NUMBER_WORDS, ORDINAL_WORDS
from core.agent.builtin.lexicon.time import WEEKDAYS
from core.agent.builtin.lexicon.verbs import PARTICLES
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.reminder_acts import Call, reply
from core.agent.builtin.reminder_patterns import reminder_target
from core.agent.builtin.reminding import without_lead_ins
from core.agent.builtin.replies import failure
from core.agent.builtin.spans import DAYS, PATTERNS
from core.reminders.repeats import first_due, no_date

STOP = re.compile(rf"\b{alt(words.STOP_REPEATING)}\s+{alt(words.REPEATING)}\b(?P<rest>.*)$", NOCASE)
# "put out the recycling every thursday": "put out" is the task's own verb, not "put" as in
# "put X on my list"
_ADD_LEADS = re.compile(rf"^{alt(words.ADD_LEADS)}\s+(?!{alt(PARTICLES)}\b)", NOCASE)
_DAY = alt(WEEKDAYS)
_NTH = {word: count for word, count in ORDINAL_WORDS.items() if count > 1} | words.EVERY_OTHER
# "every other thursday", "every 2 weeks on tuesday", "every third day", "fortnightly".
_EVERY_FEW = re.compile(
    rf"\b{alt(words.EVERY)}\s+(?P<apart>{alt(_NTH, NUMBER_WORDS)}|\d+(?:st|nd|rd|th)?)\s+"
    rf"(?:(?P<unit>{alt(words.REPEAT_UNITS)})(?:\s+on\s+(?P<on>{DAYS}))?|(?P<days>{DAYS}))\b"
    rf"|\b{alt(words.FORTNIGHTLY)}\b",
    NOCASE,
)

Frequency = Literal[1, 2, 3]  # dateutil's MONTHLY, WEEKLY, DAILY: a task repeats daily at most


@dataclass(frozen=True)
class AddRepeating:
    title: str
    rule: str
    at: time | None
    every: int = 1  # periods apart: 2 for "every other thursday"
    said: str = ""  # the repeat as written


@dataclass(frozen=True)
class StopRepeating:
    target: str


def read(text: str, *, now: datetime, zone: tzinfo) -> AddRepeating | StopRepeating | None:
    said = without_lead_ins(text)
    if found := STOP.search(said):
        return StopRepeating(reminder_target(found.group("rest")))
    if said.endswith("?"):
        return None
    repeat = _repeat_in(said, now.astimezone(zone))
    if repeat is None:
        return None
    found, rule, every = repeat
    rest = (said[: found.start()] + " " + said[found.end() :]).strip(" ,.!")
    at: time | None = None
    reading = read_date(rest, now=now, zone=zone)
    if isinstance(reading, DateReading) and reading.at is not None:
        at, rest = reading.at, reading.rest
    title = _ADD_LEADS.sub("", " ".join(rest.split())).strip(" ,.!:-")
    return AddRepeating(title, rule, at, every, found.group(0)) if title else None


def _repeat_in(said: str, local: datetime) -> tuple[re.Match[str], str, int] | None:
    """The first repeat said: its words, its rule and how many periods apart."""
    if found := _EVERY_FEW.search(said):
        return found, *_every_few(found, local)
    for pattern, kind in PATTERNS:
        if found := pattern.search(said):
            if kind == "weekly":
                return found, _rule(WEEKLY, local, days=found.group("days")), 1
            if kind == "monthday":
                said = (found.group("n") or found.group("m")).lower()
                day = DAYS_OF_MONTH.get(said) or int(re.sub(r"\D", "", said))
                return found, _rule(MONTHLY, local, monthday=day), 1
            if kind in ("FREQ=WEEKLY", "FREQ=MONTHLY"):  # on today's day of the week or month
                return found, _rule(WEEKLY if kind == "FREQ=WEEKLY" else MONTHLY, local), 1
            return found, kind, 1
    return None


def _every_few(found: re.Match[str], local: datetime) -> tuple[str, int]:
    apart = (found.group("apart") or "").lower()
    every = _NTH.get(apart) or NUMBER_WORDS.get(apart) or int(re.sub(r"\D", "", apart) or 1)
    unit, days = words.REPEAT_UNITS.get((found.group("unit") or "").lower()), found.group("days")
    if not apart or unit == "fortnights":  # "fortnightly", "every 3 fortnights"
        every, unit = 2 * every, "weeks"
    frequency: Frequency = DAILY if unit == "days" else MONTHLY if unit == "months" else WEEKLY
    return _rule(frequency, local, every=every, days=days or found.group("on") or ""), every


def _rule(
    frequency: Frequency, local: datetime, *, every: int = 1, days: str = "", monthday: int = 0
) -> str:
    """The RRULE dateutil writes; a week's day or a month's day is today's when none was said."""
    weekdays = sorted({WEEKDAYS[day] for day in re.findall(_DAY, days.lower())})
    if frequency == WEEKLY and not weekdays:
        weekdays = [local.weekday()]
    if frequency == MONTHLY and not monthday:
        monthday = local.day
    written = rrule(
        frequency, interval=every, byweekday=weekdays or None, bymonthday=monthday or None
    )
    return str(written).partition("RRULE:")[2]


def misread(intent: AddRepeating | StopRepeating) -> bool:
    """ "rename groceries to weekly grocery run": a request about a task, not a repeat."""
    return isinstance(intent, AddRepeating) and leftovers.misread(intent.title, dated=False)


async def act(
    intent: AddRepeating | StopRepeating,
    call: Call,
    context: Context,
    *,
    now: datetime,
    zone: tzinfo,
) -> str:
    if isinstance(intent, StopRepeating):
        target = intent.target or (str(context.last_task.number) if context.last_task else "")
        if not target:
            return "Which task should stop repeating? Give its number, like “stop repeating #2”."
        result = await call("update_task", task_identifier=target, stop_repeating=True)
        return reply(result)
    due = await first_due(intent.rule, now=now, zone=zone, at=intent.at)
    if due is None:
        return no_date(intent.rule).message
    local = due.at.astimezone(zone) if intent.at else due.at
    when = local.strftime("%Y-%m-%dT%H:%M") if intent.at else local.strftime("%Y-%m-%d")
    arguments: dict[str, Any] = {"title": intent.title, "due": when, "repeat": intent.rule}
    if intent.at is not None:
        arguments["remind_at"] = when
    result = await call("add_task", **arguments)
    return str(result.message) if result.ok else failure(result)
