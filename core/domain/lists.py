"""Shared lists: one per place (a Slack channel, a Telegram group), its tasks numbered on it,
each with its creator and at most one assignee.

Every function takes the list (found from the place the message came from, never from what a
person typed) or the person, and never looks past it. Changes that two people may make at
once (completing, deleting) are one conditional UPDATE, so only one of them takes effect."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from sqlalchemy import Table, bindparam, update
from sqlalchemy import select as select_columns
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain import changes
from core.domain.changes import Journal
from core.domain.tasks import InvalidInput, TaskNotFound, clean_title, label
from core.domain.when import Due
from core.storage.direct import Prebuilt, attached
from core.storage.list_models import SHARED, TaskList
from core.storage.models import Task


@dataclass(frozen=True)
class Place:
    """Where a message came from: a platform, its workspace (tenant) and the chat."""

    platform: str
    tenant: str
    chat_id: str


async def shared_list(session: AsyncSession, place: Place, *, create: bool) -> TaskList | None:
    """The place's list; with `create`, made on first use (a concurrent first use wins)."""
    for _ in range(2):
        found = await _find(session, place)
        if found is not None or not create:
            return found
        try:
            async with session.begin_nested():
                made = TaskList(
                    kind=SHARED, platform=place.platform, tenant=place.tenant, chat_id=place.chat_id
                )
                session.add(made)
                await session.flush()
                return made
        except IntegrityError:
            continue
    return await _find(session, place)


async def _find(session: AsyncSession, place: Place) -> TaskList | None:
    result = await session.exec(
        select(TaskList).where(
            TaskList.kind == SHARED,
            TaskList.platform == place.platform,
            TaskList.tenant == place.tenant,
            TaskList.chat_id == place.chat_id,
        )
    )
    return result.first()


async def add_task(
    session: AsyncSession,
    *,
    shared: TaskList,
    creator_id: UUID,
    title: str,
    due: Due | None,
    assignee_id: UUID | None,
    now: datetime,
    journal: Journal | None = None,
    repeat: str | None = None,
) -> Task:
    task = Task(
        user_id=None,
        list_id=shared.id,
        creator_id=creator_id,
        assignee_id=assignee_id,
        assigner_id=creator_id if assignee_id else None,
        number=0,
        title=clean_title(title),
        due_at=due.at if due else None,
        due_has_time=due.has_time if due else False,
        repeat=repeat,
        created_at=now,
        updated_at=now,
    )
    return await _numbered_in(session, task, journal)


async def add_following(
    session: AsyncSession, *, task: Task, due: Due, now: datetime, journal: Journal | None = None
) -> Task:
    """A repeating task's next occurrence on the same list, due `due`: the same title, details,
    rule, creator, assignee and assigner."""
    following = Task(
        user_id=None,
        list_id=task.list_id,
        creator_id=task.creator_id,
        assignee_id=task.assignee_id,
        assigner_id=task.assigner_id,
        number=0,
        title=task.title,
        description=task.description,
        due_at=due.at,
        due_has_time=due.has_time,
        priority=task.priority,
        tags=list(task.tags),
        repeat=task.repeat,
        created_at=now,
        updated_at=now,
    )
    return await _numbered_in(session, following, journal)


async def _numbered_in(session: AsyncSession, task: Task, journal: Journal | None) -> Task:
    """The task written to its list under the list's next number."""
    taken = await session.exec(
        update(TaskList)
        .where(col(TaskList.id) == task.list_id)
        .values(next_task_number=TaskList.next_task_number + 1)
        .returning(col(TaskList.next_task_number))
    )
    task.number = int(taken.scalar_one()) - 1
    session.add(task)
    await session.flush()
    await changes.record(session, journal, row=task, kind="added", summary=label(task), before=None)
    return task


async def open_tasks(session: AsyncSession, *, shared: TaskList) -> list[Task]:
    result = await session.exec(
        select(Task)
        .where(
            Task.list_id == shared.id,
            col(Task.deleted_at).is_(None),
            col(Task.completed).is_(False),
        )
        .order_by(col(Task.number))
    )
    return list(result.all())


