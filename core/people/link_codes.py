"""One-time codes that join a second platform account to a user.

A code is random, short enough to type on a phone, from an alphabet without look-alikes
(no 0/O/1/I/L), valid for ten minutes and good for one use. Only its sha256 is stored: the
code carries 40 bits of randomness and dies within minutes, so a slow hash would add nothing.
Redeeming is one conditional UPDATE (`WHERE used_at IS NULL AND expires_at > now`), so two
accounts typing the same code at once cannot both win.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from uuid import UUID

from sqlalchemy import delete, or_, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession
from sqlmodel.sql.expression import SelectOfScalar

from core.storage import audit
from core.storage.account_models import LinkCode
from core.storage.models import Identity, utcnow

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
CODE_TTL = timedelta(minutes=10)
WRONG_CODE_LIMIT = 5
WRONG_CODE_WINDOW = timedelta(minutes=10)
# Wrong codes from everyone on one platform (one Slack workspace, all of Telegram) within the
# window: fresh accounts each get their own five tries, so the crowd has a limit too.
PLATFORM_WRONG_CODE_LIMIT = 30
# Audit tool names; wrong codes have their own name so the rate limit can count them.
ISSUED = "account.link_code"
LINKED = "account.link"
WRONG_CODE = "account.link_wrong_code"


class CodeState(StrEnum):
    VALID = "valid"
    UNKNOWN = "unknown"
    EXPIRED = "expired"
    USED = "used"


@dataclass(frozen=True)
class Lookup:
    state: CodeState
    code: LinkCode | None = None


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def shown(code: str) -> str:
    """`ABCDEFGH` -> `ABCD-EFGH`: easier to read aloud and to type."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def normalize(typed: str) -> str:
    """What the person typed, as the stored form: upper case, without dashes and spaces."""
    return "".join(typed.split()).replace("-", "").upper()


def looks_like_code(typed: str) -> bool:
    cleaned = normalize(typed)
    return len(cleaned) == CODE_LENGTH and all(char in ALPHABET for char in cleaned)


def code_hash(code: str) -> str:
    return hashlib.sha256(normalize(code).encode()).hexdigest()


async def issue(
    session: AsyncSession, *, user_id: UUID, platform: str, now: datetime | None = None
) -> str:
    """A fresh code for the user; their earlier unused codes stop working, and expired ones
    go (a used one stays until it expires, so reusing it is answered as such)."""
    now = now or utcnow()
    await session.exec(
        delete(LinkCode).where(
            col(LinkCode.user_id) == user_id,
            or_(col(LinkCode.used_at).is_(None), col(LinkCode.expires_at) <= now),
        )
    )
    while True:
        code = new_code()
        try:
            async with session.begin_nested():
                session.add(
                    LinkCode(
                        code_hash=code_hash(code),
                        user_id=user_id,
                        platform=platform,
                        expires_at=now + CODE_TTL,
                        created_at=now,
                    )
                )
                await session.flush()
            return code
        except IntegrityError:
            continue  # a hash collision with a live code: draw again


async def look_up(session: AsyncSession, *, typed: str, now: datetime | None = None) -> Lookup:
    now = now or utcnow()
    if not looks_like_code(typed):
        return Lookup(CodeState.UNKNOWN)
    found = (
        await session.exec(select(LinkCode).where(LinkCode.code_hash == code_hash(typed)))
    ).first()
    if found is None:
        return Lookup(CodeState.UNKNOWN)
    if found.used_at is not None:
        return Lookup(CodeState.USED, found)
    if found.expires_at <= now:
        return Lookup(CodeState.EXPIRED, found)
    return Lookup(CodeState.VALID, found)


async def claim(session: AsyncSession, *, code: LinkCode, now: datetime | None = None) -> bool:
    """Use the code up; False when another account got there first."""
    now = now or utcnow()
    result = await session.exec(
        update(LinkCode)
        .where(
            col(LinkCode.id) == code.id,
            col(LinkCode.used_at).is_(None),
            col(LinkCode.expires_at) > now,
        )
        .values(used_at=now)
        .returning(col(LinkCode.id))
    )
    return result.first() is not None


async def wrong_tries(session: AsyncSession, *, user_id: UUID, now: datetime | None = None) -> int:
    """Wrong codes this account entered in the last ten minutes."""
    since = (now or utcnow()) - WRONG_CODE_WINDOW
    return await audit.count_since(session, since, action=WRONG_CODE, user_id=user_id)


async def minutes_until_retry(session: AsyncSession, *, user_id: UUID, now: datetime) -> int:
    """When the oldest wrong try in the window leaves it, in whole minutes (at least 1)."""
    oldest = await audit.moment_since(
        session, now - WRONG_CODE_WINDOW, action=WRONG_CODE, user_id=user_id
    )
    return _minutes_until(oldest, now)


def _accounts_on(platform: str, tenant: str) -> SelectOfScalar[UUID]:
    """The people with an account on this platform and tenant."""
    return select(Identity.user_id).where(
        col(Identity.platform) == platform, col(Identity.tenant) == tenant
    )


async def wrong_tries_on(
    session: AsyncSession, *, platform: str, tenant: str, now: datetime
) -> int:
    """Wrong codes entered from this platform (tenant) in the last ten minutes, by anyone."""
    return await audit.count_since(
        session, now - WRONG_CODE_WINDOW, action=WRONG_CODE, users=_accounts_on(platform, tenant)
    )


async def minutes_until_platform_retry(
    session: AsyncSession, *, platform: str, tenant: str, now: datetime
) -> int:
    """When the platform's count falls under its limit again, in whole minutes (at least 1)."""
    leaving = await audit.moment_since(
        session,
        now - WRONG_CODE_WINDOW,
        action=WRONG_CODE,
        users=_accounts_on(platform, tenant),
        newest_first=True,
        skip=PLATFORM_WRONG_CODE_LIMIT - 1,
    )
    return _minutes_until(leaving, now)


def _minutes_until(leaving: datetime | None, now: datetime) -> int:
    """Whole minutes (at least 1) until a wrong try written at `leaving` leaves the window."""
    if leaving is None:
        return 1
    if leaving.tzinfo is None:  # SQLite keeps times naive
        leaving = leaving.replace(tzinfo=now.tzinfo)
    seconds = (leaving + WRONG_CODE_WINDOW - now).total_seconds()
    return max(1, -(-int(seconds) // 60))
