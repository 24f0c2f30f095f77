"""Carrying out a reminder request (`reminding.read`) through the tools, and the reply."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any

from core.agent.builtin import leftovers, phrases
from core.agent.builtin.clock import in_old_half
from core.agent.builtin.context import Context, pointed_at
from core.agent.builtin.guesses import Ask, Call, did_you_mean
from core.agent.builtin.notes import Note
from core.agent.builtin.refs import fuzzy_matches, loose_matches, sure_matches
from core.agent.builtin.reminder_intents import (
    AskWhen,
    CancelAllReminders,
    CancelReminder,
    ListReminders,
    MoveLastReminder,
    RemindAbout,
    RemindBefore,
    ReminderIntent,
    RemindNew,
    ShiftReminder,
)
from core.agent.builtin.reminder_patterns import WHICH_NUMBER
from core.agent.builtin.replies import failure, knowns
from core.domain.task_pages import LIST_PAGE
from core.tools import Envelope

_THE = re.compile(r"^the\s+", re.IGNORECASE)


async def act(
    intent: ReminderIntent, call: Call, context: Context, note: Note, *, zone: tzinfo, ask: Ask
) -> str:
    """Carry the request out through the tools; the reply."""
    if isinstance(intent, ListReminders):
        listed = await call("list_tasks", status="pending", has_reminder=True, limit=LIST_PAGE)
        note.show(listed.as_json())
        return str(listed.message)
    if isinstance(intent, RemindNew):
        return await _remind_new(intent, call, zone=zone)
    if isinstance(intent, CancelAllReminders):
        return await _cancel_all(call)
    if isinstance(intent, MoveLastReminder):
        return await _move_last(intent, call, context, note, zone=zone)
    if isinstance(intent, ShiftReminder):
        return await _shift_reminder(intent, call, context, note, zone=zone)
    return await _on_target(intent, call, context, note, zone=zone, ask=ask)


async def _on_target(
    intent: AskWhen | CancelReminder | RemindBefore | RemindAbout,
    call: Call,
    context: Context,
    note: Note,
    *,
    zone: tzinfo,
    ask: Ask,
) -> str:
    """A reminder set, moved or cancelled on one task, said or implied."""
    target = intent.target or await _implied(call, context, note)
    if not target:
        return "Which task do you mean? Give its number, like “remind me about #2 at 5pm”."
    if isinstance(intent, AskWhen):
        return (
            f"When should I remind you about {target}? For example “at 5pm” or “tomorrow morning”."
        )
    change = _change(intent, zone)
    if isinstance(intent, RemindBefore) and intent.clock is not None:
        clocked = await days_before_due(call, target, intent.minutes, intent.clock)
        if isinstance(clocked, str):
            return clocked  # no such task, or no due to count from: asked
        change = {"remind_at": f"{clocked:%Y-%m-%dT%H:%M}"}
    result = await call("update_task", task_identifier=target, **change)
    if result.error == "NOT_FOUND" and not WHICH_NUMBER.fullmatch(target.strip()):
        # "the electrican thing": a title said loosely acts; one said with a typo only asks
        pending = knowns(await call("list_tasks", status="pending"))
        found = sure_matches(pending, target)
        if len(found) == 1:
            result = await call("update_task", task_identifier=f"#{found[0].number}", **change)
        elif not found and (typed := fuzzy_matches(pending, target)):
            question = phrases.DID_YOU_MEAN["remind"]
            return await did_you_mean(ask, typed, question, "update_task", change)
    return reply(result)


async def days_before_due(call: Call, target: str, minutes: int, clock: time) -> datetime | str:
    """The local minute `minutes` (whole days) before the task's due day at `clock`; a
    question instead when the task is not one of the open ones or has no due."""
    found = _named_rows(await call("list_tasks", status="pending"), target)
    if len(found) != 1:
        return phrases.REMIND_BEFORE_WHICH
    task = found[0]
    if not task.get("due"):
        return phrases.REMIND_BEFORE_NO_DUE.format(number=task["number"], title=task["title"])
    day = date.fromisoformat(str(task["due"])[:10]) - timedelta(minutes=minutes)
    return datetime.combine(day, clock)


def _change(intent: CancelReminder | RemindBefore | RemindAbout, zone: tzinfo) -> dict[str, Any]:
    if isinstance(intent, CancelReminder):
        return {"cancel_reminder": True}
    if isinstance(intent, RemindBefore):
        return {"remind_before_due_minutes": intent.minutes}
    return {"remind_at": _local(intent.at, zone)}


async def _remind_new(intent: RemindNew, call: Call, *, zone: tzinfo) -> str:
    tasks = knowns(await call("list_tasks", status="pending"))
    same = [task for task in tasks if task.title.casefold() == intent.title.casefold()][:1]
    if not same and (intent.about or len(intent.title.split()) == 1):
        # "remind me about the bank", or a bare verb ("remind me to call at 3") tasks start with
        same = loose_matches(tasks, intent.title)
    if len(same) > 1:
        listing = ", ".join(f"#{task.number} “{task.title}”" for task in same[:10])
        return phrases.REMIND_WHICH.format(choices=listing)
    when = _local(intent.at, zone)
    if same:
        result = await call("update_task", task_identifier=str(same[0].number), remind_at=when)
    elif leftovers.misread(intent.title, dated=True):
        return phrases.MISREAD_REMINDER.format(title=intent.title)
    else:
        due = when if intent.timed else when[:10]
        extra: dict[str, object] = {"tags": list(intent.tags)} if intent.tags else {}
        if intent.priority:
            extra["priority"] = intent.priority
        result = await call("add_task", title=intent.title, due=due, remind_at=when, **extra)
    return reply(result)


async def _cancel_all(call: Call) -> str:
    tasks = _rows(await _reminded(call))
    if not tasks:
        return "You have no reminders set, so there is nothing to cancel."
    for task in tasks:
        result = await call(
            "update_task", task_identifier=f"#{task['number']}", cancel_reminder=True
        )
        if not result.ok:
            return failure(result)
    titles = ", ".join(f"#{task['number']} {task['title']}" for task in tasks)
    count = "1 reminder" if len(tasks) == 1 else f"all {len(tasks)} reminders"
    return f"Okay, I cancelled {count} ({titles}). The tasks stay on your list."


async def _move_last(
    intent: MoveLastReminder, call: Call, context: Context, note: Note, *, zone: tzinfo
) -> str:
    """The reminder the last reply set; its due too when it was set with the task's time."""
    target = await _implied(call, context, note)
    if not target:
        return "Which task do you mean? Give its number, like “move the reminder for #2 to 5pm”."
    when = _local(intent.at, zone)
    before = str(context.last_input.get("remind_at") or "")
    if not intent.day_said and len(before) >= 16:  # "actually make it 6pm": the same day
        at = in_old_half(
            intent.phrase, time.fromisoformat(when[11:16]), time.fromisoformat(before[11:16])
        )
        when = f"{before[:10]}T{at.strftime('%H:%M')}"  # "make it 6" after 5pm: 18:00
    last = context.last_input
    same_due = last.get("due") and last.get("due") == last.get("remind_at")
    extra = {"due": when} if same_due else {}
    result = await call("update_task", task_identifier=target, remind_at=when, **extra)
    return reply(result)


