"""How sure the engine is of a reading, decided before it acts on any of it.

`sure`: the engine answers it alone — a plain add, a listing, a done or delete by number or
exact title, an undo, and several of these in one message. `asks`: acting would end in a
question back (which task? what title? which day?). `unsure`: a reading the engine guesses
at or does not understand (chit-chat, a misreading, reminders and repeats told in free words).
A hybrid agent hands everything but `sure` to a model, which then sees the message first.

Only reads happen here: the person's titles, past the audit, and nothing is changed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.agent.builtin import leftovers
from core.agent.builtin.apart import read_apart
from core.agent.builtin.dated import without_due_link
from core.agent.builtin.dates import AmbiguousDate, read_date
from core.agent.builtin.engine import Reading
from core.agent.builtin.intents import (
    Add,
    AskSplit,
    AskTitle,
    AskWhich,
    BareRef,
    Batch,
    Complete,
    Count,
    Delete,
    Intent,
    ListTasks,
    NextDue,
    Ref,
    Several,
    ShowTrash,
    TwoIntents,
    Undo,
    Unknown,
)
from core.agent.builtin.reminder_intents import ListReminders
from core.agent.builtin.timed import title_fields
from core.domain.task_refs import fold
from core.tools import ToolContext

Sureness = Literal["sure", "asks", "unsure"]

# Readings that are a question back, whatever the person's tasks are.
_ASKING = (AskTitle, AskWhich, AskSplit, Batch, TwoIntents, BareRef)
# Readings that only read, and whose words leave nothing to guess.
_READS = (ShowTrash, Count, NextDue)


@dataclass(frozen=True)
class Judged:
    sureness: Sureness
    what: str  # the reading's name (an intent's class), for the log and the eval's report

    @property
    def sure(self) -> bool:
        return self.sureness == "sure"


async def judge(reading: Reading, tools: ToolContext) -> Judged:
    if reading.too_long is not None:
        return Judged("unsure", "too_long")
    if reading.reminder is not None:
        sure = isinstance(reading.reminder, ListReminders)
        return Judged("sure" if sure else "unsure", type(reading.reminder).__name__)
    if reading.repeat is not None:
        return Judged("unsure", type(reading.repeat).__name__)
    assert reading.intent is not None
    return Judged(await _intent(reading.intent, tools), type(reading.intent).__name__)


async def _intent(intent: Intent, tools: ToolContext) -> Sureness:
    match intent:
        case Add():
            return await _add(intent, tools)
        case ListTasks():
            plain = intent.tag_word is None and intent.due_phrase is None
            return "sure" if plain else "unsure"
        case Complete() | Delete():
            return await _named(intent.ref, tools, open_only=isinstance(intent, Complete))
        case Undo():
            return "unsure" if intent.redo else "sure"
        case Several():
            parts = [await _intent(part, tools) for part in intent.parts]
            return "sure" if all(part == "sure" for part in parts) else "unsure"
        case Unknown():
            return "asks" if intent.maybe_task else "unsure"
        case _ if isinstance(intent, _READS):
            return "sure"
        case _ if isinstance(intent, _ASKING):
            return "asks"
    return "unsure"


async def _named(ref: Ref, tools: ToolContext, *, open_only: bool) -> Sureness:
    """A task by its number, or by a title exactly one task has (an open one, to complete)."""
    if ref.kind == "number":
        return "sure"
    if ref.kind != "title":
        return "unsure"  # "it", "the second one": the conversation decides, the model reads it
    wanted = fold(ref.text)
    found = await tools.titles(open_only=False, text=ref.text, words=[])
    exact = [row for row in found.rows if fold(row.title) == wanted]
    if len(exact) == 1 and not (open_only and exact[0].completed):
        return "sure"
    return "asks" if len(exact) > 1 else "unsure"


async def _add(intent: Add, tools: ToolContext) -> Sureness:
    """A plain add: a title the engine reads whole, a date that reads one way, and no open
    task of that title already (the engine would ask whether to add it again)."""
    if intent.again or intent.agreed or intent.fields:
        return "unsure"
    title = title_fields(intent.title).title
    reading = read_date(title, now=tools.now, zone=tools.zone)
    if isinstance(reading, AmbiguousDate):
        return "asks"
    dated = reading is not None and bool(reading.rest)
    if reading is not None and reading.rest:
        title = title_fields(without_due_link(reading.rest)).title
    if not title.strip() or leftovers.misread(title, dated=dated):
        return "asks"
    if read_apart(title, now=tools.now, zone=tools.zone) is not None:
        return "unsure"  # the whole title is a date, a priority or tags: no task named
    if await tools.open_titled(title) is not None:
        return "asks"
    return "sure"
