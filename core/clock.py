"""Where the core asks what time it is.

One `Clock` is built in the composition root (`bot/wiring.py`) and handed to `ChatService`,
which reads it once per turn and passes that instant down in the `ToolContext` (`ctx.now`):
a turn sees one "now" from start to end, so "today" cannot change half-way through it.
Tests and `todobot eval` hand in a `PinnedClock` instead of patching anything global.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current instant, timezone-aware UTC."""
        ...


class SystemClock:
    """The machine's clock."""

    def now(self) -> datetime:
        return datetime.now(UTC)


@dataclass
class PinnedClock:
    """Starts at `start` and runs on from there in real time (so messages still come one
    after another), or stands still with `frozen=True`; `advance` moves it on either way."""

    start: datetime
    frozen: bool = False
    _offset: timedelta = field(default=timedelta(0), init=False)
    _began: float = field(default_factory=time.monotonic, init=False)

    def __post_init__(self) -> None:
        if self.start.tzinfo is None:
            raise ValueError("a pinned clock needs an aware start time")

    def now(self) -> datetime:
        ran = timedelta(0) if self.frozen else timedelta(seconds=time.monotonic() - self._began)
        return (self.start + self._offset + ran).astimezone(UTC)

    def advance(self, by: timedelta) -> None:
        self._offset += by
