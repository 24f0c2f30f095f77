"""Who the people on a team list are on the platform a command came from."""

from __future__ import annotations

from uuid import UUID

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.models import Identity, Task


async def names_of(
    session: AsyncSession, tasks: list[Task], platform: str, tenant: str
) -> dict[UUID | None, str]:
    people = {task.assignee_id for task in tasks if task.assignee_id is not None}
    if not people:
        return {}
    found = await session.exec(
        select(Identity).where(
            col(Identity.user_id).in_(people),
            Identity.platform == platform,
            Identity.tenant == tenant,
        )
    )
    return {row.user_id: row.display_name or "someone" for row in found.all()}


async def account_of(
    session: AsyncSession, user_id: UUID, platform: str, tenant: str
) -> str | None:
    found = await session.exec(
        select(Identity.external_id).where(
            Identity.user_id == user_id, Identity.platform == platform, Identity.tenant == tenant
        )
    )
    return found.first()
