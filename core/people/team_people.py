"""The people of a team list's tasks by name: each creator and assignee as their account on
the list's platform calls them, and a creator who was forgotten as "a former member"."""

from __future__ import annotations

from uuid import UUID

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.models import Identity, Task

FORMER_MEMBER = "a former member"
SOMEONE = "someone"


async def people_names(
    session: AsyncSession, tasks: list[Task], platform: str, tenant: str
) -> dict[UUID, str]:
    people = {t.assignee_id for t in tasks} | {t.creator_id for t in tasks}
    known = {person for person in people if person is not None}
    if not known:
        return {}
    found = await session.exec(
        select(Identity).where(
            col(Identity.user_id).in_(known),
            Identity.platform == platform,
            Identity.tenant == tenant,
        )
    )
    return {row.user_id: row.display_name or row.external_id for row in found.all()}


def creator_name(task: Task, names: dict[UUID, str]) -> str:
    if task.creator_id is None:
        return FORMER_MEMBER
    return names.get(task.creator_id, SOMEONE)


def assignee_name(task: Task, names: dict[UUID, str]) -> str | None:
    return names.get(task.assignee_id, SOMEONE) if task.assignee_id is not None else None
