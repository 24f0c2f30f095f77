"""Reading a reminder request (pure), before the engine's own parser, so "remind me to call mom
at 3pm" sets a reminder rather than only adding a task: setting one ("remind me in 20 minutes
to check the oven", "remind me about #3 at 5pm", "remind me an hour before the dentist"),
moving one ("push the reminder for #2 back an hour", "actually make it 6pm" right after one
was set), cancelling ("don't remind me about it", "cancel all my reminders") and listing them.
Times come from the shared date reader, in the person's zone (`reminder_patterns.adjusted`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, tzinfo
from typing import Literal

from core.agent.builtin import reminder_patterns as words
from core.agent.builtin.clock import time_of_day
from core.agent.builtin.dated import without_due_link
from core.agent.builtin.dates import minutes_in
from core.agent.builtin.lexicon.reminders import (
    BEFORE_WORDS,
    DAYS_BEFORE_PARTS,
    LATER_VERBS,
    REGARDING,
    REMINDER_LEAD_INS,
    SHIFT_WORDS,
)
from core.agent.builtin.lexicon.time import PARTS_OF_DAY
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import topic_first
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
from core.agent.builtin.reminder_patterns import reminder_target
from core.agent.builtin.text import trim_tail, without_trailers
from core.agent.builtin.timed import title_fields

# What a reader found: a request; False, no request (the readers after it do not look); None,
# this reader does not know (the next one looks).
_Reading = ReminderIntent | Literal[False] | None
_LEADS = re.compile(rf"^(?:{alt(REMINDER_LEAD_INS)}[ ,]+)+", NOCASE)


def read(
    text: str, *, now: datetime, zone: tzinfo, follows_reminder: bool = False
) -> ReminderIntent | None:
    """The reminder request in `text`, or None when it is not one (the engine reads it).

    `follows_reminder`: the last reply set a reminder, so "make it 6pm" moves it."""
    said = without_lead_ins(text)
    if not words.SOMEWHERE_REMIND.search(said):
        return _follow_up(said, now=now, zone=zone) if follows_reminder else None
    if (first := topic_first(said)) is not None and first[0].kind == "title":
        inner = read(first[1], now=now, zone=zone)  # "for the car service, remind me …"
        if isinstance(inner, RemindAbout | RemindBefore | CancelReminder) and not inner.target:
            return replace(inner, target=first[0].text)
    for reader in _READERS:
        found = reader(said, now, zone)
        if found is not None:
            return found or None
    return None


def without_lead_ins(text: str) -> str:
    """The message without lead-ins ("ok so can you …"), another way of asking ("ping me")
    read as "remind me"."""
    said = _LEADS.sub("", " ".join(text.replace("’", "'").split()).strip(" .!"), count=1)
    return words.ASKS.sub("remind me", said, count=1)


def _listed_or_cancelled(said: str, now: datetime, zone: tzinfo) -> _Reading:
    if words.ASK_LIST.search(said) and not words.SAYS_REMIND_ME.search(said):
        return ListReminders()
    if words.CANCEL_ALL.search(said) or words.CANCEL_ALL.search(trim_tail(said)):
        return CancelAllReminders()  # "cancel all my reminders pls 🙏"
    if found := words.CANCEL.search(said):
        return CancelReminder(reminder_target("".join(found.groups(""))))  # one rest matched
    return None


def _changed(said: str, now: datetime, zone: tzinfo) -> _Reading:
    """ "move the reminder for #2 to 5pm", "the reminder for #2 should be at 6pm"."""
    if found := words.CHANGE.search(said):
        changed = _change(found.group("verb"), found.group("rest"), now=now, zone=zone)
        if not found.group("named"):
            return changed or False
        if changed is not None:  # "move the bank reminder to friday": that task's reminder
            return changed if changed.target else replace(changed, target=found.group("named"))
    if found := words.REMINDER_FIRST.match(said):  # "can the reminder be 30 mins earlier"
        spec = words.TRAILERS.sub("", found.group("spec").strip(" ,.!?"))
        which = f"{found.group('which') or ''} {spec}".strip()
        return _change("", which, now=now, zone=zone) or False
    return None


DAY = 24 * 60
# "remind me the night before at 8pm", "… about the rent two days before it's due at 9am",
# "… the night before at 9pm about the dentist"
_ABOUT = rf"\s+(?:{alt(REGARDING)}|for)\s+"
_DAY_BEFORE = re.compile(
    rf"{words.SAYS_REMIND_ME.pattern}(?:{_ABOUT}(?P<what>.+?))?\s+"
    rf"(?:the\s+|(?P<days>\w+(?:\s+of)?)\s+)(?P<part>{alt(DAYS_BEFORE_PARTS)})"
    rf"\s+(?:{alt(BEFORE_WORDS)})(?:\s+(?P<clock>(?:at\s+)?\d.*?|at\s+\w+))?"
    rf"(?:{_ABOUT}(?P<named_after>.+?))?$",
    NOCASE,
)


def _days_before(said: str, now: datetime, zone: tzinfo) -> _Reading:
    """Whole days before the due day, at a time of day; the act finds the task's due day."""
    found = _DAY_BEFORE.search(said.strip(" .!?"))
    if found is None:
        return None
    part = found.group("part").lower().rstrip("s")
    clock = time_of_day(found.group("clock"), part if part in PARTS_OF_DAY else None)
    minutes = minutes_in(f"{found.group('days') or 'a'} days")
    if minutes is None or minutes % DAY:
        return None
    # "the day before" with no time counts from the due's own time, as "a day before" does
    what = found.group("what") or found.group("named_after") or ""
    return RemindBefore(reminder_target(what), minutes, clock)


