"""Each person's time zone, as the reminders need it (UTC until they say otherwise)."""

from __future__ import annotations

from collections.abc import Iterable
from uuid import UUID
from zoneinfo import ZoneInfo

from sqlmodel.ext.asyncio.session import AsyncSession

UTC_ZONE = ZoneInfo("UTC")


async def zones_of(session: AsyncSession, *, user_ids: Iterable[UUID]) -> dict[UUID, ZoneInfo]:
    return {user_id: UTC_ZONE for user_id in user_ids}
