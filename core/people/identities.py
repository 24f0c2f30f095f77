"""Platform accounts to internal users: first contact creates the user, later ones find it."""

from __future__ import annotations

from sqlalchemy import Table, bindparam, update
from sqlalchemy import select as select_columns
from sqlalchemy.exc import IntegrityError
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.direct import Prebuilt, attached
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
    account = {"platform": platform, "tenant": tenant, "external_id": external_id}
    for _ in range(LOOKUPS):
        found = await _find(session, **account, lock=lock)
        if found is not None:
            account_name, user = found
            if display_name and account_name != display_name:
                named = {f"account_{name}": value for name, value in account.items()}
                await _NAME_ACCOUNT.run(session, named | {"account_name": display_name})
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


_USER: Table = User.__table__  # type: ignore[attr-defined]
_IDENTITY: Table = Identity.__table__  # type: ignore[attr-defined]
# Bound under names of their own: an UPDATE reserves its columns' names for its SET values.
_ACCOUNT = (
    _IDENTITY.c.platform == bindparam("account_platform"),
    _IDENTITY.c.tenant == bindparam("account_tenant"),
    _IDENTITY.c.external_id == bindparam("account_external_id"),
)


def _account_read(*, lock: bool) -> Prebuilt:
    """The account's user, every column, and the account's own name beside them."""
    query = (
        select_columns(*_USER.c, _IDENTITY.c.display_name.label("account_name"))
        .join_from(_IDENTITY, _USER, _USER.c.id == _IDENTITY.c.user_id)
        .where(*_ACCOUNT)
    )
    return Prebuilt(query.with_for_update(of=_USER) if lock else query)


# Built once: every turn runs the locking one, and building it costs more than running it.
_FIND = _account_read(lock=False)
_FIND_AND_LOCK = _account_read(lock=True)
_NAME_ACCOUNT = Prebuilt(
    update(_IDENTITY).where(*_ACCOUNT).values(display_name=bindparam("account_name"))
)


async def _find(
    session: AsyncSession, *, platform: str, tenant: str, external_id: str, lock: bool = False
) -> tuple[str | None, User] | None:
    """The account's own name and its user, read as rows (a locked read refreshes the
    session's copy of the user, as the lock may have waited for another turn's change)."""
    account = {
        "account_platform": platform,
        "account_tenant": tenant,
        "account_external_id": external_id,
    }
    rows = await (_FIND_AND_LOCK if lock else _FIND).rows(session, account)
    if not rows:
        return None
    *columns, name = rows[0]
    values = dict(zip(_USER.c.keys(), columns, strict=True))
    return name, attached(session, User, values, refresh=lock)
