"""What a running service wants to know about turns: the core's port for metrics.

`ChatService` reports to a `TurnObserver`; `adapters.http.metrics.Metrics` is the
Prometheus one, and the default observes nothing. Reporting is part of the service, so no
wrapper has to stand in for it (a wrapper hides the members it does not forward).
"""

from __future__ import annotations

from typing import Protocol

from core.types import Reply


class TurnObserver(Protocol):
    def replied(self, platform: str, kind: str, reply: Reply | None) -> None:
        """A message (`kind` "message") or press ("press") was answered; None: already was."""

    def failed(self, platform: str) -> None:
        """A turn raised instead of answering."""

    def agent_answered(self, seconds: float) -> None:
        """The agent took this long to answer one message."""


class NoObserver:
    def replied(self, platform: str, kind: str, reply: Reply | None) -> None:
        return None

    def failed(self, platform: str) -> None:
        return None

    def agent_answered(self, seconds: float) -> None:
        return None
