"""Waking inbox workers in other processes the moment a delivery is recorded (PostgreSQL).

Intake and workers may run in different processes or on different machines; they share only
the database. Intake writes each batch of deliveries with a notification on `CHANNEL`
(core/delivery/intake.py), and every worker `LISTEN`s on its own connection, so a delivery is taken
up at once instead of at the next poll. A notification is only a hint: the worker's claim
decides what it gets, and its poll (`INBOX_POLL_SECONDS`) still finds everything while the
listening connection is down.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from sqlalchemy.engine import URL

log = logging.getLogger(__name__)

CHANNEL = "todobot_inbox"
RETRY_SECONDS = 2.0


async def listen(
    url: URL, wake: Callable[[], None], *, retry_seconds: float = RETRY_SECONDS
) -> None:
    """Call `wake` for every notification, until cancelled; reconnects by itself. (psycopg
    is imported here: a server on SQLite never loads it.)"""
    import psycopg

    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                wake()  # whatever was recorded while nobody listened
                async for _ in conn.notifies():
                    wake()
        except (psycopg.OperationalError, OSError) as error:
            log.warning("inbox wake-ups: cannot listen (%s); polling meanwhile", error)
        await asyncio.sleep(retry_seconds)
