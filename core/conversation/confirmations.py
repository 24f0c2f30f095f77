"""Destructive actions wait for their owner's button, and are decided exactly once.

One conditional UPDATE (`WHERE status = 'pending'`) decides a press, so a double click or two
workers racing each other cannot both win.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any
from uuid import UUID

from sqlalchemy import update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.models import Confirmation, Task, utcnow
from core.types import Action

TOKEN_PREFIX = "c"
# A question with several buttons (`core/tools/asking.py`) has one confirmation; each button's
# token is the confirmation's, this separator and the index of its choice.
CHOICE_SEPARATOR = "."


class Outcome(StrEnum):
    CONFIRMED = "confirmed"
    CANCELLED = "cancelled"
    NOT_FOUND = "not_found"
    NOT_YOURS = "not_yours"
    EXPIRED = "expired"
    ALREADY_DECIDED = "already_decided"


@dataclass(frozen=True)
class Decision:
    outcome: Outcome
    confirmation: Confirmation | None = None


def with_choice(token: str) -> tuple[str, int | None]:
    """A pressed token read back: the confirmation's token and the choice it names, if any."""
    base, separator, index = token.partition(CHOICE_SEPARATOR)
    if separator and index.isdigit():
        return base, int(index)
    return token, None


def note_choice(confirmation: Confirmation, choice: int | None) -> None:
    """Keep with a confirmed question which of its choices was pressed (`core/tools/asking.py`)."""
    if choice is not None:
        confirmation.details = {**(confirmation.details or {}), "chosen": choice}


def new_token() -> str:
    return f"{TOKEN_PREFIX}{secrets.token_urlsafe(18)}"


async def request_confirmation(
    session: AsyncSession,
    *,
    user_id: UUID,
    kind: str,
    subject: str,
    ttl_seconds: int,
    task_id: UUID | None = None,
    conversation_id: UUID | None = None,
    now: datetime | None = None,
    details: dict[str, Any] | None = None,
) -> Confirmation:
    now = now or utcnow()
    confirmation = Confirmation(
        token=new_token(),
        user_id=user_id,
        kind=kind,
        task_id=task_id,
        conversation_id=conversation_id,
        subject=subject[:250],
        expires_at=now + timedelta(seconds=ttl_seconds),
        created_at=now,
        details=details,
    )
    session.add(confirmation)
    await session.flush()
    return confirmation


async def decide(
    session: AsyncSession,
    *,
    token: str,
    user_id: UUID,
    action: Action,
    now: datetime | None = None,
) -> Decision:
    """Claim a pending confirmation for its owner; anyone else gets a reason and no change."""
    now = now or utcnow()
    status = "confirmed" if action is Action.CONFIRM else "cancelled"
    claimed = await session.exec(
        update(Confirmation)
        .where(
            col(Confirmation.token) == token,
            col(Confirmation.user_id) == user_id,
            col(Confirmation.status) == "pending",
            col(Confirmation.expires_at) > now,
        )
        .values(status=status, decided_at=now)
        .returning(col(Confirmation.id))
    )
    won = claimed.first() is not None
    row = (await session.exec(select(Confirmation).where(Confirmation.token == token))).first()
    if row is not None:
        await session.refresh(row)
    if won:
        outcome = Outcome.CONFIRMED if action is Action.CONFIRM else Outcome.CANCELLED
        return Decision(outcome, row)
    if row is None:
        return Decision(Outcome.NOT_FOUND)
    if row.user_id != user_id:
        return Decision(Outcome.NOT_YOURS)
    if row.status == "pending":
        await session.exec(
            update(Confirmation)
            .where(col(Confirmation.id) == row.id, col(Confirmation.status) == "pending")
            .values(status="expired", decided_at=now)
        )
        return Decision(Outcome.EXPIRED, row)
    if row.status == "expired":
        return Decision(Outcome.EXPIRED, row)
    return Decision(Outcome.ALREADY_DECIDED, row)


MESSAGE_REF_LIMIT = 255


async def remember_message(
    session: AsyncSession, *, token: str, user_id: UUID, message_ref: str
) -> bool:
    """Note where the message carrying a pending confirmation's buttons was sent, so a typed
    answer can edit it later; only its owner's, and only while it waits."""
    if not message_ref or len(message_ref) > MESSAGE_REF_LIMIT:
        return False
    token, _ = with_choice(token)  # any button of a question names its confirmation
    noted = await session.exec(
        update(Confirmation)
        .where(
            col(Confirmation.token) == token,
            col(Confirmation.user_id) == user_id,
            col(Confirmation.status) == "pending",
        )
        .values(message_ref=message_ref)
        .returning(col(Confirmation.id))
    )
    return noted.first() is not None


async def pending_confirmations(
    session: AsyncSession,
    *,
    user_id: UUID,
    now: datetime | None = None,
    kind: str | None = None,
) -> list[Confirmation]:
    """The person's confirmations (of `kind`, if given) still waiting for a press, oldest
    first."""
    now = now or utcnow()
    query = select(Confirmation).where(
        col(Confirmation.user_id) == user_id,
        col(Confirmation.status) == "pending",
        col(Confirmation.expires_at) > now,
    )
    if kind is not None:
        query = query.where(col(Confirmation.kind) == kind)
    found = await session.exec(query.order_by(col(Confirmation.created_at)))
    return list(found.all())


async def confirmed_task(session: AsyncSession, *, user_id: UUID, token: str) -> Task | None:
    """The person's task a confirmation is about, wherever it is now (the trash too)."""
    found = await session.exec(
        select(Task)
        .join(Confirmation, col(Confirmation.task_id) == col(Task.id))
        .where(col(Confirmation.token) == token, col(Task.user_id) == user_id)
    )
    return found.first()
