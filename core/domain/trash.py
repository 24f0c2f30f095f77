"""The trash's upkeep: a task deleted longer ago than the trash keeps things is erased.

`todobot serve` purges once at start-up and then once a day (`TRASH_DAYS`, 30 by default).
Every worker may run it: the purge is one idempotent DELETE, so two at once erase each
task once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from uuid import UUID

from sqlalchemy import delete
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.clock import Clock, SystemClock
from core.domain import changes
from core.domain.changes import Journal
from core.domain.owned import owned_by
from core.domain.tasks import label
from core.storage import deferred
from core.storage.db import Database
from core.storage.models import Change, Task, utcnow

log = logging.getLogger(__name__)

PURGE_EVERY = timedelta(days=1)


async def purge_expired(db: Database, *, keep_days: int, now: datetime) -> int:
    """Erase every task that has been in a trash for more than `keep_days`; how many went."""
    async with db.session() as session, session.begin():
        erased = await purge_trash(session, deleted_before=now - timedelta(days=keep_days))
    if erased:
        log.info("purged %d task(s) deleted more than %d days ago", erased, keep_days)
    return erased


@dataclass
class TrashPurger:
    """Purges at start and then every `every`, until `stop`."""

    db: Database
    keep_days: int
    clock: Clock = field(default_factory=SystemClock)
    every: timedelta = PURGE_EVERY
    _stopped: asyncio.Event = field(default_factory=asyncio.Event)

    async def run(self) -> None:
        while not self._stopped.is_set():
            try:
                await purge_expired(self.db, keep_days=self.keep_days, now=self.clock.now())
            except SQLAlchemyError as error:  # the database is away: try again next time
                log.warning("could not purge the trash: %s", error)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopped.wait(), self.every.total_seconds())

    def stop(self) -> None:
        self._stopped.set()


async def delete_task(
    session: AsyncSession, *, user_id: UUID, task_id: UUID, journal: Journal | None = None
) -> bool:
    """Move the task to the trash (a soft delete); False when it is not there."""
    task = (await session.exec(owned_by(user_id).where(Task.id == task_id))).first()
    if task is None:
        return False
    before = changes.snapshot(task)
    task.deleted_at = task.updated_at = utcnow()
    session.add(task)
    await session.flush()
    await changes.record(
        session, journal, row=task, kind="deleted", summary=label(task), before=before
    )
    return True


async def restore_task(
    session: AsyncSession, *, task: Task, journal: Journal | None = None
) -> bool:
    """Take a task out of the trash, with its number; False when it was not in the trash."""
    if task.deleted_at is None:
        return False
    before = changes.snapshot(task)
    task.deleted_at = None
    task.updated_at = utcnow()
    session.add(task)
    await session.flush()
    await changes.record(
        session, journal, row=task, kind="restored", summary=label(task), before=before
    )
    return True


async def list_trash(session: AsyncSession, *, user_id: UUID) -> list[Task]:
    result = await session.exec(owned_by(user_id, in_trash=True).order_by(col(Task.number)))
    return list(result.all())


async def empty_trash(session: AsyncSession, *, user_id: UUID) -> int:
    """Erase the person's trash for good (after their Confirm); how many tasks went."""
    ids = [task.id for task in await list_trash(session, user_id=user_id)]
    await _erase(session, ids)
    return len(ids)


async def purge_trash(session: AsyncSession, *, deleted_before: datetime) -> int:
    """Erase every task that has been in a trash since before `deleted_before`."""
    found = await session.exec(
        select(Task.id).where(
            col(Task.deleted_at).is_not(None), col(Task.deleted_at) < deleted_before
        )
    )
    ids = list(found.all())
    await _erase(session, ids)
    return len(ids)


async def _erase(session: AsyncSession, ids: list[UUID]) -> None:
    await deferred.write_held(session)  # a change of this turn's goes with its task
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        await session.exec(
            delete(Change).where(col(Change.entity) == "task", col(Change.row_id).in_(chunk))
        )
        await session.exec(delete(Task).where(col(Task.id).in_(chunk)))
    await session.flush()
