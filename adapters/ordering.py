"""One person's (or chat's) deliveries in arrival order; everyone else's side by side.

A conversation must see "add milk" before "delete 1", yet a slow turn for one person must
not hold up the rest. Locks are FIFO and exist only while someone holds or waits for them.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager


class KeyedLocks:
    def __init__(self) -> None:
        self._locks: dict[Hashable, asyncio.Lock] = {}
        self._holders: dict[Hashable, int] = {}

    @asynccontextmanager
    async def hold(self, key: Hashable | None) -> AsyncIterator[None]:
        """Wait for every earlier holder of `key`; no key, no waiting."""
        if key is None:
            yield
            return
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._holders[key] = self._holders.get(key, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._holders[key] -= 1
            if not self._holders[key]:
                del self._holders[key], self._locks[key]

    def __len__(self) -> int:
        return len(self._locks)
