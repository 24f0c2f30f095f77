"""The task service. Every function takes the owner's user_id and never looks past it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date, datetime, tzinfo
from enum import Enum
from typing import Literal, NamedTuple, Protocol, TypeVar
from uuid import UUID

from sqlalchemy import Table, and_, bindparam, delete, func, or_, true, update
from sqlalchemy import select as core_select
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession
from sqlmodel.sql.expression import SelectOfScalar

from core.domain import changes, task_fields, when
from core.domain.changes import Journal
from core.domain.when import Due, Window
from core.message_text import without_controls, without_format_chars
from core.storage.models import DESCRIPTION_MAX, PRIORITIES, TITLE_MAX, Change, Task, User, utcnow

StatusFilter = Literal["all", "pending", "completed"]
STATUS_FILTERS: tuple[str, ...] = ("all", "pending", "completed")
SortBy = Literal["number", "due", "priority", "created"]
SORTS: tuple[str, ...] = ("number", "due", "priority", "created")


class Keep(Enum):
    """update_task's "leave the due as it is" (None clears it)."""

    DUE = "keep"


KEEP_DUE = Keep.DUE
DueChange = Due | Literal[Keep.DUE] | None


class TaskError(Exception):
    """A request the service refuses, said so a person can act on it."""

    code = "VALIDATION_ERROR"

    def __init__(self, message: str, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion


class InvalidInput(TaskError):
    code = "VALIDATION_ERROR"


class TaskNotFound(TaskError):
    code = "NOT_FOUND"


class AmbiguousTask(TaskError):
    code = "AMBIGUOUS"

    def __init__(self, message: str, candidates: list[Task]) -> None:
        super().__init__(message, "Ask which one they mean, by number.")
        self.candidates = candidates


def plain(text: str | None) -> str:
    """A person's text as a task keeps it: no control characters, no invisible or
    direction-changing format characters (`without_format_chars`)."""
    return without_format_chars(without_controls(text or ""))


def clean_title(title: str | None) -> str:
    cleaned = plain(title).strip()
    if not cleaned:
        raise InvalidInput("A task needs a title.", "Ask what the task should be called.")
    if len(cleaned) > TITLE_MAX:
        raise InvalidInput(
            f"That title is {len(cleaned)} characters; the limit is {TITLE_MAX}.",
            "Ask for a shorter title.",
        )
    return cleaned


def clean_description(description: str | None) -> str:
    cleaned = plain(description).strip()
    if len(cleaned) > DESCRIPTION_MAX:
        raise InvalidInput(
            f"That description is {len(cleaned)} characters; the limit is {DESCRIPTION_MAX}.",
            "Ask for a shorter description.",
        )
    return cleaned


def _refused(error: task_fields.FieldError) -> InvalidInput:
    return InvalidInput(error.message, error.suggestion)


async def create_task(
    session: AsyncSession,
    *,
    user_id: UUID,
    title: str,
    description: str = "",
    due: Due | None = None,
    priority: str = "low",
    tags: Iterable[str] = (),
    now: datetime | None = None,
    journal: Journal | None = None,
    repeat: str | None = None,
) -> Task:
    title = clean_title(title)
    description = clean_description(description)
    try:
        priority = task_fields.clean_priority(priority)
        cleaned_tags = task_fields.clean_tags(tags)
    except task_fields.FieldError as error:
        raise _refused(error) from None
    now = now or utcnow()
    number = await _take_next_number(session, user_id=user_id)
    task = Task(
        user_id=user_id,
        list_id=user_id,  # the person's own list has their id
        creator_id=user_id,
        number=number,
        title=title,
        description=description,
        due_at=due.at if due else None,
        due_has_time=due.has_time if due else False,
        priority=priority,
        tags=cleaned_tags,
        repeat=repeat,
        created_at=now,
        updated_at=now,
    )
    session.add(task)
    await session.flush()
    await changes.record(session, journal, row=task, kind="added", summary=label(task), before=None)
    return task


def label(task: Task) -> str:
    return f"#{task.number} “{task.title}”"


def _mine(user_id: UUID, *, in_trash: bool = False) -> SelectOfScalar[Task]:
    """The person's tasks: those in the trash, or (by default) every other one."""
    query = select(Task).where(Task.user_id == user_id)
    deleted = col(Task.deleted_at)
    return query.where(deleted.is_not(None) if in_trash else deleted.is_(None))


_USERS: Table = User.__table__  # type: ignore[attr-defined]
_TASKS: Table = Task.__table__  # type: ignore[attr-defined]
# Built once, on the table rather than the mapped class: the ORM's version compares every
# object the turn has loaded against the WHERE clause to keep them in step, which costs more
# than the round trip. The one object that can be out of step is brought in line below.
_TAKE_NUMBER = (
    update(_USERS)
    .where(_USERS.c.id == bindparam("user_id"))
    .values(next_task_number=_USERS.c.next_task_number + 1)
    .returning(_USERS.c.next_task_number)
)


async def _take_next_number(session: AsyncSession, *, user_id: UUID) -> int:
    """Atomically take the user's next number; the row lock orders concurrent adds."""
    connection = await session.connection()
    taken = int((await connection.execute(_TAKE_NUMBER, {"user_id": user_id})).scalar_one())
    loaded = session.identity_map.get(identity_key(User, user_id))
    if loaded is not None:
        set_committed_value(loaded, "next_task_number", taken)
    return taken - 1


async def list_tasks(
    session: AsyncSession, *, user_id: UUID, status: StatusFilter = "all"
) -> list[Task]:
    query = _mine(user_id)
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


_NUMBER_REF = re.compile(r"^(?:(?:task|todo|item|number|no\.?)\s*)?#?\s*(\d{1,9})$", re.I)
_QUOTES = "\"'`“”‘’«»"


def parse_number_ref(ref: str) -> int | None:
    match = _NUMBER_REF.match(ref.strip())
    return int(match.group(1)) if match else None


async def get_task_by_number(
    session: AsyncSession, *, user_id: UUID, number: int, in_trash: bool = False
) -> Task | None:
    result = await session.exec(_mine(user_id, in_trash=in_trash).where(Task.number == number))
    return result.first()


async def resolve_task(
    session: AsyncSession,
    *,
    user_id: UUID,
    ref: str,
    prefer_pending: bool = False,
    in_trash: bool = False,
) -> Task:
    """Find one of the user's tasks by number, `#n`, uuid, or (part of) its title.

    Several title matches raise `AmbiguousTask` with the candidates; with
    `prefer_pending`, a single pending one among them wins. Tasks in the trash are found
    only `in_trash`, and then only they are.
    """
    ref = (ref or "").strip().strip(_QUOTES).strip()
    if not ref:
        raise InvalidInput("Which task? Give its number or part of its title.")
    number = parse_number_ref(ref)
    if number is not None:
        task = await get_task_by_number(session, user_id=user_id, number=number, in_trash=in_trash)
        if task is None:
            missing = f"There is no task #{number}" + (" in the trash." if in_trash else ".")
            raise TaskNotFound(missing, "Offer to show the list.")
        return task
    task_uuid = _as_uuid(ref)
    if task_uuid is not None:
        result = await session.exec(_mine(user_id, in_trash=in_trash).where(Task.id == task_uuid))
        task = result.first()
        if task is None:
            missing = "No task in the trash has that id." if in_trash else "No task has that id."
            raise TaskNotFound(missing, "Offer to show the list.")
        return task
    matches = match_titles(await _title_candidates(session, user_id, ref, in_trash), ref)
    if prefer_pending and len(matches) > 1:
        pending = [row for row in matches if not row.completed]
        if len(pending) == 1:
            matches = pending
    if not matches:
        missing = f"No task found matching '{ref}'" + (" in the trash." if in_trash else ".")
        raise TaskNotFound(missing, "Offer to show the list.")
    found = await _tasks_by_id(session, user_id=user_id, ids=[row.id for row in matches[:10]])
    if len(matches) > 1:
        names = ", ".join(f"#{task.number} {task.title}" for task in found)
        raise AmbiguousTask(f"Several tasks match '{ref}': {names}.", found)
    return found[0]


async def _tasks_by_id(session: AsyncSession, *, user_id: UUID, ids: list[UUID]) -> list[Task]:
    result = await session.exec(
        select(Task)
        .where(Task.user_id == user_id, col(Task.id).in_(ids))
        .order_by(col(Task.number))
    )
    return list(result.all())


async def _title_candidates(
    session: AsyncSession, user_id: UUID, ref: str, in_trash: bool
) -> list[_TitleRow]:
    """The tasks `match_titles` could pick for `ref`, narrowed in SQL in one read: those
    holding the words as written and, only when none does, those holding every word. Plain
    ASCII only, which the database folds as Python does; any other reference is matched
    against every title."""
    where = [
        col(Task.user_id) == user_id,
        col(Task.deleted_at).is_not(None) if in_trash else col(Task.deleted_at).is_(None),
    ]
    wanted = fold(ref)
    whole = None
    if wanted.isascii():
        words = [w for w in re.findall(r"\w+", wanted) if len(w) > 1 and w not in _ARTICLES]
        title = func.lower(col(Task.title))
        whole = title.contains(wanted, autoescape=True)
        every = [title.contains(word, autoescape=True) for word in words]
        where.append(or_(whole, and_(*every)) if every else whole)
    holds = whole if whole is not None else true()
    query = core_select(_TASKS.c.id, _TASKS.c.title, _TASKS.c.completed, holds)
    connection = await session.connection()
    rows = (await connection.execute(query.where(*where))).all()
    holding = [_TitleRow(*row[:3]) for row in rows if row[3]]
    return holding or [_TitleRow(*row[:3]) for row in rows]


def like_escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class _TitleRow(NamedTuple):
    """Just enough of a task to match a reference against its title."""

    id: UUID
    title: str
    completed: bool


class _Titled(Protocol):
    @property
    def title(self) -> str: ...


Titled = TypeVar("Titled", bound=_Titled)


# "the call" means a task about a call, not one that also says "the".
_ARTICLES = frozenset({"the", "an", "my", "our"})


def match_titles(tasks: list[Titled], ref: str) -> list[Titled]:
    """Exact title first, then substring, then every word of `ref` in the title."""
    wanted = fold(ref)
    exact = [task for task in tasks if fold(task.title) == wanted]
    if exact:
        return exact
    partial = [task for task in tasks if wanted in fold(task.title)]
    if partial:
        return partial
    words = [word for word in re.findall(r"\w+", wanted) if len(word) > 1 and word not in _ARTICLES]
    if not words:
        return []
    return [
        task
        for task in tasks
        if all(word in re.findall(r"\w+", fold(task.title)) for word in words)
    ]


def fold(text: str) -> str:
    return " ".join(text.casefold().split())


def _as_uuid(ref: str) -> UUID | None:
    try:
        return UUID(ref)
    except ValueError:
        return None


async def complete_task(
    session: AsyncSession,
    *,
    task: Task,
    now: datetime | None = None,
    journal: Journal | None = None,
) -> bool:
    """Mark done; returns False when it already was."""
    if task.completed:
        return False
    before = changes.snapshot(task)
    task.completed = True
    task.completed_at = task.updated_at = now or utcnow()
    session.add(task)
    await session.flush()
    await changes.record(
        session, journal, row=task, kind="completed", summary=label(task), before=before
    )
    return True


async def reopen_task(session: AsyncSession, *, task: Task, journal: Journal | None = None) -> bool:
    """Set a done task back to pending; returns False when it was not done."""
    if not task.completed:
        return False
    before = changes.snapshot(task)
    task.completed = False
    task.completed_at = None
    task.updated_at = utcnow()
    session.add(task)
    await session.flush()
    await changes.record(
        session, journal, row=task, kind="reopened", summary=label(task), before=before
    )
    return True


async def update_task(
    session: AsyncSession,
    *,
    task: Task,
    title: str | None = None,
    description: str | None = None,
    due: DueChange = KEEP_DUE,
    priority: str | None = None,
    tags: Iterable[str] | None = None,
    add_tags: Iterable[str] = (),
    remove_tags: Iterable[str] = (),
    now: datetime | None = None,
    journal: Journal | None = None,
) -> Task:
    """Change what is given; `due=None` clears the due, leaving it out keeps it."""
    add_tags, remove_tags = list(add_tags), list(remove_tags)
    if (
        title is None
        and description is None
        and due is KEEP_DUE
        and priority is None
        and tags is None
        and not add_tags
        and not remove_tags
    ):
        raise InvalidInput(
            "Nothing to change: give a new title, description, due date, priority or tags."
        )
    new_title = clean_title(title) if title is not None else task.title
    new_description = (
        clean_description(description) if description is not None else task.description
    )
    try:
        new_priority = task_fields.clean_priority(priority) if priority else task.priority
        new_tags = task_fields.changed_tags(
            list(task.tags), replace=tags, add=add_tags, remove=remove_tags
        )
    except task_fields.FieldError as error:
        raise _refused(error) from None
    before = changes.snapshot(task)
    task.title, task.description = new_title, new_description
    task.priority, task.tags = new_priority, new_tags
    if isinstance(due, Due):
        task.due_at, task.due_has_time = due.at, due.has_time
    elif due is None:
        task.due_at, task.due_has_time = None, False
    task.updated_at = now or utcnow()
    session.add(task)
    await session.flush()
    await changes.record(
        session, journal, row=task, kind="updated", summary=label(task), before=before
    )
    return task


async def stop_repeating(
    session: AsyncSession,
    *,
    task: Task,
    now: datetime | None = None,
    journal: Journal | None = None,
) -> None:
    """A recurring task adds no next occurrence any more."""
    before = changes.snapshot(task)
    task.repeat = None
    task.updated_at = now or utcnow()
    session.add(task)
    await session.flush()
    await changes.record(
        session, journal, row=task, kind="updated", summary=label(task), before=before
    )


async def delete_task(
    session: AsyncSession, *, user_id: UUID, task_id: UUID, journal: Journal | None = None
) -> bool:
    """Move the task to the trash (a soft delete); False when it is not there."""
    task = (await session.exec(_mine(user_id).where(Task.id == task_id))).first()
    if task is None:
        return False
    before = changes.snapshot(task)
    task.deleted_at = task.updated_at = utcnow()
    session.add(task)
    await session.flush()
    await changes.record(
        session, journal, row=task, kind="deleted", summary=label(task), before=before
    )
    return True


async def restore_task(
    session: AsyncSession, *, task: Task, journal: Journal | None = None
) -> bool:
    """Take a task out of the trash, with its number; False when it was not in the trash."""
    if task.deleted_at is None:
        return False
    before = changes.snapshot(task)
    task.deleted_at = None
    task.updated_at = utcnow()
    session.add(task)
    await session.flush()
    await changes.record(
        session, journal, row=task, kind="restored", summary=label(task), before=before
    )
    return True


async def list_trash(session: AsyncSession, *, user_id: UUID) -> list[Task]:
    result = await session.exec(_mine(user_id, in_trash=True).order_by(col(Task.number)))
    return list(result.all())


async def empty_trash(session: AsyncSession, *, user_id: UUID) -> int:
    """Erase the person's trash for good (after their Confirm); how many tasks went."""
    ids = [task.id for task in await list_trash(session, user_id=user_id)]
    await _erase(session, ids)
    return len(ids)


async def purge_trash(session: AsyncSession, *, deleted_before: datetime) -> int:
    """Erase every task that has been in a trash since before `deleted_before`."""
    found = await session.exec(
        select(Task.id).where(
            col(Task.deleted_at).is_not(None), col(Task.deleted_at) < deleted_before
        )
    )
    ids = list(found.all())
    await _erase(session, ids)
    return len(ids)


async def _erase(session: AsyncSession, ids: list[UUID]) -> None:
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        await session.exec(
            delete(Change).where(col(Change.entity) == "task", col(Change.row_id).in_(chunk))
        )
        await session.exec(delete(Task).where(col(Task.id).in_(chunk)))
    await session.flush()
