"""The one result every tool gives: `Envelope`, and its wire form.

A tool answers with whether it did what was asked (`ok`), what happened in words to show
the person (`message`), the task(s) involved and other details (`data`), and, when it did
not, an error code (`error`) and what to do next (`suggestion`). The chat agents, the MCP
server and the chat API see `as_json()`: `{"ok", "message", "data", "error", "suggestion"}`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Envelope:
    """A tool's result. `data` is empty on a refusal that carries none (`null` on the wire)."""

    ok: bool
    message: str
    data: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    suggestion: str | None = None
    _json: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)

    def as_json(self) -> dict[str, Any]:
        """The envelope as the model, an MCP client and the API see it (and the audit keeps):
        the same dict every time, so the turn's calls hold this very result."""
        if self._json is None:
            wire = {
                "ok": self.ok,
                "message": self.message,
                "data": self.data if self.ok or self.data else None,
                "error": self.error,
                "suggestion": self.suggestion,
            }
            object.__setattr__(self, "_json", wire)
            return wire
        return self._json


def ok(message: str, **data: Any) -> Envelope:
    return Envelope(ok=True, message=message, data=data)


def failure(code: str, message: str, suggestion: str | None = None, **data: Any) -> Envelope:
    return Envelope(ok=False, message=message, data=data, error=code, suggestion=suggestion)
