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

import re
from dataclasses import replace
from datetime import datetime, tzinfo

from core.agent.builtin.amounts import minutes_in as _minutes
from core.agent.builtin.due_links import without_due_link
from core.agent.builtin.lexicon.numbers import NUMBER_SIGNS
from core.agent.builtin.lexicon.reminders import (
    AFTER_ALL,
    ASK_REMINDERS,
    BEFORE_WORDS,
    CANCEL_ALL_VERBS,
    CANCEL_VERBS,
    FOR_NOW,
    INSTEAD,
    ITS_TIME,
    LATER_VERBS,
    MOVE_ASIDE,
    NEW_ONE,
    NO_REMINDER,
    PENDING_KINDS,
    REGARDING,
    REMIND_ASKS,
    REMIND_ME,
    REMINDER_ALIASES,
    REMINDER_BE,
    REMINDER_FILLERS,
    REMINDER_LEAD_INS,
    REMINDER_MOVES,
    REMINDER_NOUNS,
    REMINDING,
    SET_REMINDER,
    SHIFT_WORDS,
    STOP_REMINDING,
    TASK_POINTERS,
)
from core.agent.builtin.lexicon.talk import CORRECTION_LEADS
from core.agent.builtin.lexicon.tasks import TASK_NOUNS
from core.agent.builtin.lexicon.verbs import REMIND_VERBS
from core.agent.builtin.pattern import alt
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
from core.agent.builtin.reminder_times import DAY_WORDS, adjusted, as_hour, reading_of, when
from core.agent.builtin.text import trim_tail
from core.agent.builtin.timed import title_fields

