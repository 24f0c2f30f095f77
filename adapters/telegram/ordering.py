"""Update processing: chats side by side, but one chat's updates strictly in arrival order.

A conversation must see "add milk" before "delete 1"; a slow turn in one chat must not hold
up everyone else.
"""

from __future__ import annotations

from collections.abc import Awaitable, Mapping
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from adapters.ordering import KeyedLocks


class PerChatUpdateProcessor(BaseUpdateProcessor):
    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self._chats = KeyedLocks()

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        async with self._chats.hold(chat_of(update)):
            await coroutine

    async def initialize(self) -> None:
        """Nothing to allocate: locks are made per chat on demand."""

    async def shutdown(self) -> None:
        """Nothing to free: a lock disappears with its chat's last update."""


def chat_of(update: object) -> int | None:
    """The chat an update belongs to, from a PTB Update or from Bot API JSON."""
    if isinstance(update, Update):
        chat = update.effective_chat
        return chat.id if chat else None
    if not isinstance(update, Mapping):
        return None
    query = update.get("callback_query")
    message = query.get("message") if isinstance(query, Mapping) else update.get("message")
    chat = message.get("chat") if isinstance(message, Mapping) else None
    chat_id = chat.get("id") if isinstance(chat, Mapping) else None
    return chat_id if isinstance(chat_id, int) else None