async def _shift_reminder(
    intent: ShiftReminder, call: Call, context: Context, note: Note, *, zone: tzinfo
) -> str:
    listed = await _reminded(call)
    found = _named_rows(listed, intent.target or await _implied(call, context, note))
    if len(found) != 1:
        if not _rows(listed):
            return "You have no reminders set. Say “remind me about #2 at 5pm” to set one."
        return "Which reminder do you mean? Say “show my reminders” to see them, then its number."
    moment = datetime.fromisoformat(found[0]["reminder"])
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone)
    result = await call(
        "update_task",
        task_identifier=f"#{found[0]['number']}",
        remind_at=_local(moment + timedelta(minutes=intent.minutes), zone),
    )
    return reply(result)


async def _implied(call: Call, context: Context, note: Note) -> str:
    """ "it": the task this turn's request just touched, else the one the conversation is
    about, else the one task with a reminder."""
    last = pointed_at(note.calls) or context.last_task
    if last is not None:
        return str(last.number)
    tasks = _rows(await _reminded(call))
    return str(tasks[0]["number"]) if len(tasks) == 1 else ""


async def _reminded(call: Call) -> Envelope:
    return await call("list_tasks", status="pending", has_reminder=True)


def _rows(listed: Envelope) -> list[dict[str, Any]]:
    return listed.data.get("tasks", []) if listed.ok else []


def _named_rows(listed: Envelope, target: str) -> list[dict[str, Any]]:
    """The listed tasks `target` names: by number ("#2", "no. 2", "2"), else by title."""
    if number := WHICH_NUMBER.fullmatch(target.strip()):
        named = {int(number.group(1))}
    else:
        named = {task.number for task in sure_matches(knowns(listed), _THE.sub("", target))}
    return [task for task in _rows(listed) if task["number"] in named]


def reply(result: Envelope) -> str:
    """The tools' message said as the engine says it; a refusal as `failure` tells it."""
    if not result.ok:
        return failure(result)
    message = str(result.message)
    if message.startswith("Done: I will remind you"):
        return "Okay, I'll remind you" + message.removeprefix("Done: I will remind you")
    return message.replace("Done: I ", "Okay, I ", 1)


def _local(moment: datetime, zone: tzinfo) -> str:
    """The local time for the tools, to the second when it has seconds ("in a minute")."""
    return moment.astimezone(zone).strftime("%Y-%m-%dT%H:%M" + (":%S" if moment.second else ""))