def _before(said: str, now: datetime, zone: tzinfo) -> _Reading:
    """ "remind me an hour before", "… 30 min before #2", "… about the dentist 30 min before"
    (the task's due minus that)."""
    if (found := words.BEFORE.search(trim_tail(said))) and (
        minutes := minutes_in(found.group("amount"))
    ) is not None:
        return RemindBefore(reminder_target(found.group("what") or ""), minutes)
    if found := words.ABOUT_BEFORE.search(said):
        told = found.group("body").split()
        for size in range(min(4, len(told) - 1), 0, -1):  # "half an hour" before "an hour"
            minutes = minutes_in(" ".join(told[-size:]))
            if minutes is not None:
                return RemindBefore(reminder_target(" ".join(told[:-size])), minutes)
    return None


def _shifted(said: str, now: datetime, zone: tzinfo) -> _Reading:
    """ "remind me an hour later instead": the reminder the conversation is about, moved."""
    if (found := words.REMIND_SHIFTED.match(said)) is not None:
        minutes = _shift("", words.TRAILERS.sub("", found.group("spec").strip(" ,.!?")))
        if minutes is not None:
            return ShiftReminder("", minutes)
    return None


def _about(said: str, now: datetime, zone: tzinfo) -> _Reading:
    """ "remind me about #3 at 5pm"; without a time, "when?" for a task said by number."""
    if not (found := words.ABOUT.search(said)):
        return None
    reading = words.reading_of(found.group("rest"), now=now, zone=zone)
    if reading is None:
        target = reminder_target(found.group("rest"))
        pointed = not target or words.WHICH_NUMBER.fullmatch(target)
        return AskWhen(target) if pointed else False  # "about the meeting": a task
    at = words.adjusted(reading, now=now, zone=zone)
    return RemindAbout(reminder_target(reading.rest), at)


def _remind(said: str, now: datetime, zone: tzinfo) -> _Reading:
    """ "remind me to call mom tomorrow at 3pm": a task due then with a reminder then."""
    if not (found := words.REMIND.search(said)):
        return None
    reading = words.reading_of(found.group("rest") or "", now=now, zone=zone)
    if reading is None:
        return False  # "remind me to buy milk": a task, the engine adds it
    said = without_due_link(reading.rest.strip(" ,.!?"))  # "…, it's due on the 14th"
    fields = title_fields(without_trailers(words.TITLE_LEADS.sub("", said)).strip(" ,.!?"))
    at = words.adjusted(reading, now=now, zone=zone)
    if words.REGARDING_FIRST.match(said) and fields.title:  # "ping me at 4 about the slides"
        return RemindNew(reminder_target(said), at, reading.at is not None, about=True)
    if not fields.title:  # "remind me at 8am": about the task the conversation is about
        return RemindAbout("", at) if not reading.rest.strip(" ,.!?") else False
    return RemindNew(fields.title, at, reading.at is not None, fields.priority, fields.tags)


# In order: the first reader that knows wins.
_READERS: tuple[Callable[[str, datetime, tzinfo], _Reading], ...] = (
    _listed_or_cancelled,
    _changed,
    _days_before,
    _before,
    _shifted,
    _about,
    _remind,
)


def _change(
    verb: str, rest: str, *, now: datetime, zone: tzinfo
) -> RemindAbout | ShiftReminder | None:
    """What follows "move the reminder": "for call bob to tomorrow at 10am" (the first
    split whose tail is a whole date) or "back an hour" (an amount and a direction)."""
    told = rest.split()
    for size in range(len(told)):
        which, spec = " ".join(told[:size]), " ".join(told[size:])
        minutes = _shift(verb, spec)
        if minutes is not None:
            return ShiftReminder(reminder_target(which), minutes)
        lead = words.TIME_LEADS.match(spec)
        if lead is None and size:
            continue
        spec = words.TRAILERS.sub("", spec[lead.end() if lead else 0 :])
        at = words.when(words.as_hour(spec), now=now, zone=zone)
        if at is not None:
            return RemindAbout(reminder_target(words.ASIDE.sub("", which)), at)
    return None


def _follow_up(said: str, *, now: datetime, zone: tzinfo) -> ReminderIntent | None:
    """ "make it 6pm", "change it to tomorrow", "an hour later": the reminder just set."""
    found = words.FOLLOW_UP.match(words.SAYING_NO.sub("", said))
    if found is None:
        return None
    verb = found.group("verb") or ""
    spec = words.TRAILERS.sub("", found.group("rest").strip(" ,.!?"))
    minutes = _shift(verb, spec)
    if minutes is not None:
        return ShiftReminder("", minutes)
    spec = words.TIME_LEADS.sub("", spec)
    at = words.when(words.as_hour(spec) if verb else spec, now=now, zone=zone) if spec else None
    if at is None:  # "make it 6": an hour, when a verb said it is a time
        return None
    return MoveLastReminder(at, bool(words.DAY_WORDS.search(spec)), phrase=spec)


def _shift(verb: str, spec: str) -> int | None:
    """ "30 minutes earlier", "back an hour", "by 10 min" (after snooze/delay: later)."""
    told = [word for word in spec.lower().strip(" ,.!?").split() if word != "by"]
    ways = [SHIFT_WORDS[word] for word in told if word in SHIFT_WORDS]
    amount = " ".join(word for word in told if word not in SHIFT_WORDS)
    if len(ways) > 1 or not amount:
        return None
    way = ways[0] if ways else (1 if verb.lower() in LATER_VERBS else 0)
    minutes = minutes_in(amount) if way else None
    return way * minutes if minutes else None
