"""The delivery's tables: events already seen, the inbox of work to do, the rate limiter's hits."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from core.storage.models import utcnow


class ProcessedEvent(SQLModel, table=True):
    """Platform deliveries already applied; written in the same transaction as their effect.

    `reply` is what the turn answered, kept until `answered_at` says it reached the person:
    a worker that dies between the commit and the send leaves it for the next attempt.
    `sending_until`: a send of that reply is under way (claimed by one worker) until then, so
    a second attempt at the same delivery never sends it alongside (core/delivery/events.py)."""

    __tablename__ = "processed_event"
    __table_args__ = (UniqueConstraint("source", "event_id"),)

    id: int | None = Field(default=None, primary_key=True)
    source: str = Field(max_length=64)
    event_id: str = Field(max_length=255)
    created_at: datetime = Field(default_factory=utcnow)
    reply: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    answered_at: datetime | None = None
    sending_until: datetime | None = None


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


class RateHit(SQLModel, table=True):
    """A request let through a per-minute limit that leaves no row of its own (a chat API
    read, a button press), counted by every process (core/delivery/windows.py); gone a
    minute later. `key` is the sha256 of the limit and whose request it was: it names nobody."""

    __tablename__ = "rate_hit"
    __table_args__ = (Index("ix_rate_hit_key_at", "key", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=64)
    at: datetime
