"""Update processing: chats side by side, but one chat's updates strictly in arrival order.

A conversation must see "add milk" before "delete 1"; a slow turn in one chat must not hold
up everyone else.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor


class PerChatUpdateProcessor(BaseUpdateProcessor):
    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[int, asyncio.Lock] = {}
        self._holders: dict[int, int] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await coroutine
            return
        lock = self._locks.setdefault(chat.id, asyncio.Lock())
        self._holders[chat.id] = self._holders.get(chat.id, 0) + 1
        try:
            async with lock:
                await coroutine
        finally:
            self._holders[chat.id] -= 1
            if not self._holders[chat.id]:
                del self._holders[chat.id], self._locks[chat.id]

    async def initialize(self) -> None:
        """Nothing to allocate: locks are made per chat on demand."""

    async def shutdown(self) -> None:
        """Nothing to free: a lock disappears with its chat's last update."""
