"""Finding a person's task from what they called it: a number, an id or words of its title."""

from __future__ import annotations

import functools
import re
from typing import NamedTuple, Protocol, TypeVar
from uuid import UUID

from sqlalchemy import ColumnElement, String, and_, bindparam, func, or_, true
from sqlalchemy import select as core_select
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.owned import TASKS
from core.domain.tasks import AmbiguousTask, InvalidInput, TaskNotFound
from core.storage.direct import Prebuilt, attached
from core.storage.models import Task

_NUMBER_REF = re.compile(r"^(?:(?:task|todo|item|number|no\.?)\s*)?#?\s*(\d{1,9})$", re.I)


_QUOTES = "\"'`“”‘’«»"


def parse_number_ref(ref: str) -> int | None:
    match = _NUMBER_REF.match(ref.strip())
    return int(match.group(1)) if match else None


def _owned_task(by: str, *, in_trash: bool) -> Prebuilt:
    """One of the person's tasks, every column, by `by` (its number or id), in the trash or not."""
    deleted = TASKS.c.deleted_at
    return Prebuilt(
        core_select(*TASKS.c).where(
            TASKS.c.user_id == bindparam("user_id"),
            deleted.is_not(None) if in_trash else deleted.is_(None),
            TASKS.c[by] == bindparam(by),
        )
    )


# Built once: most turns that name a task name it by its number.
_OWNED = {
    (by, trash): _owned_task(by, in_trash=trash)
    for by in ("number", "id")
    for trash in (False, True)
}
_ANY_BY_ID = Prebuilt(
    core_select(*TASKS.c).where(
        TASKS.c.user_id == bindparam("user_id"), TASKS.c.id == bindparam("id")
    )
)


async def _one(session: AsyncSession, read: Prebuilt, params: dict[str, object]) -> Task | None:
    """The task `read` finds, in the session as the ORM would load it."""
    rows = await read.rows(session, params)
    if not rows:
        return None
    return attached(session, Task, dict(zip(TASKS.c.keys(), rows[0], strict=True)), refresh=False)


async def get_task_by_number(
    session: AsyncSession, *, user_id: UUID, number: int, in_trash: bool = False
) -> Task | None:
    read = _OWNED["number", in_trash]
    return await _one(session, read, {"user_id": user_id, "number": number})


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
        task = await _one(session, _OWNED["id", in_trash], {"user_id": user_id, "id": task_uuid})
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
    if len(ids) == 1:  # the usual case: one task holds the words
        found = await _one(session, _ANY_BY_ID, {"user_id": user_id, "id": ids[0]})
        return [] if found is None else [found]
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
    wanted = fold(ref)
    params: dict[str, object] = {"user_id": user_id}
    words: list[str] | None = None
    if wanted.isascii():
        words = [w for w in re.findall(r"\w+", wanted) if len(w) > 1 and w not in _ARTICLES]
        params |= {"whole": _escaped(wanted)}
        params |= {f"word_{index}": _escaped(word) for index, word in enumerate(words)}
    read = _candidates(in_trash, None if words is None else len(words))
    rows = await read.run(session, params)  # no flush first, as ever for this read
    holding = [_TitleRow(*row[:3]) for row in rows if row[3]]
    return holding or [_TitleRow(*row[:3]) for row in rows]


@functools.cache
def _candidates(in_trash: bool, words: int | None) -> Prebuilt:
    """The title candidates' read, built once for each count of words (None: the title is
    not narrowed in SQL)."""
    deleted = TASKS.c.deleted_at
    where = [
        TASKS.c.user_id == bindparam("user_id"),
        deleted.is_not(None) if in_trash else deleted.is_(None),
    ]
    holds: ColumnElement[bool] = true()
    if words is not None:
        title = func.lower(TASKS.c.title)
        holds = title.contains(bindparam("whole", type_=String), escape="/")
        every = [
            title.contains(bindparam(f"word_{index}", type_=String), escape="/")
            for index in range(words)
        ]
        where.append(or_(holds, and_(*every)) if every else holds)
    return Prebuilt(core_select(TASKS.c.id, TASKS.c.title, TASKS.c.completed, holds).where(*where))


def _escaped(text: str) -> str:
    """`text` for a LIKE escaped by "/", as `contains(..., autoescape=True)` writes it."""
    return text.replace("/", "//").replace("%", "/%").replace("_", "/_")


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
