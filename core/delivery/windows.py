"""A per-key sliding one-minute window in memory, for requests that leave no row to count
(reads, button presses). Each worker process keeps its own, so with N workers a person gets at
most N times the limit; the bound on memory is `max_keys` (the least recently seen go first)."""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

WINDOW_SECONDS = 60.0


@dataclass
class SlidingWindow:
    per_minute: int
    max_keys: int = 100_000
    clock: Callable[[], float] = time.monotonic
    _hits: OrderedDict[str, deque[float]] = field(default_factory=OrderedDict)

    def retry_after(self, key: str) -> int | None:
        """Count one request for `key`; None when it is allowed, else whole seconds to wait."""
        if self.per_minute <= 0:
            return None
        now = self.clock()
        hits = self._hits.pop(key, None) or deque()
        while hits and hits[0] <= now - WINDOW_SECONDS:
            hits.popleft()
        self._hits[key] = hits
        if len(hits) >= self.per_minute:
            return max(1, int(hits[0] + WINDOW_SECONDS - now + 0.999))
        hits.append(now)
        while len(self._hits) > self.max_keys:
            self._hits.popitem(last=False)
        return None
