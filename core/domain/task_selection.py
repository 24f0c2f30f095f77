"""Which of a person's tasks a listing shows, and in what order."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, tzinfo
from typing import Literal, Protocol, TypeVar
from uuid import UUID

from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain import task_fields, when
from core.domain.owned import owned_by
from core.domain.when import Due, Window
from core.storage.models import PRIORITIES, Task

StatusFilter = Literal["all", "pending", "completed"]


STATUS_FILTERS: tuple[str, ...] = ("all", "pending", "completed")


SortBy = Literal["number", "due", "priority", "created"]


SORTS: tuple[str, ...] = ("number", "due", "priority", "created")


async def list_tasks(
    session: AsyncSession, *, user_id: UUID, status: StatusFilter = "all"
) -> list[Task]:
    query = owned_by(user_id)
    if status == "pending":
        query = query.where(col(Task.completed).is_(False))
    elif status == "completed":
        query = query.where(col(Task.completed).is_(True))
    result = await session.exec(query.order_by(col(Task.number)))
    return list(result.all())


PRIORITY_RANK = {name: rank for rank, name in enumerate(reversed(PRIORITIES))}  # high first


class Listable(Protocol):
    """What filtering and ordering a listing reads of a task (a `Task` or just its columns)."""

    @property
    def number(self) -> int: ...
    @property
    def due_at(self) -> datetime | None: ...
    @property
    def due_has_time(self) -> bool: ...
    @property
    def priority(self) -> str: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def completed(self) -> bool: ...
    @property
    def tags(self) -> Sequence[str]: ...


Listed = TypeVar("Listed", bound=Listable)


def select_tasks(
    found: list[Listed],
    *,
    now: datetime,
    zone: tzinfo,
    due: Window | None = None,
    due_from: date | None = None,
    due_to: date | None = None,
    priority: str | None = None,
    tag: str | None = None,
    sort_by: SortBy = "number",
) -> list[Listed]:
    """Filter and order a listing by the local calendar (`task_pages` hands it only the
    columns these rules read)."""
    wanted_tag = task_fields.clean_tag(tag) if tag else None
    chosen = []
    for task in found:
        task_due = _due(task)
        if due is not None and not when.in_window(
            task_due, due, now=now, zone=zone, completed=task.completed
        ):
            continue
        if due_from is not None or due_to is not None:
            if task_due is None:
                continue
            day = task_due.day(zone)
            if (due_from and day < due_from) or (due_to and day > due_to):
                continue
        if priority is not None and task.priority != priority:
            continue
        if wanted_tag is not None and wanted_tag not in task.tags:
            continue
        chosen.append(task)
    if sort_by == "due":
        chosen.sort(key=lambda task: (when.sort_key(_due(task), zone), _rank(task), task.number))
    elif sort_by == "priority":
        chosen.sort(key=lambda task: (_rank(task), when.sort_key(_due(task), zone), task.number))
    elif sort_by == "created":
        chosen.sort(key=lambda task: (task.created_at, task.number))
    return chosen


def _due(task: Listable) -> Due | None:
    return Due(task.due_at, task.due_has_time) if task.due_at is not None else None


def _rank(task: Listable) -> int:
    return PRIORITY_RANK.get(task.priority, len(PRIORITIES))
