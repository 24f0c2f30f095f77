"""A person's roles on shared lists' tasks (creator, assignee), which follow them when their
accounts are joined."""

from __future__ import annotations

from uuid import UUID

from sqlalchemy import update
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.models import Task


async def move_team_roles(session: AsyncSession, *, source: UUID, target: UUID) -> None:
    """`source` becomes `target` wherever it created or holds a task."""
    for column in (Task.creator_id, Task.assignee_id, Task.assigner_id):
        await session.exec(
            update(Task)
            .where(col(column) == source)
            .values({column: target})
            .execution_options(synchronize_session=False)
        )
