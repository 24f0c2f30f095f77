"""The tables of docs/ARCHITECTURE.md. Times are aware UTC on SQLite and PostgreSQL alike."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid4

from sqlalchemy import JSON, Column, ForeignKey, Index, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from core.storage.list_models import TaskList as TaskList  # tasks live on lists

TITLE_MAX = 200
DESCRIPTION_MAX = 1000
PRIORITIES: tuple[str, ...] = ("low", "medium", "high")
TAGS_MAX = 5
TAG_LENGTH_MAX = 30


def utcnow() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """ISO 8601 with a `Z`, as the chat API shows times."""
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


class User(SQLModel, table=True):
    __tablename__ = "user"

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    display_name: str | None = Field(default=None, max_length=200)
    # Numbers people say aloud ("task 3") come from this counter and are never reused.
    next_task_number: int = Field(default=1)
    # The person's IANA zone ("Europe/Berlin"); None until a platform or the person says it.
    # Linked accounts are one user, so they share it.
    timezone: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow)


class Identity(SQLModel, table=True):
    __tablename__ = "identity"
    __table_args__ = (UniqueConstraint("platform", "tenant", "external_id"),)

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    user_id: UUID = Field(
        sa_column=Column(ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    )
    platform: str = Field(max_length=32)
    tenant: str = Field(default="", max_length=64)
    external_id: str = Field(max_length=128)
    display_name: str | None = Field(default=None, max_length=200)
    created_at: datetime = Field(default_factory=utcnow)
    # Set when the platform said this account cannot be written to (blocked the bot, left the
    # workspace): reminders stop trying it until the person writes from it again.
    unreachable_since: datetime | None = None


class TaskBase(SQLModel):
    title: str = Field(max_length=TITLE_MAX)
    description: str = Field(default="", max_length=DESCRIPTION_MAX)
    completed: bool = False
    # An instant; without `due_has_time` it stands for the whole local day it falls on
    # (stored as that day's local midnight, in the zone the person had when it was set).
    due_at: datetime | None = None
    due_has_time: bool = False
    priority: str = Field(default="low", max_length=8)
    # Lower-case, without "#", at most TAGS_MAX.
    tags: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))


class Task(TaskBase, table=True):
    __tablename__ = "task"
    __table_args__ = (
        UniqueConstraint("user_id", "number"),
        UniqueConstraint("list_id", "number"),
        Index("ix_task_user_completed", "user_id", "completed"),
        Index("ix_task_user_due", "user_id", "due_at"),
    )

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    # The owner of a personal task; empty on a shared list's task (core/storage/list_models.py).
    user_id: UUID | None = Field(
        default=None,
        sa_column=Column(ForeignKey("user.id", ondelete="CASCADE"), nullable=True),
    )
    # The list the task is on (a personal list's id is its owner's), its creator, and the one
    # person it is assigned to; a person erased leaves the task, unassigned or creator-less.
    list_id: UUID = Field(
        sa_column=Column(ForeignKey("task_list.id", ondelete="CASCADE"), nullable=False)
    )
    creator_id: UUID | None = Field(
        default=None,
        sa_column=Column(ForeignKey("user.id", ondelete="SET NULL"), nullable=True),
    )
    assignee_id: UUID | None = Field(
        default=None,
        sa_column=Column(ForeignKey("user.id", ondelete="SET NULL"), nullable=True, index=True),
    )
    # Who gave it to its assignee (told when it is done).
    assigner_id: UUID | None = Field(
        default=None,
        sa_column=Column(ForeignKey("user.id", ondelete="SET NULL"), nullable=True),
    )
    number: int
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    completed_at: datetime | None = None
    # Set by a confirmed delete: the task is in the trash, invisible everywhere else, and
    # purged once it has been there longer than the trash keeps things.
    deleted_at: datetime | None = Field(default=None, index=True)
    # An RFC 5545 RRULE ("FREQ=WEEKLY;BYDAY=MO"): completing the task adds its next occurrence.
    repeat: str | None = Field(default=None, max_length=120)


class Conversation(SQLModel, table=True):
    __tablename__ = "conversation"
    __table_args__ = (
        Index("ix_conversation_user_updated", "user_id", "updated_at"),
        Index("ix_conversation_user_chat", "user_id", "chat_key", "active"),
    )

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    user_id: UUID = Field(
        sa_column=Column(ForeignKey("user.id", ondelete="CASCADE"), nullable=False)
    )
    platform: str = Field(max_length=32)
    chat_key: str = Field(max_length=255)
    title: str = Field(default="", max_length=200)
    active: bool = True
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class Message(SQLModel, table=True):
    """One line of a conversation; never changed after insert."""

    __tablename__ = "message"
    __table_args__ = (
        # The history window: one conversation of one owner, newest first (no sort, no bitmap).
        Index("ix_message_conversation_user_created", "conversation_id", "user_id", "created_at"),
        Index("ix_message_user_created", "user_id", "role", "created_at"),
    )

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    conversation_id: UUID = Field(
        sa_column=Column(ForeignKey("conversation.id", ondelete="CASCADE"), nullable=False)
    )
    user_id: UUID = Field(
        sa_column=Column(ForeignKey("user.id", ondelete="CASCADE"), nullable=False)
    )
    role: str = Field(max_length=16)
    content: str = Field(sa_column=Column(Text, nullable=False))
    tool_calls: list[dict[str, Any]] = Field(
        default_factory=list, sa_column=Column(JSON, nullable=False)
    )
    created_at: datetime = Field(default_factory=utcnow)


class ToolCall(SQLModel, table=True):
    """The audit: every tool call with who made it, what went in and what came out."""

    __tablename__ = "tool_call"
    __table_args__ = (Index("ix_tool_call_user_created", "user_id", "created_at"),)

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    user_id: UUID = Field(
        sa_column=Column(ForeignKey("user.id", ondelete="CASCADE"), nullable=False)
    )
    conversation_id: UUID | None = None
    tool: str = Field(max_length=64)
    input: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    result: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    ok: bool
    duration_ms: float
    created_at: datetime = Field(default_factory=utcnow)


class Confirmation(SQLModel, table=True):
    """A destructive action waiting for its owner's button."""

    __tablename__ = "confirmation"
    __table_args__ = (Index("ix_confirmation_user_status", "user_id", "status"),)

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    token: str = Field(max_length=64, unique=True)
    user_id: UUID = Field(
        sa_column=Column(ForeignKey("user.id", ondelete="CASCADE"), nullable=False)
    )
    kind: str = Field(default="delete_task", max_length=32)
    task_id: UUID | None = Field(
        default=None, sa_column=Column(ForeignKey("task.id", ondelete="SET NULL"), nullable=True)
    )
    conversation_id: UUID | None = None
    subject: str = Field(default="", max_length=250)
    status: str = Field(default="pending", max_length=16)
    expires_at: datetime
    # Where the message carrying the buttons is, as its adapter noted it, so a typed answer
    # can edit that message to the outcome.
    message_ref: str | None = Field(default=None, max_length=255)
    created_at: datetime = Field(default_factory=utcnow)
    decided_at: datetime | None = None
    # What the action needs beyond the task (an offered task's title and description).
    details: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


class Change(SQLModel, table=True):
    """One change to a row of a person's, kept so it can be undone: the changed fields' values
    before and after (JSON), written by the code that made the change.

    `before` None means the change created the row; `after` None means it removed it. The
    changes of one turn share a `token` (the Undo button's); undoing them is claimed by one
    conditional UPDATE of `undone_at`, so two undos never revert the same change twice."""

    __tablename__ = "change"
    __table_args__ = (Index("ix_change_user_id", "user_id", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: UUID = Field(
        sa_column=Column(ForeignKey("user.id", ondelete="CASCADE"), nullable=False)
    )
    token: str = Field(max_length=64, index=True)
    entity: str = Field(default="task", max_length=64)
    row_id: UUID
    kind: str = Field(max_length=32)
    summary: str = Field(default="", max_length=300)
    before: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    after: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    conversation_id: UUID | None = None
    created_at: datetime = Field(default_factory=utcnow)
    undone_at: datetime | None = None
