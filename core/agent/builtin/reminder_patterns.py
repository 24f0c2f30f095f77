"""How a reminder request is said (`reminding.read`): the patterns for asking for the list,
cancelling, moving, "before", "about" and setting a new one; which task it names; and when
it goes off, read by the shared date reader (`dates.py`)."""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta, tzinfo

from core.agent.builtin.dates import DateReading, read_date, read_whole_date
from core.agent.builtin.lexicon import reminders as said
from core.agent.builtin.lexicon.numbers import NUMBER_SIGNS
from core.agent.builtin.lexicon.talk import ASIDE_STARTS, CORRECTION_LEADS
from core.agent.builtin.lexicon.tasks import TASK_NOUNS
from core.agent.builtin.lexicon.time import CALENDAR_UNITS, MONTHS, PERIODS, RELATIVE_DAYS, WEEKDAYS
from core.agent.builtin.lexicon.verbs import REMIND_VERBS
from core.agent.builtin.pattern import NOCASE, alt
from core.domain.when import local_instant
from core.reminders.tooling import DEFAULT_HOUR

_REMINDER = alt(said.REMINDER_NOUNS, said.REMINDER_NOUNS.values())
_REMIND_ME = alt(said.REMIND_ME)
_REMINDING = alt(said.REMINDING)
_THE = r"(?:the\s+|my\s+|that\s+|this\s+)"
_MOVES = alt(said.REMINDER_MOVES)
SOMEWHERE_REMIND = re.compile(rf"\b{alt(REMIND_VERBS)}", NOCASE)
SAYS_REMIND_ME = re.compile(rf"\b{_REMIND_ME}\b", NOCASE)
ASK_LIST = re.compile(rf"^{alt(said.ASK_REMINDERS)}\b.*\b{_REMINDER}\b|^{_REMINDER}\??$", NOCASE)
CANCEL = re.compile(
    rf"\b{alt(said.STOP_REMINDING)}\s+{_REMINDING}\s+me\b(?P<rest>.*)$"
    rf"|\b{alt(said.CANCEL_VERBS)}\s+{_THE}?{_REMINDER}\b(?P<rest2>.*)$"
    rf"|^{alt(said.NO_REMINDER)}\b(?P<rest3>.*)$",
    NOCASE,
)
_CANCEL_ALL = alt(said.CANCEL_ALL_VERBS)
CANCEL_ALL = re.compile(
    rf"^{_CANCEL_ALL}\s+(?:all\s+(?:of\s+)?|every\s+(?:one\s+of\s+)?)?(?:my\s+|the\s+)?"
    rf"(?:{alt(said.PENDING_KINDS)}\s+)?{alt(said.REMINDER_NOUNS.values())}"
    rf"(?:\s+{alt(said.FOR_NOW)})?$"
    rf"|^{_CANCEL_ALL}\s+(?:every|each)\s+{alt(said.REMINDER_NOUNS)}$"
    rf"|^{alt(said.STOP_REMINDING)}\s+{_REMINDING}\s+me\s+(?:about\s+|of\s+)?"
    r"(?:anything|everything)(?:\s+at\s+all)?$",
    NOCASE,
)
# "move the reminder for #2 …"; "move the bank reminder to thursday": the task may be named
# before "reminder" too (a few words, never a new one's "a").
CHANGE = re.compile(
    rf"\b(?P<verb>{_MOVES})\s+{_THE}?"
    rf"(?:(?!{alt(said.NEW_ONE)}\b)(?P<named>[^\s,]+(?:\s+[^\s,]+){{0,3}}?)\s+)?"
    rf"{alt(said.REMINDER_NOUNS)}\b(?P<rest>.*)$",
    NOCASE,
)
# Right after a reminder was set: "make it 6pm", "change it to tomorrow", "an hour later".
FOLLOW_UP = re.compile(
    rf"^(?:(?P<verb>{_MOVES})\s+(?:it|that|this|that\s+one|this\s+one|"
    rf"the\s+{alt(said.REMINDER_ALIASES)})\b)?(?P<rest>.*)$",
    NOCASE,
)
# "can the reminder be 30 mins earlier", "the reminder for #2 should go off at 6pm".
REMINDER_FIRST = re.compile(
    rf"^(?:(?:can|could|would|will|should)\s+)?{_THE}"
    rf"{alt(said.REMINDER_NOUNS)}(?P<which>\s+(?:for|on|about|of)\s+.+?)?\s+"
    r"(?:(?:should|can|could|will|must|needs?\s+to)\s+)?"
    rf"{alt(said.REMINDER_BE)}\s+(?P<spec>.+)$",
    NOCASE,
)
# "remind me half an hour earlier": only an amount and a direction after "remind me".
REMIND_SHIFTED = re.compile(rf"^{_REMIND_ME}\s+(?P<spec>.+)$", NOCASE)
TIME_LEADS = re.compile(r"^(?:to|for|until|till|at|on)\s+", NOCASE)
TRAILERS = re.compile(rf"\s+{alt(said.INSTEAD)}$", NOCASE)
ABOUT_BEFORE = re.compile(
    rf"\b{_REMIND_ME}\s+(?:{alt(said.REGARDING)}|for)\s+(?P<body>.+?)\s+"
    rf"{alt(said.BEFORE_WORDS)}(?:\s+(?:its|it'?s|the)\s+{alt(said.ITS_TIME)})?$",
    NOCASE,
)
ASKS = re.compile(rf"^{alt(said.REMIND_ASKS)}\b", NOCASE)
# "remind me an hour before" (the task just talked about), "… before #2", "… before the
# report is due", "… before the meeting starts"
BEFORE = re.compile(
    rf"\b{_REMIND_ME}\s+(?P<amount>.+?)\s+(?:{alt(said.BEFORE_WORDS)}$|before\s+(?P<what>.+?)"
    rf"(?:(?:\s+(?:is|are)|'s)\s+{alt(said.ITS_TIME)}|\s+{alt(said.ITS_TIME)}s)?$)",
    NOCASE,
)
ABOUT = re.compile(rf"\b{_REMIND_ME}\s+{alt(said.REGARDING)}\s+(?P<rest>.+)$", NOCASE)
REMIND = re.compile(rf"\b{alt(said.SET_REMINDER)}(?:\s+(?P<rest>.+))?$", NOCASE)
TITLE_LEADS = re.compile(
    r"^(?:to|that\s+i\s+(?:need|have|must)\s+to|that\s+i\s+should|that|i\s+need\s+to|"
    r"i\s+have\s+to|for|of|about)(?:\s+|$)",  # a lead alone is no title
    NOCASE,
)
_NUMBERED = rf"(?:#|{alt(NUMBER_SIGNS)}\s*)?"
WHICH_NUMBER = re.compile(rf"{_NUMBERED}(\d+)", NOCASE)
# "about the slides", "for the bank call": a task said loosely, maybe one on the list
REGARDING_FIRST = re.compile(rf"^(?:{alt(said.REGARDING)}|for\s+the)\s+", NOCASE)
ASIDE = re.compile(rf"^{alt(said.MOVE_ASIDE)}\b", NOCASE)
SAYING_NO = re.compile(rf"^{alt(CORRECTION_LEADS)}\b[\s,]*", NOCASE)
_TARGET_LEADS = re.compile(r"^\s*(?:for|on|about|of|to|with)\s+", NOCASE)
_TASK_FIRST = re.compile(rf"^(?:the\s+)?{alt(TASK_NOUNS)}\s+", NOCASE)
_ASIDE = re.compile(rf"\s*[,;]\s*{alt(ASIDE_STARTS)}(?![\w']).*$", NOCASE)
_AFTER_ALL = re.compile(rf"(?:\s+{alt(said.AFTER_ALL)})+$", NOCASE)
DAY_WORDS = re.compile(
    rf"\b{alt(WEEKDAYS, MONTHS, RELATIVE_DAYS, PERIODS)}\b|\d{{1,2}}/\d{{1,2}}"
    rf"|\d{{4}}-\d{{2}}-\d{{2}}|\d+(?:st|nd|rd|th)\b|\bin\s+\S+\s+{alt(CALENDAR_UNITS)}",
    NOCASE,
)