_REMINDER = alt(REMINDER_NOUNS, REMINDER_NOUNS.values())
_REMIND_ME = alt(REMIND_ME)
_REMINDING = alt(REMINDING)
_SOMEWHERE_REMIND = re.compile(rf"\b{alt(REMIND_VERBS)}", re.I)
_SAYS_REMIND_ME = re.compile(rf"\b{_REMIND_ME}\b", re.I)
ASK_LIST = re.compile(
    rf"^{alt(ASK_REMINDERS)}\b.*\b{_REMINDER}\b|^{_REMINDER}\??$",
    re.I,
)
CANCEL = re.compile(
    rf"\b{alt(STOP_REMINDING)}\s+{_REMINDING}\s+me\b(?P<rest>.*)$"
    rf"|\b{alt(CANCEL_VERBS)}\s+(?:the\s+|my\s+|that\s+|this\s+)?"
    rf"{_REMINDER}\b(?P<rest2>.*)$"
    rf"|^{alt(NO_REMINDER)}\b(?P<rest3>.*)$",
    re.I,
)
CANCEL_ALL = re.compile(
    rf"^{alt(CANCEL_ALL_VERBS)}\s+(?:all\s+(?:of\s+)?|every\s+(?:one\s+of\s+)?)?"
    rf"(?:my\s+|the\s+)?(?:{alt(PENDING_KINDS)}\s+)?{alt(REMINDER_NOUNS.values())}"
    rf"(?:\s+{alt(FOR_NOW)})?$"
    rf"|^{alt(CANCEL_ALL_VERBS)}\s+(?:every|each)\s+{alt(REMINDER_NOUNS)}$"
    rf"|^{alt(STOP_REMINDING)}\s+{_REMINDING}\s+me\s+(?:about\s+|of\s+)?"
    r"(?:anything|everything)(?:\s+at\s+all)?$",
    re.I,
)
_MOVES = alt(REMINDER_MOVES)
# "move the reminder for #2 …": what follows "reminder" is read by `_change` / `_shift`;
# "move the bank reminder to thursday": the task may be named before "reminder" too (a few
# words, never a new one's "a").
CHANGE = re.compile(
    rf"\b(?P<verb>{_MOVES})\s+(?:the\s+|my\s+|that\s+|this\s+)?"
    rf"(?:(?!{alt(NEW_ONE)}\b)(?P<named>[^\s,]+(?:\s+[^\s,]+){{0,3}}?)\s+)?"
    rf"{alt(REMINDER_NOUNS)}\b(?P<rest>.*)$",
    re.I,
)
# Right after a reminder was set: "make it 6pm", "change it to tomorrow", "an hour later".
FOLLOW_UP = re.compile(
    rf"^(?:(?P<verb>{_MOVES})\s+(?:it|that|this|that\s+one|this\s+one|"
    rf"the\s+{alt(REMINDER_ALIASES)})\b)?(?P<rest>.*)$",
    re.I,
)
# "can the reminder be 30 mins earlier", "the reminder for #2 should go off at 6pm".
REMINDER_FIRST = re.compile(
    r"^(?:(?:can|could|would|will|should)\s+)?(?:the\s+|my\s+|that\s+|this\s+)"
    rf"{alt(REMINDER_NOUNS)}(?P<which>\s+(?:for|on|about|of)\s+.+?)?\s+"
    r"(?:(?:should|can|could|will|must|needs?\s+to)\s+)?"
    rf"{alt(REMINDER_BE)}\s+(?P<spec>.+)$",
    re.I,
)
# "remind me half an hour earlier": only an amount and a direction after "remind me".
REMIND_SHIFTED = re.compile(rf"^{_REMIND_ME}\s+(?P<spec>.+)$", re.I)
TIME_LEADS = re.compile(r"^(?:to|for|until|till|at|on)\s+", re.I)
TRAILERS = re.compile(rf"\s+{alt(INSTEAD)}$", re.I)
_AFTER_ALL = re.compile(rf"(?:\s+{alt(AFTER_ALL)})+$", re.I)
ABOUT_BEFORE = re.compile(
    rf"\b{_REMIND_ME}\s+(?:{alt(REGARDING)}|for)\s+(?P<body>.+?)\s+{alt(BEFORE_WORDS)}"
    rf"(?:\s+(?:its|it'?s|the)\s+{alt(ITS_TIME)})?$",
    re.I,
)
_ASKS = re.compile(rf"^{alt(REMIND_ASKS)}\b", re.I)
BEFORE = re.compile(  # "remind me an hour before" (the task just talked about), "… before #2"
    rf"\b{_REMIND_ME}\s+(?P<amount>.+?)\s+(?:before\s+(?P<what>.+)|{alt(BEFORE_WORDS)}$)",
    re.I,
)
ABOUT = re.compile(rf"\b{_REMIND_ME}\s+{alt(REGARDING)}\s+(?P<rest>.+)$", re.I)
REMIND = re.compile(rf"\b{alt(SET_REMINDER)}(?:\s+(?P<rest>.+))?$", re.I)
TITLE_LEADS = re.compile(
    r"^(?:to|that\s+i\s+(?:need|have|must)\s+to|that\s+i\s+should|that|i\s+need\s+to|"
    r"i\s+have\s+to|for|of|about)(?:\s+|$)",  # a lead alone is no title
    re.I,
)
TARGET_LEADS = re.compile(r"^\s*(?:for|on|about|of|to|with)\s+", re.I)
_TASK_FIRST = re.compile(rf"^(?:the\s+)?{alt(TASK_NOUNS)}\s+", re.I)
_NUMBERED = rf"(?:#|{alt(NUMBER_SIGNS)}\s*)?"
_A_NUMBER = re.compile(rf"{_NUMBERED}\d+", re.I)
WHICH_NUMBER = re.compile(rf"{_NUMBERED}(\d+)", re.I)
_REGARDING_FIRST = re.compile(rf"^{alt(REGARDING)}\s+", re.I)
_ASIDE = re.compile(rf"^{alt(MOVE_ASIDE)}\b", re.I)
_SAYING_NO = re.compile(rf"^{alt(CORRECTION_LEADS)}\b[\s,]*", re.I)


