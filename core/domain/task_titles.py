"""Reading a person's titles to match a name against: narrow reads, no task objects, no
audit row and nothing stored (the tools act; these only look)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, cast
from uuid import UUID

from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.task_refs import fold, like_escaped
from core.storage.models import Task


class TitleRow(Protocol):
    """A task as a name is matched against it: its number, title and whether it is done."""

    @property
    def number(self) -> int: ...
    @property
    def title(self) -> str: ...
    @property
    def completed(self) -> bool: ...


async def titles(session: AsyncSession, *, user_id: UUID, open_only: bool) -> Sequence[TitleRow]:
    """The person's task titles (the open ones only, `open_only`), by number: a narrow read to
    match a name against, the database's rows as they come (no object a task)."""
    query = select(col(Task.number), col(Task.title), col(Task.completed)).where(
        col(Task.user_id) == user_id, col(Task.deleted_at).is_(None)
    )
    if open_only:
        query = query.where(col(Task.completed).is_(False))
    connection = await session.connection()
    rows = await connection.execute(query.order_by(col(Task.number)))
    return cast(Sequence[TitleRow], rows.all())


async def open_titled(session: AsyncSession, *, user_id: UUID, title: str) -> TitleRow | None:
    """An open task of exactly this title (case and spacing aside), found in SQL."""
    wanted = fold(title)
    query = select(col(Task.number), col(Task.title), col(Task.completed)).where(
        col(Task.user_id) == user_id,
        col(Task.deleted_at).is_(None),
        col(Task.completed).is_(False),
    )
    if wanted.isascii():
        # the words in order, any spacing between them (LIKE is anchored at both ends)
        pattern = "%".join(like_escaped(word) for word in wanted.split())
        query = query.where(func.lower(col(Task.title)).like(pattern, escape="\\"))
    connection = await session.connection()
    rows = await connection.execute(query.order_by(col(Task.number)))
    found = (row for row in rows.all() if fold(row.title) == wanted)
    return cast(TitleRow | None, next(found, None))
