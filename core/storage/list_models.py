"""The lists tasks live on: each person's own, and one shared list per channel or group."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import UUID, uuid4

from sqlalchemy import Column, ForeignKey, UniqueConstraint
from sqlmodel import Field, SQLModel

PERSONAL = "personal"
SHARED = "shared"


class TaskList(SQLModel, table=True):
    """A list of tasks with its own numbering.

    A personal list belongs to one person (`user_id`) and has that person's id as its own, so
    a personal task's list is known without a lookup; its numbers come from the person's
    counter (`User.next_task_number`), as they always have. A shared list belongs to a place
    (`platform`, `tenant`, `chat_id`: a Slack channel in a workspace, a Telegram group) and
    numbers its tasks from `next_task_number`; its tasks have no owner (`Task.user_id` is
    empty) but a creator and perhaps an assignee."""

    __tablename__ = "task_list"
    __table_args__ = (UniqueConstraint("platform", "tenant", "chat_id"),)

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    kind: str = Field(default=PERSONAL, max_length=16)
    user_id: UUID | None = Field(
        default=None,
        sa_column=Column(
            ForeignKey("user.id", ondelete="CASCADE"), nullable=True, unique=True, index=False
        ),
    )
    platform: str | None = Field(default=None, max_length=32)
    tenant: str | None = Field(default=None, max_length=64)
    chat_id: str | None = Field(default=None, max_length=128)
    title: str = Field(default="", max_length=200)
    next_task_number: int = Field(default=1)
    created_at: datetime = Field(default_factory=lambda: datetime.now(UTC))


def personal_list(user_id: UUID) -> TaskList:
    """The new list of a new person: it has their id, as their tasks' `list_id` does."""
    return TaskList(id=user_id, kind=PERSONAL, user_id=user_id)


class SeenName(SQLModel, table=True):
    """A Telegram `@username` the bot saw write in a group, with that account: a team command
    there naming `@username` means them (the platform still decides whether they belong)."""

    __tablename__ = "seen_name"

    platform: str = Field(primary_key=True, max_length=32)
    tenant: str = Field(primary_key=True, max_length=64)
    chat_id: str = Field(primary_key=True, max_length=128)
    username: str = Field(primary_key=True, max_length=64)  # lower-cased, without "@"
    external_id: str = Field(max_length=128)
    display_name: str | None = Field(default=None, max_length=200)
    seen_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
