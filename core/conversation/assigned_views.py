"""The team tasks a person holds, by chat, for a working surface (Slack's App Home): only the
ones of the surface's own platform and workspace. An assignee sees their own tasks on a list
wherever it is; the rest of that list stays in its chat."""

from __future__ import annotations

from collections.abc import Callable
from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain import lists
from core.storage.models import Task
from core.views import AssignedHere, TaskView


async def assigned_here(
    session: AsyncSession,
    *,
    user_id: UUID,
    platform: str,
    tenant: str,
    show: Callable[[Task], TaskView],
) -> list[AssignedHere]:
    grouped: dict[str, list[TaskView]] = {}
    for held in await lists.assigned_to(session, user_id=user_id):
        if (held.place.platform, held.place.tenant) == (platform, tenant):
            grouped.setdefault(held.place.chat_id, []).append(show(held.task))
    return [AssignedHere(chat, tuple(tasks)) for chat, tasks in grouped.items()]
