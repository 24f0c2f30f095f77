"""Each person's time zone, as reminders need it: theirs, or the service's default."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import tzinfo
from uuid import UUID
from zoneinfo import ZoneInfo

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.when import zone_named
from core.storage.models import User

UTC_ZONE: tzinfo = ZoneInfo("UTC")


async def zones_of(
    session: AsyncSession, *, user_ids: Iterable[UUID], default: str = "UTC"
) -> dict[UUID, tzinfo]:
    fallback = zone_named(default) or UTC_ZONE
    wanted = list(set(user_ids))
    found = await session.exec(select(User.id, User.timezone).where(col(User.id).in_(wanted)))
    zones: dict[UUID, tzinfo] = dict.fromkeys(wanted, fallback)
    for user_id, name in found.all():
        zones[user_id] = zone_named(name) or fallback
    return zones
