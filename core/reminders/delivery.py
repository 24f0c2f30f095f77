"""The seam between the dispatcher and a platform: who gets a reminder, and how it went.

A `Sender` delivers one `Notice` on its platform and returns a reference to the message it
posted (for later edits), or raises `Refused` (try again later: a rate limit, an outage) or
`Unreachable` (the person blocked the bot or left: stop trying this account).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol
from uuid import UUID

from core.types import Reply


@dataclass(frozen=True)
class Recipient:
    """The person on the platform where they asked. `chat_ref`/`thread_ref` name the chat
    they asked in (a group, a channel thread); a sender prefers the private chat."""

    user_id: UUID
    platform: str
    tenant: str
    user_ref: str
    chat_ref: str | None = None
    thread_ref: str | None = None
    display_name: str | None = None
    conversation_id: UUID | None = None


@dataclass(frozen=True)
class Notice:
    recipient: Recipient
    reply: Reply
    # The task it reminds of, for a platform that says its buttons as words ("done 3").
    task_number: int | None = None


class Refused(Exception):
    """The platform did not take the message now; `retry_after` seconds if it said."""

    def __init__(self, reason: str, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.retry_after = retry_after


class Unreachable(Exception):
    """The platform says this account cannot be written to (blocked, deactivated, left)."""


class Sender(Protocol):
    platform: str

    async def send(self, notice: Notice) -> str | None:
        """Deliver; the posted message's reference (for edits), or None."""
        ...


class ReminderObserver(Protocol):
    def reminder(self, platform: str, outcome: str, lag_seconds: float | None = None) -> None:
        """One reminder reached an outcome: sent, late, summarised, retry, failed, blocked,
        stale (moved or cancelled before its time); `lag_seconds` from due to sent."""


class NoReminderObserver:
    def reminder(self, platform: str, outcome: str, lag_seconds: float | None = None) -> None:
        return None
