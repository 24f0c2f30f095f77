"""Whose a personal task is. A shared list's task has no owner (it has a creator and perhaps
an assignee), so code that acts for a task's owner asks here and is refused for it."""

from __future__ import annotations

from uuid import UUID

from core.storage.models import Task


class SharedTask(Exception):
    """The task is on a shared list and has no owner to act for."""


def owner_of(task: Task) -> UUID:
    if task.user_id is None:
        raise SharedTask(f"task #{task.number} is on a shared list")
    return task.user_id
