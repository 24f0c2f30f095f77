"""Recurring tasks in the builtin engine: "water the plants every monday", "pay rent on the
1st of every month", "every weekday at 9 stand-up", "stop repeating it". Read before the
engine's own parser; the rule is an RRULE for `add_task(repeat=...)` (dateutil reads it)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, tzinfo
from typing import Any

from core.agent.builtin import leftovers
from core.agent.builtin.context import Context
from core.agent.builtin.dates import DateReading, read_date
from core.agent.builtin.lexicon.repeats import (
    ADD_LEADS as REPEAT_ADD_LEADS,
)
from core.agent.builtin.lexicon.repeats import (
    DAILY,
    EVERY,
    MONTH,
    MONTHLY,
    ON_WORKDAYS,
    REPEATING,
    STOP_REPEATING,
    WEEKLY,
    WORKDAYS,
)
from core.agent.builtin.lexicon.time import WEEKDAYS
from core.agent.builtin.lexicon.verbs import PARTICLES
from core.agent.builtin.pattern import alt
from core.agent.builtin.reminder_acts import Call, reply
from core.agent.builtin.reminding import _plain, _target
from core.agent.builtin.replies import failure
from core.reminders.repeats import first_due, no_date

CODES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_DAY = alt(WEEKDAYS)
_EVERY = alt(EVERY)
_MONTH = alt(MONTH)
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"\b{_EVERY}\s+{alt(WORKDAYS)}\b|\b{alt(ON_WORKDAYS)}\b", re.I),
     "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
    (re.compile(rf"\b{_EVERY}\s+(?P<days>{_DAY}s?"
                rf"(?:\s*(?:,|and)\s*{_DAY}s?)*)\b", re.I),
     "weekly"),
    (re.compile(rf"\b(?:on\s+)?the\s+(?P<n>\d{{1,2}})(?:st|nd|rd|th)?\s+of\s+{_EVERY}\s+{_MONTH}\b"
                rf"|\b{_EVERY}\s+{_MONTH}\s+on\s+the\s+(?P<m>\d{{1,2}})(?:st|nd|rd|th)?\b", re.I),
     "monthday"),
    (re.compile(rf"\b{alt(DAILY)}\b", re.I), "FREQ=DAILY"),
    (re.compile(rf"\b{alt(WEEKLY)}\b", re.I), "FREQ=WEEKLY"),
    (re.compile(rf"\b{alt(MONTHLY)}\b", re.I), "FREQ=MONTHLY"),
)  # fmt: skip
STOP = re.compile(rf"\b{alt(STOP_REPEATING)}\s+{alt(REPEATING)}\b(?P<rest>.*)$", re.I)
# "put out the recycling every thursday": "put out" is the task's own verb, not "put" as in
# "put X on my list"
ADD_LEADS = re.compile(rf"^{alt(REPEAT_ADD_LEADS)}\s+(?!{alt(PARTICLES)}\b)", re.I)


@dataclass(frozen=True)
class AddRepeating:
    title: str
    rule: str
    at: time | None


@dataclass(frozen=True)
class StopRepeating:
    target: str


def read(text: str, *, now: datetime, zone: tzinfo) -> AddRepeating | StopRepeating | None:
    said = _plain(text)
    if found := STOP.search(said):
        return StopRepeating(_target(found.group("rest")))
    if said.endswith("?"):
        return None
    for pattern, kind in PATTERNS:
        found = pattern.search(said)
        if found is None:
            continue
        rule = _rule(found, kind, now=now, zone=zone)
        rest = (said[: found.start()] + " " + said[found.end() :]).strip(" ,.!")
        at: time | None = None
        reading = read_date(rest, now=now, zone=zone)
        if isinstance(reading, DateReading) and reading.at is not None:
            at, rest = reading.at, reading.rest
        title = ADD_LEADS.sub("", " ".join(rest.split())).strip(" ,.!:-")
        return AddRepeating(title, rule, at) if title else None
    return None


def _rule(found: re.Match[str], kind: str, *, now: datetime, zone: tzinfo) -> str:
    local = now.astimezone(zone)
    if kind == "weekly":
        words = re.findall(_DAY, found.group("days").lower())
        codes = sorted({WEEKDAYS[w] for w in words})
        return "FREQ=WEEKLY;BYDAY=" + ",".join(CODES[c] for c in codes)
    if kind == "monthday":
        return f"FREQ=MONTHLY;BYMONTHDAY={int(found.group('n') or found.group('m'))}"
    if kind == "FREQ=WEEKLY":
        return f"FREQ=WEEKLY;BYDAY={CODES[local.weekday()]}"
    if kind == "FREQ=MONTHLY":
        return f"FREQ=MONTHLY;BYMONTHDAY={local.day}"
    return kind


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
        return reply(result) if result.ok else failure(result)
    due = await first_due(intent.rule, now=now, zone=zone, at=intent.at)
    if due is None:
        return no_date(intent.rule).message
    local = due.at.astimezone(zone) if intent.at else due.at
    when = local.strftime("%Y-%m-%dT%H:%M") if intent.at else local.strftime("%Y-%m-%d")
    arguments: dict[str, Any] = {"title": intent.title, "due": when, "repeat": intent.rule}
    if intent.at is not None:
        arguments["remind_at"] = when
    result = await call("add_task", **arguments)
    if not result.ok:
        return failure(result)
    return str(result.message)
