"""Reminders in the builtin engine: reading the request (pure) and acting through the tools.

Read before the engine's own parser, so "remind me to call mom at 3pm" sets a reminder
rather than only adding a task. Times come from the shared date reader (`dates.read_date`),
in the person's zone. What is read:

- "remind me to call mom tomorrow at 3pm", "remind me in 20 minutes to check the oven":
  a task due then (or the open task of that title) with a reminder then;
- "remind me about #3 at 5pm", "remind me about it on friday morning";
- "remind me an hour before the dentist", "remind me 30 min before #2";
- "remind me about the dentist 30 min before": the task's due minus that;
- "remind me at 8am" with no title: the task the conversation is about;
- "change that reminder to 5pm", "move the reminder for #2 to tomorrow 9am";
- "make the reminder 30 minutes earlier", "push the reminder back an hour";
- right after a reminder was set: "actually make it 6pm", "make it an hour later";
- "can the reminder be 30 mins earlier", "the reminder for #2 should be at 6pm";
- "remind me an hour later instead": the reminder the conversation is about, moved;
- "don't remind me about it", "cancel the reminder for #2", "cancel all my reminders pls";
- "ping me", "nudge me", "give me a reminder" and the other `lexicon.REMIND_ASKS`;
- "what reminders do I have?", "show my reminders".

A day without a time means 09:00 (`tooling.DEFAULT_HOUR`, as "friday morning" does); a time
of day already past today, said without a day ("at 8am" at 9:00), means tomorrow.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, tzinfo

from core.agent.builtin import days_before
from core.agent.builtin.dated import without_due_link
from core.agent.builtin.dates import minutes_in
from core.agent.builtin.lexicon.reminders import (
    LATER_VERBS,
    REMINDER_FILLERS,
    REMINDER_LEAD_INS,
    SHIFT_WORDS,
)
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
from core.agent.builtin.reminder_patterns import (
    A_NUMBER,
    ABOUT,
    ABOUT_BEFORE,
    ASIDE,
    ASK_LIST,
    ASKS,
    BEFORE,
    CANCEL,
    CANCEL_ALL,
    CHANGE,
    FOLLOW_UP,
    REGARDING_FIRST,
    REMIND,
    REMIND_SHIFTED,
    REMINDER_FIRST,
    SAYING_NO,
    SAYS_REMIND_ME,
    SOMEWHERE_REMIND,
    TIME_LEADS,
    TITLE_LEADS,
    TRAILERS,
    reminder_target,
)
from core.agent.builtin.reminder_times import DAY_WORDS, adjusted, as_hour, reading_of, when
from core.agent.builtin.text import trim_tail, without_trailers
from core.agent.builtin.timed import title_fields


def read(
    text: str, *, now: datetime, zone: tzinfo, follows_reminder: bool = False
) -> ReminderIntent | None:
    """The reminder request in `text`, or None when it is not one (the engine reads it).

    `follows_reminder`: the last reply set a reminder, so "make it 6pm" moves it."""
    said = without_lead_ins(text)
    if not SOMEWHERE_REMIND.search(said):
        return _follow_up(said, now=now, zone=zone) if follows_reminder else None
    for reader in _READERS:
        found = reader(said, now, zone)
        if found is not None:
            return None if isinstance(found, _NoRequest) else found
    return None


@dataclass(frozen=True)
class _NoRequest:
    """A reader's answer that the text is no reminder request: the readers after it do not
    look (None: this reader does not know, the next one looks)."""


_NONE = _NoRequest()
_Reading = ReminderIntent | _NoRequest | None


def _or_none(found: ReminderIntent | None) -> ReminderIntent | _NoRequest:
    return _NONE if found is None else found


def _listing(said: str, now: datetime, zone: tzinfo) -> _Reading:
    if ASK_LIST.search(said) and not SAYS_REMIND_ME.search(said):
        return ListReminders()
    return None


def _cancel_all(said: str, now: datetime, zone: tzinfo) -> _Reading:
    if CANCEL_ALL.search(said) or CANCEL_ALL.search(trim_tail(said)):
        return CancelAllReminders()  # "cancel all my reminders pls 🙏"
    return None


def _cancel(said: str, now: datetime, zone: tzinfo) -> _Reading:
    if found := CANCEL.search(said):
        rest = found.group("rest") or found.group("rest2") or found.group("rest3") or ""
        return CancelReminder(reminder_target(rest))
    return None


def _changed(said: str, now: datetime, zone: tzinfo) -> _Reading:
    if not (found := CHANGE.search(said)):
        return None
    changed = _change(found.group("verb"), found.group("rest"), now=now, zone=zone)
    if not found.group("named"):
        return _or_none(changed)
    if changed is not None:  # "move the bank reminder to friday": that task's reminder
        return changed if changed.target else replace(changed, target=found.group("named"))
    return None


def _reminder_first(said: str, now: datetime, zone: tzinfo) -> _Reading:
    if not (found := REMINDER_FIRST.match(said)):
        return None
    which, spec = (
        found.group("which") or "",
        TRAILERS.sub("", found.group("spec").strip(" ,.!?")),
    )
    return _or_none(_change("", f"{which} {spec}".strip(), now=now, zone=zone))


def _before(said: str, now: datetime, zone: tzinfo) -> _Reading:
    if found := BEFORE.search(trim_tail(said)):
        minutes = minutes_in(found.group("amount"))
        if minutes is not None:
            return RemindBefore(reminder_target(found.group("what") or ""), minutes)
    return None


def _shifted(said: str, now: datetime, zone: tzinfo) -> _Reading:
    if (found := REMIND_SHIFTED.match(said)) is not None:
        minutes = _shift("", TRAILERS.sub("", found.group("spec").strip(" ,.!?")))
        if minutes is not None:
            return ShiftReminder("", minutes)
    return None


def _about_before(said: str, now: datetime, zone: tzinfo) -> _Reading:
    if found := ABOUT_BEFORE.search(said):
        words = found.group("body").split()
        for size in range(min(4, len(words) - 1), 0, -1):  # "half an hour" before "an hour"
            minutes = minutes_in(" ".join(words[-size:]))
            if minutes is not None:
                return RemindBefore(reminder_target(" ".join(words[:-size])), minutes)
    return None


def _about(said: str, now: datetime, zone: tzinfo) -> _Reading:
    if not (found := ABOUT.search(said)):
        return None
    reading = reading_of(found.group("rest"), now=now, zone=zone)
    if reading is None:
        target = reminder_target(found.group("rest"))
        pointed = not target or A_NUMBER.fullmatch(target)
        return AskWhen(target) if pointed else _NONE  # "about the meeting": a task
    at = adjusted(reading, now=now, zone=zone)
    return RemindAbout(reminder_target(reading.rest), at)


def _remind(said: str, now: datetime, zone: tzinfo) -> _Reading:
    if not (found := REMIND.search(said)):
        return None
    reading = reading_of(found.group("rest") or "", now=now, zone=zone)
    if reading is None:
        return _NONE  # "remind me to buy milk": a task, the engine adds it
    said = without_due_link(reading.rest.strip(" ,.!?"))  # "…, it's due on the 14th"
    fields = title_fields(without_trailers(TITLE_LEADS.sub("", said)).strip(" ,.!?"))
    at = adjusted(reading, now=now, zone=zone)
    if REGARDING_FIRST.match(said) and fields.title:  # "ping me at 4 about the slides"
        return RemindNew(reminder_target(said), at, reading.at is not None, about=True)
    if not fields.title:  # "remind me at 8am": about the task the conversation is about
        return RemindAbout("", at) if not reading.rest.strip(" ,.!?") else _NONE
    return RemindNew(fields.title, at, reading.at is not None, fields.priority, fields.tags)


# In order: the first reader that knows wins.
_READERS: tuple[Callable[[str, datetime, tzinfo], _Reading], ...] = (
    _listing,
    _cancel_all,
    _cancel,
    _changed,
    _reminder_first,
    days_before.read,
    _before,
    _shifted,
    _about_before,
    _about,
    _remind,
)


_LEAD_STARTS = tuple(
    lead + after for lead in (*REMINDER_LEAD_INS, *REMINDER_FILLERS) for after in " ,"
)


def without_lead_ins(text: str) -> str:
    """The message without lead-ins, another way of asking read as "remind me"."""
    said = " ".join(text.replace("’", "'").split()).strip(" .!")
    changed = said.lower().startswith(_LEAD_STARTS)  # most messages start with none
    while changed:
        changed = False
        for lead in (*REMINDER_LEAD_INS, *REMINDER_FILLERS):
            if said.lower().startswith(lead + " ") or said.lower().startswith(lead + ","):
                said = said[len(lead) :].lstrip(" ,")
                changed = True
    return ASKS.sub("remind me", said, count=1)


def _change(
    verb: str, rest: str, *, now: datetime, zone: tzinfo
) -> RemindAbout | ShiftReminder | None:
    """What follows "move the reminder": "for call bob to tomorrow at 10am" (the first
    split whose tail is a whole date) or "back an hour" (an amount and a direction)."""
    words = rest.split()
    for size in range(len(words)):
        which, spec = " ".join(words[:size]), " ".join(words[size:])
        minutes = _shift(verb, spec)
        if minutes is not None:
            return ShiftReminder(reminder_target(which), minutes)
        lead = TIME_LEADS.match(spec)
        if lead is None and size:
            continue
        at = when(as_hour(TRAILERS.sub("", spec[lead.end() if lead else 0 :])), now=now, zone=zone)
        if at is not None:
            which = ASIDE.sub("", which)
            return RemindAbout(reminder_target(which), at)
    return None


def _follow_up(said: str, *, now: datetime, zone: tzinfo) -> ReminderIntent | None:
    """ "make it 6pm", "change it to tomorrow", "an hour later": the reminder just set."""
    found = FOLLOW_UP.match(SAYING_NO.sub("", said))
    if found is None:
        return None
    verb, spec = found.group("verb") or "", TRAILERS.sub("", found.group("rest").strip(" ,.!?"))
    minutes = _shift(verb, spec)
    if minutes is not None:
        return ShiftReminder("", minutes)
    if not spec:
        return None
    spec = TIME_LEADS.sub("", spec)
    at = when(as_hour(spec) if verb else spec, now=now, zone=zone)  # "make it 6": an hour
    if at is None:
        return None
    return MoveLastReminder(at, bool(DAY_WORDS.search(spec)), phrase=spec)


def _shift(verb: str, spec: str) -> int | None:
    """ "30 minutes earlier", "back an hour", "by 10 min" (after snooze/delay: later)."""
    words = [word for word in spec.lower().strip(" ,.!?").split() if word != "by"]
    ways = [SHIFT_WORDS[word] for word in words if word in SHIFT_WORDS]
    amount = " ".join(word for word in words if word not in SHIFT_WORDS)
    if len(ways) > 1 or not amount:
        return None
    way = ways[0] if ways else (1 if verb.lower() in LATER_VERBS else 0)
    minutes = minutes_in(amount) if way else None
    return way * minutes if minutes else None
