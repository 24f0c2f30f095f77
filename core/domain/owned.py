"""A person's tasks as a query, and the table that holds them."""

from __future__ import annotations

from uuid import UUID

from sqlalchemy import Table
from sqlmodel import col, select
from sqlmodel.sql.expression import SelectOfScalar

from core.storage.models import Task, User


def owned_by(user_id: UUID, *, in_trash: bool = False) -> SelectOfScalar[Task]:
    """The person's tasks: those in the trash, or (by default) every other one."""
    query = select(Task).where(Task.user_id == user_id)
    deleted = col(Task.deleted_at)
    return query.where(deleted.is_not(None) if in_trash else deleted.is_(None))


USERS: Table = User.__table__  # type: ignore[attr-defined]


TASKS: Table = Task.__table__  # type: ignore[attr-defined]
