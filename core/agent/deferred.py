"""An agent built on its first turn.

The builtin engine compiles its whole vocabulary when it is imported (about 180 ms and
7 MB), so long-running processes build it when the first message arrives: `todobot
chat` is ready for the first line at once, and a server that runs no turn never holds it."""

from __future__ import annotations

from collections.abc import Callable

from core.agent.base import Agent, AgentTurn


class DeferredAgent:
    def __init__(self, build: Callable[[], Agent]) -> None:
        self._build = build
        self._built: Agent | None = None

    def agent(self) -> Agent:
        if self._built is None:
            self._built = self._build()
        return self._built

    @property
    def history_window(self) -> int | None:
        """Read by ChatService at the start of a turn: the agent is built then."""
        return self.agent().history_window

    @history_window.setter
    def history_window(self, value: int | None) -> None:
        self.agent().history_window = value

    async def respond(self, turn: AgentTurn) -> str:
        return await self.agent().respond(turn)

    async def aclose(self) -> None:
        if self._built is not None:
            await self._built.aclose()
