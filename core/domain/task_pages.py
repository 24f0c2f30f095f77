"""A page of a person's listing, read in SQL: the rows shown and how many match, never all.

A listing filtered by status and priority and sorted by number or creation is one indexed
query for the page and one count. A due window, a tag, a reminder or a sort by due date needs
the local calendar, so it reads the few columns those rules look at (no ORM objects, no tags
unless a tag is asked for), filters and sorts them with the same rules a whole list uses
(`tasks.select_tasks`), and loads only the tasks of the page.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from typing import Any, NamedTuple
from uuid import UUID

from sqlalchemy import String, Table, bindparam, case, cast, func, literal_column, union_all
from sqlalchemy import select as core_select
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain import task_fields, when
from core.domain.listing import REMINDERS, MoreToken
from core.domain.page_counts import counted
from core.domain.task_selection import PRIORITY_RANK, SortBy, StatusFilter, select_tasks
from core.domain.when import Due, Window
from core.storage.direct import Prebuilt
from core.storage.models import Task
from core.storage.turn_connection import turn_connection

LIST_PAGE = 20
PAGE_MAX = 100
TASKS: Table = Task.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Filters:
    """What a listing asks for; `reminders` (task id to its reminder time) keeps only the
    tasks with a pending reminder, soonest first."""

    status: StatusFilter = "all"
    due: Window | None = None
    due_from: date | None = None
    due_to: date | None = None
    priority: str | None = None
    tag: str | None = None
    sort_by: SortBy = "number"
    reminders: dict[UUID, datetime] | None = None

    def more(self) -> MoreToken:
        """The listing as a More button names it (the reminders' listing by its order: the
        press reads the waiting reminders again)."""
        return MoreToken(
            self.status,
            REMINDERS if self.reminders is not None else self.sort_by,
            due=self.due,
            priority=self.priority,
            due_from=self.due_from,
            due_to=self.due_to,
            tag=self.tag,
        )

    @classmethod
    def named(cls, more: MoreToken) -> Filters:
        """The listing a More button names (its status is not the trash)."""
        return cls(
            status=more.status,  # type: ignore[arg-type]
            due=more.due,  # type: ignore[arg-type]
            due_from=more.due_from,
            due_to=more.due_to,
            priority=more.priority,
            tag=more.tag,
            sort_by="number" if more.sort_by == REMINDERS else more.sort_by,  # type: ignore[arg-type]
        )

    @property
    def in_sql(self) -> bool:
        """Whether the database alone can filter this listing (and order it, but by due)."""
        return (
            self.due is None
            and self.due_from is None
            and self.due_to is None
            and self.tag is None
            and self.reminders is None
        )


@dataclass
class TaskPage:
    tasks: list[Task]
    total: int
    start: int = 0
    limit: int | None = LIST_PAGE
    counts: dict[bool, int] = field(default_factory=dict)

    @property
    def next_start(self) -> int | None:
        following = self.start + len(self.tasks)
        return following if following < self.total else None


class _Keys(NamedTuple):
    """The columns the calendar rules read (the shape `select_tasks` filters)."""

    id: UUID
    number: int
    due_at: datetime | None
    due_has_time: bool
    priority: str
    created_at: datetime
    completed: bool
    tags: Sequence[str] = ()


def _where(user_id: UUID, filters: Filters) -> list[Any]:
    clauses: list[Any] = [col(Task.user_id) == user_id, col(Task.deleted_at).is_(None)]
    if filters.status != "all":
        clauses.append(col(Task.completed).is_(filters.status == "completed"))
    if filters.priority is not None:
        clauses.append(col(Task.priority) == filters.priority)
    if filters.due == "no_due":
        clauses.append(col(Task.due_at).is_(None))
    elif filters.due is not None or filters.due_from or filters.due_to:
        clauses.append(col(Task.due_at).is_not(None))
    tag = task_fields.clean_tag(filters.tag) if filters.tag is not None else ""
    if tag.isascii() and tag:  # a superset: the stored JSON holds the quoted tag
        clauses.append(cast(Task.tags, String).contains(f'"{tag}"', autoescape=True))
    if filters.reminders is not None:
        clauses.append(col(Task.id).in_(list(filters.reminders)))
    return clauses


def _status_counts() -> Prebuilt:
    """Each status's tasks (sign 1), and the same of those in the trash (sign -1)."""
    mine = TASKS.c.user_id == bindparam("user_id")
    counted = [TASKS.c.completed, func.count()]
    every = core_select(*counted, literal_column("1")).where(mine)
    trash = core_select(*counted, literal_column("-1")).where(mine, TASKS.c.deleted_at.is_not(None))
    return Prebuilt(union_all(every.group_by(TASKS.c.completed), trash.group_by(TASKS.c.completed)))


# Built once: every listing counts.
_STATUS_COUNTS = _status_counts()


async def status_counts(session: AsyncSession, *, user_id: UUID) -> dict[bool, int]:
    """How many open (False) and completed (True) tasks the person has: every task counted
    from the (user, completed) index alone, less those in the trash (a few, by their own
    index), so the count never reads the rows; both in one statement."""
    counts = {False: 0, True: 0}
    for done, count, sign in await _STATUS_COUNTS.rows(session, {"user_id": user_id}):
        counts[bool(done)] += int(sign) * int(count)
    return counts


