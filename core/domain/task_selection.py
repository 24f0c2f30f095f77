"""Which of a person's tasks a listing shows, and in what order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime, tzinfo
from typing import Any, Literal, Protocol, TypeVar
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

    def keeps(task: Listed) -> bool:
        task_due = _due(task)
        if due is not None and not when.in_window(
            task_due, due, now=now, zone=zone, completed=task.completed
        ):
            return False
        if not _within_days(task_due, due_from, due_to, zone):
            return False
        if priority is not None and task.priority != priority:
            return False
        return wanted_tag is None or wanted_tag in task.tags

    chosen = [task for task in found if keeps(task)]
    order = _ORDERS.get(sort_by)
    if order is not None:
        chosen.sort(key=lambda task: order(task, zone))
    return chosen


def _within_days(
    task_due: Due | None, due_from: date | None, due_to: date | None, zone: tzinfo
) -> bool:
    """Due on a local day from `due_from` to `due_to` (either open); anything without them."""
    if due_from is None and due_to is None:
        return True
    if task_due is None:
        return False
    day = task_due.day(zone)
    return not ((due_from and day < due_from) or (due_to and day > due_to))


# How a listing sorts, beside by number (the order it is read in).
_ORDERS: dict[str, Callable[[Listable, tzinfo], tuple[Any, ...]]] = {
    "due": lambda task, zone: (when.sort_key(_due(task), zone), _rank(task), task.number),
    "priority": lambda task, zone: (_rank(task), when.sort_key(_due(task), zone), task.number),
    "created": lambda task, _zone: (task.created_at, task.number),
}


def _due(task: Listable) -> Due | None:
    return Due(task.due_at, task.due_has_time) if task.due_at is not None else None


def _rank(task: Listable) -> int:
    return PRIORITY_RANK.get(task.priority, len(PRIORITIES))
