"""Running the reminder dispatcher beside a process's other work (serve, slack, telegram,
the console): built from `Settings` here, started and stopped with the process."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from bot.settings import Settings
from core.clock import Clock, SystemClock
from core.reminders.delivery import NoReminderObserver, ReminderObserver, Sender
from core.reminders.dispatch import DispatchPolicy, ReminderDispatcher
from core.storage.db import Database


def dispatch_policy(settings: Settings) -> DispatchPolicy:
    return DispatchPolicy(
        batch=settings.reminder_batch,
        poll_seconds=settings.reminder_poll_seconds,
        lease_seconds=settings.reminder_lease_seconds,
        max_attempts=settings.reminder_max_attempts,
    )


@asynccontextmanager
async def reminders_running(
    settings: Settings,
    db: Database,
    senders: Sequence[Sender],
    *,
    observer: ReminderObserver | None = None,
    clock: Clock | None = None,
) -> AsyncIterator[ReminderDispatcher]:
    """The dispatcher's loop, for as long as the block runs."""
    dispatcher = ReminderDispatcher(
        db,
        senders,
        clock=clock or SystemClock(),
        policy=dispatch_policy(settings),
        observer=observer or NoReminderObserver(),
    )
    loop = asyncio.create_task(dispatcher.run(), name="reminders")
    try:
        yield dispatcher
    finally:
        dispatcher.stop()
        with contextlib.suppress(asyncio.CancelledError):
            await loop
