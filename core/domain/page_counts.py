"""How many tasks a listing the database filters alone holds, and how many of them have a
due date: one statement for each shape of filter (the status, a priority or none), built
once, as every listing sorted by due date counts first."""

from __future__ import annotations

import functools
from typing import Any
from uuid import UUID

from sqlalchemy import bindparam, func
from sqlalchemy import select as core_select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.owned import TASKS
from core.domain.task_selection import StatusFilter
from core.storage.direct import Prebuilt


async def counted(
    session: AsyncSession, user_id: UUID, status: StatusFilter, priority: str | None
) -> tuple[int, int]:
    """The tasks the filters keep (the trash aside), and how many of them are dated."""
    params: dict[str, Any] = {"user_id": user_id}
    if priority is not None:
        params["priority"] = priority
    rows = await _counting(status, priority is not None).rows(session, params)
    total, dated = rows[0]
    return int(total), int(dated)


@functools.cache
def _counting(status: StatusFilter, by_priority: bool) -> Prebuilt:
    where = [TASKS.c.user_id == bindparam("user_id"), TASKS.c.deleted_at.is_(None)]
    if status != "all":
        where.append(TASKS.c.completed.is_(status == "completed"))
    if by_priority:
        where.append(TASKS.c.priority == bindparam("priority"))
    return Prebuilt(core_select(func.count(), func.count(TASKS.c.due_at)).where(*where))