def reminder_target(words: str) -> str:
    """The task a request names ("for #2", "about the dentist"); "" for "it". A remark after
    it is none of it ("cancel that reminder, I'll remember")."""
    words = _ASIDE.sub("", words)
    words = _TARGET_LEADS.sub("", _AFTER_ALL.sub("", words.strip(" ,.!?"))).strip(" ,.!?")
    words = _TASK_FIRST.sub("", words)
    return "" if words.lower() in said.TASK_POINTERS or not words else words


def as_hour(when: str) -> str:
    """A reminder's new time said as a bare number is an hour, as a bare hour is read
    everywhere: "to 6" is 18:00, "to 15" is 15:00."""
    bare = when.strip(" ,.!?")
    if re.fullmatch(r"(?:1[3-9]|2[0-3]|0\d)", bare):
        return f"{bare}:00"
    return f"at {bare}" if re.fullmatch(r"(?:[1-9]|1[0-2])", bare) else when


def reading_of(text: str, *, now: datetime, zone: tzinfo) -> DateReading | None:
    reading = read_date(text, now=now, zone=zone)
    return reading if isinstance(reading, DateReading) else None


def when(text: str, *, now: datetime, zone: tzinfo) -> datetime | None:
    """`text` read as nothing but the moment a reminder goes off."""
    reading = read_whole_date(text, now=now, zone=zone)
    return adjusted(reading, now=now, zone=zone) if isinstance(reading, DateReading) else None


def adjusted(reading: DateReading, *, now: datetime, zone: tzinfo) -> datetime:
    """The moment a reading names: a bare day at 09:00 (`tooling.DEFAULT_HOUR`); a time of
    day already past, said without a day, tomorrow (as Slack's /remind reads "at 8am")."""
    if reading.at is None:
        return local_instant(reading.day, time(DEFAULT_HOUR), zone)
    if reading.due.at <= now and not DAY_WORDS.search(reading.phrase):
        return local_instant(reading.day + timedelta(days=1), reading.at, zone)
    return reading.due.at
