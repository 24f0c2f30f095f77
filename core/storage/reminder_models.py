"""The reminders' tables: each reminder, and the pace of sends to each chat."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID, uuid4

from sqlalchemy import Column, ForeignKey, Index
from sqlmodel import Field, SQLModel

from core.storage.models import utcnow


class Reminder(SQLModel, table=True):
    """A message owed to a person at `fire_at`: about a task, or their daily list (`digest`).

    The row is the truth; the inbox item scheduled with it (core/delivery/scheduled.py) only wakes a
    worker at the right time. `version` grows with every reschedule, so a wake-up for an
    earlier time finds the row moved on and does nothing. Status: pending (waiting), sending
    (claimed; a crash leaves it to the retry), sent (delivered, buttons live), done, snoozed,
    cancelled, failed (refused for good), blocked (the person blocked the bot)."""

    __tablename__ = "reminder"
    __table_args__ = (
        Index("ix_reminder_user_status", "user_id", "status"),
        Index("ix_reminder_task_status", "task_id", "status"),
    )

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    user_id: UUID = Field(
        sa_column=Column(ForeignKey("user.id", ondelete="CASCADE"), nullable=False)
    )
    task_id: UUID | None = Field(
        default=None, sa_column=Column(ForeignKey("task.id", ondelete="CASCADE"), nullable=True)
    )
    kind: str = Field(default="task", max_length=16)
    fire_at: datetime
    # Minutes before the task's due ("an hour before"): the reminder moves with the due.
    before_due_minutes: int | None = None
    # A digest's local time of day ("08:00"), repeated daily in the person's zone.
    daily_at: str | None = Field(default=None, max_length=5)
    status: str = Field(default="pending", max_length=16)
    version: int = Field(default=1)
    token: str = Field(max_length=32, unique=True)
    # Where the person asked: the platform and conversation the message goes back to.
    platform: str = Field(max_length=32)
    conversation_id: UUID | None = None
    late: bool = False
    attempts: int = Field(default=0)
    last_error: str | None = Field(default=None, max_length=500)
    message_ref: str | None = Field(default=None, max_length=255)
    created_at: datetime = Field(default_factory=utcnow)
    sent_at: datetime | None = None
    decided_at: datetime | None = None


class SendPace(SQLModel, table=True):
    """One platform account's shared send rate (core/delivery/send_pace.py): the earliest moment the
    next message may go, in seconds since the epoch, for every process sending as it."""

    __tablename__ = "send_pace"

    key: str = Field(primary_key=True, max_length=64)
    next_at: float = Field(default=0.0)
