"""Platform accounts to internal users: first contact creates the user, later ones find it."""

from __future__ import annotations

from sqlalchemy import bindparam
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession
from sqlmodel.sql.expression import Select

from core.storage.list_models import personal_list
from core.storage.models import Identity, User

LOOKUPS = 3


async def user_for(
    session: AsyncSession,
    *,
    platform: str,
    tenant: str,
    external_id: str,
    display_name: str | None = None,
    lock: bool = False,
) -> User:
    """The account's user, created on first contact. With `lock`, the user's row stays
    locked until the transaction ends, so one person's turns run one at a time.

    Looked up again when a concurrent transaction created the account first, or merged or
    erased the user we were waiting for (the lock then finds no row)."""
    for _ in range(LOOKUPS):
        found = await _find(
            session, platform=platform, tenant=tenant, external_id=external_id, lock=lock
        )
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
                session.add(personal_list(user.id))
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
            continue
    raise LookupError(f"could not settle the user of {platform}:{tenant}:{external_id}")


async def find_user(
    session: AsyncSession, *, platform: str, tenant: str, external_id: str
) -> User | None:
    """The user behind a platform account, without creating one (for read-only views)."""
    found = await _find(session, platform=platform, tenant=tenant, external_id=external_id)
    return found[1] if found else None


def _account_read(*, lock: bool) -> Select[Identity, User]:
    query = (
        select(Identity, User)
        .join(User, col(User.id) == col(Identity.user_id))
        .where(
            col(Identity.platform) == bindparam("platform"),
            col(Identity.tenant) == bindparam("tenant"),
            col(Identity.external_id) == bindparam("external_id"),
        )
    )
    if lock:
        query = query.with_for_update(of=User).execution_options(populate_existing=True)
    return query


# Built once: every turn runs the locking one, and building it costs more than running it.
_FIND = _account_read(lock=False)
_FIND_AND_LOCK = _account_read(lock=True)


async def _find(
    session: AsyncSession, *, platform: str, tenant: str, external_id: str, lock: bool = False
) -> tuple[Identity, User] | None:
    account = {"platform": platform, "tenant": tenant, "external_id": external_id}
    row = (await session.exec(_FIND_AND_LOCK if lock else _FIND, params=account)).first()
    return (row[0], row[1]) if row else None
