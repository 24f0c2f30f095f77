"""The `hybrid` backend: the builtin engine answers what it reads with certainty, a model
everything else.

Each message is read by the engine first (`BuiltinAgent.read`, which changes nothing) and
judged (`confidence.judge`, which only reads the person's titles). A sure reading — a plain
add, a listing, a done or delete by number or exact title, an undo — is acted on by the
engine, with no model request. Anything else — a reading that would ask back (which task?
what title?), a misreading, chit-chat, a reminder or repeat told in free words — goes to the
model with the conversation's history, as if the engine had never seen it. Either way the
turn acts only through the same tools and is stored once, by the chat service.

Slash commands, button presses and typed yes/no answers never reach an agent: the chat
service answers them first, for every backend."""

from __future__ import annotations

import logging
from collections.abc import Callable

from core.agent import base
from core.agent.base import AgentTurn
from core.agent.builtin import BuiltinAgent
from core.agent.builtin.confidence import Judged, judge

log = logging.getLogger(__name__)


class HybridAgent(base.Agent):
    def __init__(
        self,
        *,
        engine: BuiltinAgent,
        model: base.Agent,
        judged: Callable[[Judged], None] | None = None,
    ) -> None:
        """`judged` hears every judgment, before the turn is answered (the eval counts them)."""
        self.engine = engine
        self.model = model
        self._judged = judged

    @property
    def history_window(self) -> int | None:  # type: ignore[override]
        """The model's: it reads what came before when it answers."""
        return self.model.history_window

    async def respond(self, turn: AgentTurn) -> str:
        reading = await self.engine.read(turn)
        judged = await judge(reading, turn.tools)
        if self._judged is not None:
            self._judged(judged)
        if judged.sure:
            log.debug("the builtin engine answers (%s)", judged.what)
            return await self.engine.answer(reading, turn)
        log.debug("the model answers (%s: %s)", judged.what, judged.sureness)
        return await self.model.respond(turn)

    async def aclose(self) -> None:
        await self.model.aclose()
        await self.engine.aclose()
