"""“Forget me”: erase every row of a person, after they press Confirm.

The audit of the erase cannot live in `tool_call` (its rows belong to a user, and the user
is what goes), so it lands in `erasure`: the sha256 of the erased user id, the row counts
and the times. That proves an erase happened (whoever still knows the id can hash it) without
keeping anything that names the person. A log line says the same.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import datetime
from uuid import UUID

from sqlalchemy import delete, func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.people import seen_names
from core.people.accounts import lock
from core.storage import deferred
from core.storage.account_models import Erasure, LinkCode
from core.storage.models import (
    Change,
    Confirmation,
    Conversation,
    Identity,
    Message,
    Task,
    ToolCall,
    User,
    utcnow,
)

log = logging.getLogger(__name__)

# Children before parents, so the order works with or without ON DELETE CASCADE.
PERSONAL_TABLES = (
    Change,
    Confirmation,
    LinkCode,
    ToolCall,
    Message,
    Conversation,
    Task,
    Identity,
)


def subject_hash(user_id: UUID) -> str:
    return hash_of(user_id.hex)


def hash_of(subject: str) -> str:
    return hashlib.sha256(subject.encode()).hexdigest()


async def counts_for(session: AsyncSession, *, user_id: UUID) -> dict[str, int]:
    await deferred.write_held(session)  # counted and erased with the rest
    counts = {}
    for table in PERSONAL_TABLES:
        result = await session.exec(
            select(func.count()).select_from(table).where(col(table.user_id) == user_id)
        )
        counts[table.__tablename__] = int(result.one())
    return counts


async def erase_rows(session: AsyncSession, *, user_id: UUID) -> dict[str, int] | None:
    """Delete the person table by table; the counts of what went, or None if already gone.
    Leaves no trace of its own: the caller records the erasure."""
    if await lock(session, user_id=user_id) is None:
        return None
    counts = await counts_for(session, user_id=user_id)
    await seen_names.forget(session, user_id=user_id)
    for table in PERSONAL_TABLES:
        await session.exec(delete(table).where(col(table.user_id) == user_id))
    await session.exec(delete(User).where(col(User.id) == user_id))
    return counts


async def record_erasure(
    session: AsyncSession,
    *,
    subject: str,
    counts: dict[str, int],
    requested_at: datetime,
    erased_at: datetime | None = None,
) -> Erasure:
    """The `erasure` row: the hash of what was erased (a user id, a workspace) and the counts."""
    erasure = Erasure(
        subject_hash=hash_of(subject),
        counts=counts,
        requested_at=requested_at,
        erased_at=erased_at or utcnow(),
    )
    session.add(erasure)
    await session.flush()
    return erasure


async def erase_user(
    session: AsyncSession, *, user_id: UUID, requested_at: datetime | None = None
) -> dict[str, int] | None:
    """Erase the person and record it; the counts of what went, or None if already gone."""
    counts = await erase_rows(session, user_id=user_id)
    if counts is None:
        return None
    now = utcnow()
    erasure = await record_erasure(
        session, subject=user_id.hex, counts=counts, requested_at=requested_at or now, erased_at=now
    )
    log.info("erased a user on request: erasure %s, rows %s", erasure.id, counts)
    return counts
