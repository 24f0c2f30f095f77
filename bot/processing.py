"""What a worker process runs beside its HTTP server, for as long as it serves.

The inbox loop (every recorded Slack and Telegram delivery's turn, the reminder webhook's
posts), the reminder dispatcher (reminders and digests falling due), the hourly pruning of
expired idempotency keys and the daily trash purge. Every worker runs all of them; they
coordinate only through the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from typing import Protocol

from sqlalchemy.exc import DBAPIError

from bot.reminders import reminders_running
from bot.settings import Settings
from bot.wiring import Services
from core.chat import ChatService
from core.delivery.inbox import Inbox
from core.domain.trash import TrashPurger
from core.reminders.delivery import ReminderObserver, Sender

log = logging.getLogger(__name__)

KEY_PRUNE_SECONDS = 3600.0


@asynccontextmanager
async def processing(
    settings: Settings,
    services: Services,
    inbox: Inbox,
    senders: Sequence[Sender],
    observer: ReminderObserver,
    *,
    run_inbox: bool,
) -> AsyncIterator[None]:
    """Start everything (the inbox loop when some source is served); on the way out the
    inbox stops first, giving the turns it runs SHUTDOWN_GRACE_SECONDS (the rest keep their
    lease for another worker)."""
    chat = services.chat
    async with AsyncExitStack() as stack:
        await stack.enter_async_context(
            reminders_running(settings, services.db, senders, observer=observer, clock=chat.clock)
        )
        await stack.enter_async_context(_forgetting_expired_keys(chat))
        await stack.enter_async_context(_purging_trash(services, settings.trash_days))
        if run_inbox:
            grace = settings.shutdown_grace_seconds
            await stack.enter_async_context(inbox.running(grace_seconds=grace))
        yield


@asynccontextmanager
async def _forgetting_expired_keys(chat: ChatService) -> AsyncIterator[None]:
    """On start and hourly after, drop the idempotency keys past their 24 hours (any worker
    may; it is one DELETE). The first sweep is over before the process serves, so nothing a
    request writes meets it half-way."""

    async def forget_once() -> None:
        try:
            forgotten = await chat.forget_expired_keys()
            if forgotten:
                log.info("forgot %d expired idempotency keys", forgotten)
        except (DBAPIError, OSError):
            log.warning("could not forget expired idempotency keys")

    async def forget_hourly() -> None:
        while True:
            await asyncio.sleep(KEY_PRUNE_SECONDS)
            await forget_once()

    await forget_once()
    task = asyncio.create_task(forget_hourly(), name="expired-keys")
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


class Loop(Protocol):
    """Periodic work that runs until told to stop (the trash purge, workspace erasures)."""

    async def run(self) -> None: ...

    def stop(self) -> None: ...


@asynccontextmanager
async def looping(loop: Loop, *, name: str) -> AsyncIterator[None]:
    """`loop` runs for as long as the block does; on the way out it finishes its round."""
    running = asyncio.create_task(loop.run(), name=name)
    try:
        yield
    finally:
        loop.stop()
        await running


def _purging_trash(services: Services, keep_days: int) -> AbstractAsyncContextManager[None]:
    return looping(TrashPurger(services.db, keep_days=keep_days), name="trash-purge")
