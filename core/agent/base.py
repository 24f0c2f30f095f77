"""What every model backend implements: one turn in, the reply text out.

Backends act only through the tools in `core.tools`, bound to the turn's `ToolContext`;
the buttons a reply carries come from the tools (a delete asks for confirmation), not from
the backend.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from core.tools import ToolContext
from core.types import HistoryMessage


class AgentUnavailable(Exception):
    """The model could not answer (after its retries); the turn is rolled back."""


@dataclass
class AgentTurn:
    text: str
    history: list[HistoryMessage]
    tools: ToolContext


class Agent(Protocol):
    """A model backend. Backends subclass this to inherit the defaults below."""

    # The most history messages the agent reads; None: as many as the policy allows.
    history_window: int | None = None

    async def respond(self, turn: AgentTurn) -> str: ...

    async def aclose(self) -> None:
        """Release what the agent holds open (an HTTP client); called once at shutdown."""
        return None
