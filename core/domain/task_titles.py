"""Reading a person's titles to match a name against: narrow reads, no task objects, no
audit row and nothing stored (the tools act; these only look)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol, cast
from uuid import UUID

from sqlalchemy import bindparam, func, or_
from sqlalchemy import select as select_columns
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.owned import TASKS
from core.domain.task_refs import fold, like_escaped
from core.storage.direct import Prebuilt
from core.storage.models import Task
from core.storage.turn_connection import turn_connection


class TitleRow(Protocol):
    """A task as a name is matched against it: its number, title and whether it is done."""

    @property
    def number(self) -> int: ...
    @property
    def title(self) -> str: ...
    @property
    def completed(self) -> bool: ...


class Titles(NamedTuple):
    """The titles a name could mean, and whether they were narrowed from a longer list."""

    rows: Sequence[TitleRow]
    narrowed: bool


# A list longer than this is narrowed (in SQL on PostgreSQL), to at most this many titles.
NARROW_ABOVE = 200


async def titles(
    session: AsyncSession, *, user_id: UUID, open_only: bool, text: str, words: Sequence[str]
) -> Titles:
    """The person's task titles (the open ones only, `open_only`) a name could mean: a narrow
    read, the database's rows as they come (no object a task). A list of at most
    `NARROW_ABOVE` comes whole, by number; of a longer one PostgreSQL's trigram index picks
    the `NARROW_ABOVE` most like `text` among those like it or like one of `words`
    (SQLite, without the index, reads them all)."""
    query = select(col(Task.number), col(Task.title), col(Task.completed)).where(
        col(Task.user_id) == user_id, col(Task.deleted_at).is_(None)
    )
    if open_only:
        query = query.where(col(Task.completed).is_(False))
    connection = await turn_connection(session)
    if connection.dialect.name != "postgresql":
        rows = (await connection.execute(query.order_by(col(Task.number)))).all()
        return Titles(cast(Sequence[TitleRow], rows), len(rows) > NARROW_ABOVE)
    first = query.order_by(col(Task.number)).limit(NARROW_ABOVE + 1)
    rows = (await connection.execute(first)).all()
    if len(rows) <= NARROW_ABOVE:
        return Titles(cast(Sequence[TitleRow], rows), False)
    title = func.lower(col(Task.title))
    wanted = text.lower()
    alike = [title.op("%")(wanted), *(title.op("%>")(word.lower()) for word in words)]
    near = (
        query.where(or_(*alike))
        .order_by(func.similarity(title, wanted).desc(), col(Task.number))
        .limit(NARROW_ABOVE)
    )
    found = sorted((await connection.execute(near)).all(), key=lambda row: row.number)
    return Titles(cast(Sequence[TitleRow], found), True)


class _OpenTitle(NamedTuple):
    number: int
    title: str
    completed: bool


def _open_titled(*, like: bool) -> Prebuilt:
    """The person's open tasks, by number; with `like`, those whose lower-cased title is LIKE
    :pattern."""
    tasks = TASKS
    query = select_columns(tasks.c.number, tasks.c.title, tasks.c.completed).where(
        tasks.c.user_id == bindparam("user_id"),
        tasks.c.deleted_at.is_(None),
        tasks.c.completed.is_(False),
    )
    if like:
        query = query.where(func.lower(tasks.c.title).like(bindparam("pattern"), escape="\\"))
    return Prebuilt(query.order_by(tasks.c.number))


# Built once: every add asks whether an open task already has the title.
_OPEN_TITLED = {like: _open_titled(like=like) for like in (False, True)}


async def open_titled(session: AsyncSession, *, user_id: UUID, title: str) -> TitleRow | None:
    """An open task of exactly this title (case and spacing aside), found in SQL."""
    wanted = fold(title)
    params: dict[str, object] = {"user_id": user_id}
    if wanted.isascii():
        # the words in order, any spacing between them (LIKE is anchored at both ends)
        params["pattern"] = "%".join(like_escaped(word) for word in wanted.split())
    rows = await _OPEN_TITLED["pattern" in params].rows(session, params)
    found = (_OpenTitle(*row) for row in rows if fold(row[1]) == wanted)
    return next(found, None)
