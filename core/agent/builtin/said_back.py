"""Replies that need no task looked up: a question back, a refusal, small talk. Pure but for
the question left open, which goes on the turn's note."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.agent.builtin import phrases
from core.agent.builtin.intents import (
    AskSplit,
    AskTitle,
    BareRef,
    Batch,
    Chitchat,
    Injection,
    Intent,
    NotEnglish,
    Skipped,
    TwoIntents,
    Unknown,
)
from core.agent.builtin.lexicon.numbers import NUMBER_WORDS
from core.agent.builtin.notes import Awaiting, Note

_NAMES = {number: word for word, number in NUMBER_WORDS.items()}
_CHITCHAT = {
    "help": phrases.HELP,
    "greeting": phrases.GREETING,
    "thanks": phrases.THANKS,
    "never_mind": phrases.NEVER_MIND,
    "yes": phrases.YES_WITHOUT_QUESTION,
    "no": phrases.NO_THANKS,
}


def _split(intent: AskSplit, note: Note) -> str:
    note.ask(Awaiting("split_add", title=intent.whole, parts=intent.parts))
    quoted = [f"“{part}”" for part in intent.parts]
    parts = f"{', '.join(quoted[:-1])} and {quoted[-1]}"
    count = _NAMES.get(len(intent.parts), str(len(intent.parts)))
    other = "two" if len(intent.parts) == 2 else "separate"
    return phrases.SPLIT_ADD.format(whole=intent.whole, parts=parts, count=count, other=other)


def _title(_intent: AskTitle, note: Note) -> str:
    note.ask(Awaiting("title"))
    return phrases.ASK_TITLE


def _batch(intent: Batch, note: Note) -> str:
    if intent.family != "add":
        note.ask(Awaiting("which", family=intent.family))
    return phrases.BATCH[intent.family]


def _unknown(intent: Unknown, note: Note) -> str:
    if not intent.maybe_task:
        return phrases.UNKNOWN
    note.ask(Awaiting("offer_add", title=intent.maybe_task))
    return phrases.OFFER_ADD.format(title=intent.maybe_task)


_REPLIES: dict[type, Callable[[Any, Note], str]] = {
    AskSplit: _split,
    AskTitle: _title,
    Batch: _batch,
    Unknown: _unknown,
    TwoIntents: lambda intent, _: phrases.TWO_INTENTS.format(
        first=intent.first, second=intent.second
    ),
    Injection: lambda _intent, _note: phrases.INJECTION,
    Chitchat: lambda intent, _: _CHITCHAT[intent.kind],
    NotEnglish: lambda _intent, _note: phrases.NOT_ENGLISH,
    BareRef: lambda _intent, _note: phrases.NO_CONTEXT,
    Skipped: lambda intent, _: phrases.SKIPPED.format(text=intent.text),
}


def said_back(intent: Intent, note: Note) -> str | None:
    """The reply to an intent that only talks; None for one that needs the tools."""
    reply = _REPLIES.get(type(intent))
    return reply(intent, note) if reply is not None else None
