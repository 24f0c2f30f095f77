"""The patterns a reminder request is read by (`reminding.read`): asking for the list,
cancelling, changing or moving one, "before", "about" and setting a new one."""

from __future__ import annotations

import re

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
    MOVE_ASIDE,
    NEW_ONE,
    NO_REMINDER,
    PENDING_KINDS,
    REGARDING,
    REMIND_ASKS,
    REMIND_ME,
    REMINDER_ALIASES,
    REMINDER_BE,
    REMINDER_MOVES,
    REMINDER_NOUNS,
    REMINDING,
    SET_REMINDER,
    STOP_REMINDING,
    TASK_POINTERS,
)
from core.agent.builtin.lexicon.talk import CORRECTION_LEADS
from core.agent.builtin.lexicon.tasks import TASK_NOUNS
from core.agent.builtin.lexicon.verbs import REMIND_VERBS
from core.agent.builtin.pattern import alt

_REMINDER = alt(REMINDER_NOUNS, REMINDER_NOUNS.values())
_REMIND_ME = alt(REMIND_ME)
_REMINDING = alt(REMINDING)
SOMEWHERE_REMIND = re.compile(rf"\b{alt(REMIND_VERBS)}", re.I)
SAYS_REMIND_ME = re.compile(rf"\b{_REMIND_ME}\b", re.I)
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
AFTER_ALL_TAIL = re.compile(rf"(?:\s+{alt(AFTER_ALL)})+$", re.I)
ABOUT_BEFORE = re.compile(
    rf"\b{_REMIND_ME}\s+(?:{alt(REGARDING)}|for)\s+(?P<body>.+?)\s+{alt(BEFORE_WORDS)}"
    rf"(?:\s+(?:its|it'?s|the)\s+{alt(ITS_TIME)})?$",
    re.I,
)
ASKS = re.compile(rf"^{alt(REMIND_ASKS)}\b", re.I)
BEFORE = re.compile(  # "remind me an hour before" (the task just talked about), "… before #2"
    rf"\b{_REMIND_ME}\s+(?P<amount>.+?)\s+(?:{alt(BEFORE_WORDS)}$|before\s+(?P<what>.+))",
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
TASK_FIRST = re.compile(rf"^(?:the\s+)?{alt(TASK_NOUNS)}\s+", re.I)
_NUMBERED = rf"(?:#|{alt(NUMBER_SIGNS)}\s*)?"
A_NUMBER = re.compile(rf"{_NUMBERED}\d+", re.I)
WHICH_NUMBER = re.compile(rf"{_NUMBERED}(\d+)", re.I)
REGARDING_FIRST = re.compile(rf"^{alt(REGARDING)}\s+", re.I)
ASIDE = re.compile(rf"^{alt(MOVE_ASIDE)}\b", re.I)
SAYING_NO = re.compile(rf"^{alt(CORRECTION_LEADS)}\b[\s,]*", re.I)


def reminder_target(words: str) -> str:
    words = TARGET_LEADS.sub("", AFTER_ALL_TAIL.sub("", words.strip(" ,.!?"))).strip(" ,.!?")
    words = TASK_FIRST.sub("", words)
    return "" if words.lower() in TASK_POINTERS or not words else words