async def read_page(
    session: AsyncSession,
    *,
    user_id: UUID,
    filters: Filters,
    now: datetime,
    zone: tzinfo,
    start: int = 0,
    limit: int | None = LIST_PAGE,
) -> TaskPage:
    """The tasks from `start`, at most `limit` of them (every one when None)."""
    if filters.in_sql and filters.sort_by == "due":
        return await _by_due(session, user_id, filters, zone, start, limit)
    where = _where(user_id, filters)
    if filters.in_sql and filters.sort_by in ("number", "created"):
        order = (
            [col(Task.created_at), col(Task.number)]
            if filters.sort_by == "created"
            else [col(Task.number)]
        )
        return await _in_order(session, where, order, start, limit)
    keys = await _keys(session, where, with_tags=filters.tag is not None)
    chosen = select_tasks(
        keys,
        now=now,
        zone=zone,
        due=filters.due,
        due_from=filters.due_from,
        due_to=filters.due_to,
        tag=filters.tag,
        sort_by=filters.sort_by,
    )
    if filters.reminders is not None:
        times = filters.reminders
        chosen = sorted(chosen, key=lambda key: times[key.id])
    shown = chosen[start:] if limit is None else chosen[start : start + limit]
    wanted = [key.id for key in shown]
    found = await tasks_in_order(session, user_id=user_id, ids=wanted)
    return TaskPage(found, len(chosen), start, limit)


async def read_trash(
    session: AsyncSession, *, user_id: UUID, start: int = 0, limit: int | None = LIST_PAGE
) -> TaskPage:
    """A page of the person's trash by number, and how many tasks it holds."""
    where = [col(Task.user_id) == user_id, col(Task.deleted_at).is_not(None)]
    return await _in_order(session, where, [col(Task.number)], start, limit)


async def _in_order(
    session: AsyncSession, where: list[Any], order: list[Any], start: int, limit: int | None
) -> TaskPage:
    """The page the database filters and orders alone: one count, one read of the page."""
    counted = select(func.count()).select_from(Task).where(*where)
    total = int((await session.exec(counted)).one())
    query = select(Task).where(*where).order_by(*order).offset(start).limit(limit)
    return TaskPage(list((await session.exec(query)).all()), total, start, limit)


_RANK = case(
    *((col(Task.priority) == name, rank) for name, rank in PRIORITY_RANK.items()),
    else_=len(PRIORITY_RANK),
)


class _Dated(NamedTuple):
    id: UUID
    number: int
    due_at: datetime
    due_has_time: bool
    rank: int


async def _by_due(
    session: AsyncSession,
    user_id: UUID,
    filters: Filters,
    zone: tzinfo,
    start: int,
    limit: int | None,
) -> TaskPage:
    """Soonest due first, as `select_tasks` orders them, read a page deep: a due with a time
    sorts at its moment, a day at the start of its local day (a day's due is stored as UTC
    midnight, so each kind is in order by `due_at` alone); the two ordered reads are merged,
    then the undated tasks follow by priority and number."""
    total, dated = await counted(session, user_id, filters.status, filters.priority)
    wanted = total if limit is None else min(total, start + limit)
    if wanted <= start:  # nothing to show: an empty listing, or a page past its end
        return TaskPage([], total, start, limit)
    where = _where(user_id, filters)
    connection = await turn_connection(session)
    streams = []
    for timed in (True, False):
        query = (
            core_select(TASKS.c.id, TASKS.c.number, TASKS.c.due_at, TASKS.c.due_has_time, _RANK)
            .where(*where, col(Task.due_at).is_not(None), col(Task.due_has_time).is_(timed))
            .order_by(col(Task.due_at), _RANK, col(Task.number))
            .limit(wanted)
        )
        streams.append([_Dated(*row) for row in (await connection.execute(query)).all()])

    def key(row: _Dated) -> tuple[datetime, int, int]:
        return (when.sort_key(Due(row.due_at, row.due_has_time), zone)[1], row.rank, row.number)

    ordered = [row.id for row in heapq.merge(*streams, key=key)][start:wanted]
    if len(ordered) < wanted - start:
        undated = (
            select(col(Task.id))
            .where(*where, col(Task.due_at).is_(None))
            .order_by(_RANK, col(Task.number))
            .offset(max(0, start - dated))
            .limit(wanted - start - len(ordered))
        )
        ordered += list((await connection.execute(undated)).scalars().all())
    found = await tasks_in_order(session, user_id=user_id, ids=ordered)
    return TaskPage(found, total, start, limit)


async def _keys(session: AsyncSession, where: list[Any], *, with_tags: bool) -> list[_Keys]:
    columns: list[Any] = [
        col(Task.id),
        col(Task.number),
        col(Task.due_at),
        col(Task.due_has_time),
        col(Task.priority),
        col(Task.created_at),
        col(Task.completed),
    ]
    if with_tags:
        columns.append(col(Task.tags))
    connection = await turn_connection(session)
    rows = await connection.execute(select(*columns).where(*where).order_by(col(Task.number)))
    return [_Keys(*row) for row in rows.all()]


async def tasks_in_order(session: AsyncSession, *, user_id: UUID, ids: list[UUID]) -> list[Task]:
    """These tasks of the person's, in the order given."""
    if not ids:
        return []
    query = select(Task).where(col(Task.user_id) == user_id, col(Task.id).in_(ids))
    rows = await session.exec(query)
    found = {task.id: task for task in rows.all()}
    return [found[task_id] for task_id in ids if task_id in found]