def number_of(text: str) -> int:
    """`3` or `#3` as a task number; anything else is refused."""
    word = text.strip().removeprefix("#")
    if not word.isdigit() or int(word) < 1:
        raise InvalidInput(f"“{text.strip()}” is not a task number.", "Say the task's number.")
    return int(word)


async def task_numbered(session: AsyncSession, *, shared: TaskList, number: int) -> Task:
    result = await session.exec(
        select(Task).where(
            Task.list_id == shared.id, Task.number == number, col(Task.deleted_at).is_(None)
        )
    )
    task = result.first()
    if task is None:
        raise TaskNotFound(f"There is no task #{number} on this channel's list.")
    return task


async def complete(
    session: AsyncSession, *, task: Task, now: datetime, journal: Journal | None = None
) -> bool:
    """Mark the task done; False when someone had already done it (or it was deleted)."""
    before = changes.snapshot(task)
    done = await session.exec(
        update(Task)
        .where(
            col(Task.id) == task.id,
            col(Task.completed).is_(False),
            col(Task.deleted_at).is_(None),
        )
        .values(completed=True, completed_at=now, updated_at=now)
        .returning(col(Task.id))
        .execution_options(synchronize_session=False)
    )
    changed = done.first() is not None
    if changed:
        await session.refresh(task)
        await changes.record(
            session, journal, row=task, kind="completed", summary=label(task), before=before
        )
    return changed


async def assign(
    session: AsyncSession,
    *,
    task: Task,
    assignee_id: UUID | None,
    by: UUID,
    now: datetime,
    journal: Journal | None = None,
) -> UUID | None:
    """Give the task to `assignee_id` (None: to nobody), as `by`; the previous assignee."""
    before = changes.snapshot(task)
    previous = task.assignee_id
    task.assignee_id = assignee_id
    task.assigner_id = by if assignee_id else None
    task.updated_at = now
    session.add(task)
    await session.flush()
    await changes.record(
        session, journal, row=task, kind="assigned", summary=label(task), before=before
    )
    return previous


async def trash(
    session: AsyncSession, *, task_id: UUID, by: UUID, now: datetime, journal: Journal | None = None
) -> Task | None:
    """Move the task to the trash if `by` created it or holds it and it is still there."""
    found = await session.get(Task, task_id)
    before = changes.snapshot(found) if found is not None else None
    result = await session.exec(
        update(Task)
        .where(
            col(Task.id) == task_id,
            col(Task.deleted_at).is_(None),
            col(Task.user_id).is_(None),
            or_(col(Task.creator_id) == by, col(Task.assignee_id) == by),
        )
        .values(deleted_at=now, updated_at=now)
        .returning(col(Task.id))
        .execution_options(synchronize_session=False)
    )
    if result.first() is None:
        return None
    task = await session.get(Task, task_id, populate_existing=True)
    if task is not None and before is not None:
        await changes.record(
            session, journal, row=task, kind="deleted", summary=label(task), before=before
        )
    return task


@dataclass(frozen=True)
class Assigned:
    task: Task
    place: Place


_TASKS: Table = Task.__table__  # type: ignore[attr-defined]
_LISTS: Table = TaskList.__table__  # type: ignore[attr-defined]
# Built once: every listing says which shared tasks the person holds.
_ASSIGNED = Prebuilt(
    select_columns(*_TASKS.c, _LISTS.c.platform, _LISTS.c.tenant, _LISTS.c.chat_id)
    .join_from(_TASKS, _LISTS, _LISTS.c.id == _TASKS.c.list_id)
    .where(
        _TASKS.c.assignee_id == bindparam("user_id"),
        _TASKS.c.deleted_at.is_(None),
        _TASKS.c.completed.is_(False),
    )
    .order_by(_LISTS.c.chat_id, _TASKS.c.number)
)


async def assigned_to(session: AsyncSession, *, user_id: UUID) -> list[Assigned]:
    """The open shared tasks a person holds, with the place of each, by place then number."""
    found = []
    for *columns, platform, tenant, chat_id in await _ASSIGNED.rows(session, {"user_id": user_id}):
        values = dict(zip(_TASKS.c.keys(), columns, strict=True))
        task = attached(session, Task, values, refresh=False)
        found.append(Assigned(task, Place(platform or "", tenant or "", chat_id or "")))
    return found
