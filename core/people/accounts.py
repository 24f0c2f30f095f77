"""Joining and separating a person's platform accounts.

Linking moves everything of the entering account's user (its identity, tasks, conversations,
messages, audit and confirmations) onto the code's user, then removes the emptied user row:
nothing is lost and one list answers everywhere. Tasks keep their order and get numbers after
the existing ones. Unlinking gives the account a fresh, empty user; the data stays behind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from uuid import UUID

from sqlalchemy import case, delete, func, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.task_text import label
from core.domain.team_roles import move_team_roles
from core.storage import deferred
from core.storage.account_models import LinkCode
from core.storage.list_models import personal_list
from core.storage.models import (
    Change,
    Confirmation,
    Conversation,
    Identity,
    Message,
    Task,
    ToolCall,
    User,
    utcnow,
)

PLATFORM_NAMES = {"slack": "Slack", "telegram": "Telegram", "console": "Console", "api": "Chat API"}
# A pending "forget me" was asked for a set of accounts; once that set changes it must not fire.
FORGET_KIND = "forget_me"
RENUMBER_BATCH = 200


def platform_name(platform: str) -> str:
    return PLATFORM_NAMES.get(platform, platform.capitalize())


@dataclass(frozen=True)
class Renumbered:
    title: str
    old_number: int
    new_number: int


@dataclass
class Merge:
    tasks: list[Renumbered] = field(default_factory=list)
    conversations: int = 0


async def identity_of(
    session: AsyncSession, *, platform: str, tenant: str, external_id: str
) -> Identity | None:
    result = await session.exec(
        select(Identity).where(
            Identity.platform == platform,
            Identity.tenant == tenant,
            Identity.external_id == external_id,
        )
    )
    return result.first()


async def identities(session: AsyncSession, *, user_id: UUID) -> list[Identity]:
    result = await session.exec(
        select(Identity)
        .where(Identity.user_id == user_id)
        .order_by(col(Identity.created_at), col(Identity.platform))
    )
    return list(result.all())


async def lock(session: AsyncSession, *, user_id: UUID) -> User | None:
    """Hold a user's row until the transaction ends; None if it is gone."""
    result = await session.exec(
        select(User)
        .where(User.id == user_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    return result.first()


async def merge_into(
    session: AsyncSession, *, source: User, target: User, identity: Identity
) -> Merge:
    """Move the single-identity user `source` (both rows locked) onto `target`, then drop it."""
    await deferred.write_held(session)  # moved with the rest
    merge = Merge()
    rows = (
        await session.exec(
            select(Task.id, Task.number, Task.title)
            .where(Task.user_id == source.id)
            .order_by(col(Task.number))
        )
    ).all()
    numbers = {
        task_id: target.next_task_number + index for index, (task_id, _, _) in enumerate(rows)
    }
    merge.tasks = [Renumbered(title, number, numbers[task_id]) for task_id, number, title in rows]
    pairs = list(numbers.items())
    for start in range(0, len(pairs), RENUMBER_BATCH):
        chunk = pairs[start : start + RENUMBER_BATCH]
        await session.exec(
            update(Task)
            .where(col(Task.id).in_([task_id for task_id, _ in chunk]))
            .values(user_id=target.id, list_id=target.id, number=case(dict(chunk), value=Task.id))
            .execution_options(synchronize_session=False)
        )
    await session.exec(
        update(User)
        .where(col(User.id) == target.id)
        .values(
            next_task_number=target.next_task_number + len(rows),
            # one person, one zone: the linked account's zone when this one had none
            timezone=target.timezone or source.timezone,
        )
    )
    await _rename_pending_deletes(session, user_id=source.id)
    await move_team_roles(session, source=source.id, target=target.id)
    merge.conversations = int(
        (
            await session.exec(
                select(func.count())
                .select_from(Conversation)
                .where(col(Conversation.user_id) == source.id)
            )
        ).one()
    )
    await expire_forget_requests(session, user_ids=[source.id, target.id])
    for table in (Conversation, Message, ToolCall, Confirmation, Change, Identity):
        await session.exec(
            update(table).where(col(table.user_id) == source.id).values(user_id=target.id)
        )
    await session.exec(delete(LinkCode).where(col(LinkCode.user_id) == source.id))
    await session.exec(delete(User).where(col(User.id) == source.id))
    await session.flush()
    await session.refresh(identity)
    await session.refresh(target)
    return merge


async def _rename_pending_deletes(session: AsyncSession, *, user_id: UUID) -> None:
    """A pending delete names its task by number ("#2 “milk”"): keep that name true."""
    pending = await session.exec(
        select(Confirmation, Task)
        .join(Task, col(Task.id) == col(Confirmation.task_id))
        .where(Confirmation.user_id == user_id, Confirmation.status == "pending")
        .execution_options(populate_existing=True)
    )
    for confirmation, task in pending.all():
        confirmation.subject = label(task)
        session.add(confirmation)


async def detach(session: AsyncSession, *, user: User, identity: Identity) -> User:
    """Give `identity` a new, empty user; everything else stays with `user`."""
    fresh = User(display_name=identity.display_name)
    session.add(fresh)
    await session.flush()
    session.add(personal_list(fresh.id))
    await expire_forget_requests(session, user_ids=[user.id])
    await session.exec(
        update(Identity).where(col(Identity.id) == identity.id).values(user_id=fresh.id)
    )
    await session.flush()
    await session.refresh(identity)
    return fresh


async def expire_forget_requests(session: AsyncSession, *, user_ids: list[UUID]) -> None:
    await session.exec(
        update(Confirmation)
        .where(
            col(Confirmation.user_id).in_(user_ids),
            col(Confirmation.kind) == FORGET_KIND,
            col(Confirmation.status) == "pending",
        )
        .values(status="expired", decided_at=utcnow())
    )
