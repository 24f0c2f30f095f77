"""Platform accounts to internal users: first contact creates the user, later ones find it."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.models import Identity, User


async def user_for(
    session: AsyncSession,
    *,
    platform: str,
    tenant: str,
    external_id: str,
    display_name: str | None = None,
) -> User:
    found = await _find(session, platform=platform, tenant=tenant, external_id=external_id)
    if found is not None:
        identity, user = found
        if display_name and identity.display_name != display_name:
            identity.display_name = display_name
            session.add(identity)
        return user
    try:
        async with session.begin_nested():
            user = User(display_name=display_name)
            session.add(user)
            await session.flush()
            session.add(
                Identity(
                    user_id=user.id,
                    platform=platform,
                    tenant=tenant,
                    external_id=external_id,
                    display_name=display_name,
                )
            )
            await session.flush()
            return user
    except IntegrityError:
        # Another worker created this identity first: use theirs.
        found = await _find(session, platform=platform, tenant=tenant, external_id=external_id)
        if found is None:
            raise
        return found[1]


async def find_user(
    session: AsyncSession, *, platform: str, tenant: str, external_id: str
) -> User | None:
    """The user behind a platform account, without creating one (for read-only views)."""
    found = await _find(session, platform=platform, tenant=tenant, external_id=external_id)
    return found[1] if found else None


async def _find(
    session: AsyncSession, *, platform: str, tenant: str, external_id: str
) -> tuple[Identity, User] | None:
    result = await session.exec(
        select(Identity, User)
        .join(User, col(User.id) == col(Identity.user_id))
        .where(
            Identity.platform == platform,
            Identity.tenant == tenant,
            Identity.external_id == external_id,
        )
    )
    row = result.first()
    return (row[0], row[1]) if row else None


async def lock_user(session: AsyncSession, *, user: User) -> User:
    """Hold the user's row for the rest of the transaction, so one person's turns run in order."""
    result = await session.exec(
        select(User)
        .where(User.id == user.id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    return result.one()
