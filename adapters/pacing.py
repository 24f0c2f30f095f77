"""Keeping to a platform's per-chat message rate (Slack: about one message a second per
channel). Sends to one key wait their turn; different keys never wait for each other."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


@dataclass
class Pacer:
    interval: float = 1.0
    _next: dict[str, float] = field(default_factory=dict)
    _locks: dict[str, asyncio.Lock] = field(default_factory=dict)

    @asynccontextmanager
    async def turn(self, key: str) -> AsyncIterator[None]:
        lock = self._locks.setdefault(key, asyncio.Lock())
        async with lock:
            wait = self._next.get(key, 0.0) - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                yield
            finally:
                self._next[key] = time.monotonic() + self.interval
                if not lock._waiters:  # nobody queued: forget the key
                    self._locks.pop(key, None)
