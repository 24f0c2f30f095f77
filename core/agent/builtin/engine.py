"""The builtin agent: read the message, act through the tools, say what happened.

Every effect goes through `core.tools` (audited, confirmed, scoped to the turn's user), so
this engine and the LLM backend leave the same trail. Replies are built from what the tools
returned, never from what the engine hoped would happen.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from functools import partial

from core.agent.base import Agent, AgentTurn
from core.agent.builtin import (
    phrases,
    reminder_acts,
    repeating,
    utterance,
)
from core.agent.builtin.context import Context, read_context
from core.agent.builtin.explain import Explanation, explain
from core.agent.builtin.intents import Intent
from core.agent.builtin.message import read_parts, scheduling_readers
from core.agent.builtin.notes import Note
from core.agent.builtin.parse import parse
from core.agent.builtin.reminder_intents import ReminderIntent
from core.agent.builtin.repeating import AddRepeating, StopRepeating
from core.agent.builtin.trace import first_of
from core.agent.builtin.turn import Turn
from core.storage.models import DESCRIPTION_MAX, TITLE_MAX

# The longest message one request can need (a full title, a full description and the words
# around them). Longer ones are not read: no single request fits, and reading costs time.
READ_AT_MOST = TITLE_MAX + DESCRIPTION_MAX + 100
# The longest message read on the event loop itself. Up to this length even the slowest
# shape (tests/hostile_texts.py: "milk, milk, mi…") reads in about 2 ms, what a turn's own
# steps hold the loop for anyway, and most messages ("add buy milk", "mark it done") are this
# short: handing one to a thread would cost more than reading it. Longer ones are read in a
# thread, where a slow shape (45 ms at 120 characters) keeps the loop free.
READ_ON_LOOP_AT_MOST = 32


@dataclass(frozen=True)
class Reading:
    """What the engine read in one message, before it acts on any of it. Reading is pure, so
    a caller can decide who answers it (the engine, or a model) before anything happened.
    One of the requests is set, or a request and the reminder asked after it ("done 3,
    remind me about 4 at 5pm")."""

    context: Context
    intent: Intent | None = None
    reminder: ReminderIntent | None = None
    also: ReminderIntent | None = None  # a second, its verb carried ("… and to email dad")
    repeat: AddRepeating | StopRepeating | None = None
    # The message's length, when it is longer than one request can need (it is not read).
    too_long: int | None = None


class BuiltinAgent(Agent):
    """Deterministic and offline; the default backend and the eval's reference."""

    # Follow-ups need only the last few turns; ChatService loads no more than this.
    history_window = 12

    def __init__(self, *, notebook: list[Explanation] | None = None) -> None:
        # When given, how each message was read is noted here (`todobot eval -v`).
        self.notebook = notebook

    async def respond(self, turn: AgentTurn) -> str:
        return await self.answer(await self.read(turn), turn)

    async def read(self, turn: AgentTurn) -> Reading:
        """What the message asks, read from its words and the conversation; changes nothing."""
        context = read_context(turn.history)
        tools = turn.tools
        if self.notebook is not None:
            self.notebook.append(
                explain(turn.text, now=tools.now, zone=tools.zone, context=context)
            )
        if len(turn.text) > READ_AT_MOST:
            return Reading(context, too_long=len(turn.text))
        text = utterance.prepared(turn.text)
        readers = scheduling_readers(context, now=tools.now, zone=tools.zone)
        remind = partial(first_of, readers)
        request = partial(parse, context=context)
        found = (  # a short one's parts on the loop too (at most 0.15 ms at the limit)
            read_parts(text, remind, request)
            if len(text) <= READ_ON_LOOP_AT_MOST
            else await asyncio.to_thread(read_parts, text, remind, request)
        )
        if found is not None:  # "done 3, remind me about 4 …", "… to call mom and to email dad"
            return Reading(context, intent=found.first, reminder=found.reminder, also=found.also)
        scheduled = first_of(readers, text)
        if isinstance(scheduled, AddRepeating | StopRepeating):
            return Reading(context, repeat=scheduled)
        if scheduled is not None:
            return Reading(context, reminder=scheduled)
        if len(text) <= READ_ON_LOOP_AT_MOST:
            return Reading(context, intent=parse(text, context))
        # Reading is pure CPU: in a thread, the event loop (health checks, other people's
        # turns) runs between its steps.
        return Reading(context, intent=await asyncio.to_thread(parse, text, context))

    async def answer(self, reading: Reading, turn: AgentTurn) -> str:
        """The reply to what `read` found, acted on through the tools; what it leaves open is
        kept with the turn's calls for the next turn."""
        note = Note(turn.tools.calls)
        reply = await self._act(reading, turn, note)
        turn.tools.note(note.data())
        return reply

    async def _act(self, reading: Reading, turn: AgentTurn, note: Note) -> str:
        if reading.too_long is not None:
            return phrases.TOO_LONG_TO_READ.format(length=reading.too_long, limit=READ_AT_MOST)
        tools, context = turn.tools, reading.context
        tools.whole_listings = True  # its lookups match against everything; it shows a page
        this_turn = Turn(tools, context, note)
        if reading.repeat is not None:
            return await repeating.act(
                reading.repeat, this_turn.call, context, now=tools.now, zone=tools.zone
            )
        done = await this_turn.run(reading.intent) if reading.intent is not None else ""
        for reminder in (reading.reminder, reading.also):
            if reminder is not None:
                reminded = await reminder_acts.act(
                    reminder, this_turn.call, context, note, zone=tools.zone, ask=this_turn.ask
                )
                done = f"{done} {reminded}".strip()
        return done