def read(
    text: str, *, now: datetime, zone: tzinfo, follows_reminder: bool = False
) -> ReminderIntent | None:
    """The reminder request in `text`, or None when it is not one (the engine reads it).

    `follows_reminder`: the last reply set a reminder, so "make it 6pm" moves it."""
    said = without_lead_ins(text)
    if not _SOMEWHERE_REMIND.search(said):
        return _follow_up(said, now=now, zone=zone) if follows_reminder else None
    if ASK_LIST.search(said) and not _SAYS_REMIND_ME.search(said):
        return ListReminders()
    if CANCEL_ALL.search(said) or CANCEL_ALL.search(trim_tail(said)):
        return CancelAllReminders()  # "cancel all my reminders pls 🙏"
    if found := CANCEL.search(said):
        rest = found.group("rest") or found.group("rest2") or found.group("rest3") or ""
        return CancelReminder(reminder_target(rest))
    if found := CHANGE.search(said):
        changed = _change(found.group("verb"), found.group("rest"), now=now, zone=zone)
        if not found.group("named"):
            return changed
        if changed is not None:  # "move the bank reminder to friday": that task's reminder
            return changed if changed.target else replace(changed, target=found.group("named"))
    if found := REMINDER_FIRST.match(said):
        which, spec = (
            found.group("which") or "",
            TRAILERS.sub("", found.group("spec").strip(" ,.!?")),
        )
        return _change("", f"{which} {spec}".strip(), now=now, zone=zone)
    if found := BEFORE.search(trim_tail(said)):
        minutes = _minutes(found.group("amount"))
        if minutes is not None:
            return RemindBefore(reminder_target(found.group("what") or ""), minutes)
    if (found := REMIND_SHIFTED.match(said)) is not None:
        minutes = _shift("", TRAILERS.sub("", found.group("spec").strip(" ,.!?")))
        if minutes is not None:
            return ShiftReminder("", minutes)
    if found := ABOUT_BEFORE.search(said):
        words = found.group("body").split()
        for size in range(min(4, len(words) - 1), 0, -1):  # "half an hour" before "an hour"
            minutes = _minutes(" ".join(words[-size:]))
            if minutes is not None:
                return RemindBefore(reminder_target(" ".join(words[:-size])), minutes)
    if found := ABOUT.search(said):
        reading = reading_of(found.group("rest"), now=now, zone=zone)
        if reading is None:
            target = reminder_target(found.group("rest"))
            pointed = not target or _A_NUMBER.fullmatch(target)
            return AskWhen(target) if pointed else None  # "about the meeting": a task
        at = adjusted(reading, now=now, zone=zone)
        return RemindAbout(reminder_target(reading.rest), at)
    if found := REMIND.search(said):
        rest = found.group("rest") or ""
        reading = reading_of(rest, now=now, zone=zone)
        if reading is None:
            return None  # "remind me to buy milk": a task, the engine adds it
        said = without_due_link(reading.rest.strip(" ,.!?"))  # "…, it's due on the 14th"
        fields = title_fields(TITLE_LEADS.sub("", said).strip(" ,.!?"))
        at = adjusted(reading, now=now, zone=zone)
        if _REGARDING_FIRST.match(said) and fields.title:  # "ping me at 4 about the slides"
            return RemindNew(reminder_target(said), at, reading.at is not None, about=True)
        if not fields.title:  # "remind me at 8am": about the task the conversation is about
            return RemindAbout("", at) if not reading.rest.strip(" ,.!?") else None
        return RemindNew(fields.title, at, reading.at is not None, fields.priority, fields.tags)
    return None


def without_lead_ins(text: str) -> str:
    """The message without lead-ins, another way of asking read as "remind me"."""
    said = " ".join(text.replace("’", "'").split()).strip(" .!")
    changed = True
    while changed:
        changed = False
        for lead in (*REMINDER_LEAD_INS, *REMINDER_FILLERS):
            if said.lower().startswith(lead + " ") or said.lower().startswith(lead + ","):
                said = said[len(lead) :].lstrip(" ,")
                changed = True
    return _ASKS.sub("remind me", said, count=1)


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
            which = _ASIDE.sub("", which)
            return RemindAbout(reminder_target(which), at)
    return None


def _follow_up(said: str, *, now: datetime, zone: tzinfo) -> ReminderIntent | None:
    """ "make it 6pm", "change it to tomorrow", "an hour later": the reminder just set."""
    found = FOLLOW_UP.match(_SAYING_NO.sub("", said))
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
    minutes = _minutes(amount) if way else None
    return way * minutes if minutes else None


def reminder_target(words: str) -> str:
    words = TARGET_LEADS.sub("", _AFTER_ALL.sub("", words.strip(" ,.!?"))).strip(" ,.!?")
    words = _TASK_FIRST.sub("", words)
    return "" if words.lower() in TASK_POINTERS or not words else words
