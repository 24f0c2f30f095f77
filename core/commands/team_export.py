"""The team tasks in a person's export: the ones they created or hold, with the channel or
group whose list they are on. Only these: the rest of a team list is the team's."""

from __future__ import annotations

from datetime import tzinfo
from typing import Any
from uuid import UUID

from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.task_text import due_of
from core.domain.when import iso_local
from core.people.accounts import platform_name
from core.storage.list_models import SHARED, TaskList
from core.storage.models import Task, iso


async def team_tasks_of(
    session: AsyncSession, *, user_id: UUID, zone: tzinfo
) -> list[dict[str, Any]]:
    found = await session.exec(
        select(Task, TaskList)
        .join(TaskList, col(TaskList.id) == col(Task.list_id))
        .where(
            TaskList.kind == SHARED,
            or_(col(Task.creator_id) == user_id, col(Task.assignee_id) == user_id),
        )
        .order_by(col(TaskList.chat_id), col(Task.number))
    )
    return [
        {
            "platform": platform_name(shared.platform or ""),
            "workspace": shared.tenant or None,
            "chat": shared.chat_id,
            "number": task.number,
            "title": task.title,
            "completed": task.completed,
            "you_created": task.creator_id == user_id,
            "assigned_to_you": task.assignee_id == user_id,
            "created_at": iso(task.created_at),
            "completed_at": iso(task.completed_at) if task.completed_at else None,
            "due": iso_local(due, zone) if (due := due_of(task)) else None,
            "deleted_at": iso(task.deleted_at) if task.deleted_at else None,
        }
        for task, shared in found.all()
    ]
