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


class ProcessedEvent(SQLModel, table=True):
    """Platform deliveries already applied; written in the same transaction as their effect.

    `reply` is what the turn answered, kept until `answered_at` says it reached the person:
    a worker that dies between the commit and the send leaves it for the next attempt."""

    __tablename__ = "processed_event"
    __table_args__ = (UniqueConstraint("source", "event_id"),)

    id: int | None = Field(default=None, primary_key=True)
    source: str = Field(max_length=64)
    event_id: str = Field(max_length=255)
    created_at: datetime = Field(default_factory=utcnow)
    reply: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    answered_at: datetime | None = None


class InboxItem(SQLModel, table=True):
    """A platform delivery recorded before it is acknowledged, so none is lost.

    Workers lease pending items (`locked_until`); a lease that runs out without the item
    being marked done (the worker died) makes it claimable again. Items sharing an
    `order_key` (one person's deliveries) are handed out one at a time, oldest first.
    """

    __tablename__ = "inbox_item"
    __table_args__ = (
        UniqueConstraint("source", "delivery_id"),
        Index("ix_inbox_item_status_id", "status", "id"),
        # Scheduled work (reminders) waits as pending items leased until their time.
        Index("ix_inbox_item_source_status_locked", "source", "status", "locked_until"),
        # "Is an earlier item of this person still pending?", asked for every claim.
        Index("ix_inbox_item_order_key_id", "order_key", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    source: str = Field(max_length=32)
    delivery_id: str = Field(max_length=255)
    # Whose delivery this is (a platform's person); None for work that waits for nobody.
    order_key: str | None = Field(default=None, max_length=255)
    # Whose scheduled work this is (a reminder's person): due work is claimed by turns.
    fair_key: str | None = Field(default=None, max_length=64)
    payload: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    status: str = Field(default="pending", max_length=16)
    attempts: int = Field(default=0)
    locked_until: datetime | None = None
    locked_by: str | None = Field(default=None, max_length=64)
    last_error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    created_at: datetime = Field(default_factory=utcnow)
    processed_at: datetime | None = None


class LinkCode(SQLModel, table=True):
    """A one-time code joining another platform account to this user; only its hash is kept."""

    __tablename__ = "link_code"

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    code_hash: str = Field(max_length=64, unique=True)
    user_id: UUID = Field(
        sa_column=Column(ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    )
    platform: str = Field(max_length=32)
    expires_at: datetime
    used_at: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)


class Erasure(SQLModel, table=True):
    """The audit of a "forget me" that outlives the person: a hash of the erased user id and
    how many rows went, nothing that names them."""

    __tablename__ = "erasure"

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    subject_hash: str = Field(max_length=64, index=True)
    counts: dict[str, int] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    requested_at: datetime
    erased_at: datetime = Field(default_factory=utcnow)


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


class WorkspaceInstall(SQLModel, table=True):
    """A chat app an admin added to their workspace ("Add to Slack"): one row per workspace,
    or per organization when the app was installed organization-wide (`tenant` empty, the
    workspaces it has answered in `served`). The tokens are sealed (core/storage/sealing.py)
    by the adapter that stores them, which alone opens them."""

    __tablename__ = "workspace_install"
    __table_args__ = (UniqueConstraint("platform", "organization", "tenant"),)

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    platform: str = Field(max_length=32)
    organization: str = Field(default="", max_length=64)
    tenant: str = Field(default="", max_length=64, index=True)
    org_wide: bool = False
    app_id: str | None = Field(default=None, max_length=64)
    tenant_name: str | None = Field(default=None, max_length=200)
    organization_name: str | None = Field(default=None, max_length=200)
    bot_id: str | None = Field(default=None, max_length=64)
    bot_user_id: str | None = Field(default=None, max_length=64)
    scopes: str = Field(default="", max_length=1000)
    # The platform account of the admin who installed it.
    installer: str | None = Field(default=None, max_length=64)
    bot_token: str = Field(sa_column=Column(Text, nullable=False))
    # Only when the app's tokens expire and are refreshed (token rotation).
    bot_refresh_token: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    bot_token_expires_at: datetime | None = None
    served: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    installed_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class OAuthState(SQLModel, table=True):
    """The one-time `state` of an install under way, kept (as its hash) until it is used or
    expires, so whichever process the admin comes back to can finish the install."""

    __tablename__ = "oauth_state"

    state_hash: str = Field(primary_key=True, max_length=64)
    expires_at: datetime = Field(index=True)


class RateHit(SQLModel, table=True):
    """A request let through a per-minute limit that leaves no row of its own (a chat API
    read, a button press), counted by every process (core/delivery/windows.py); gone a
    minute later. `key` is the sha256 of the limit and whose request it was: it names nobody."""

    __tablename__ = "rate_hit"
    __table_args__ = (Index("ix_rate_hit_key_at", "key", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=64)
    at: datetime
