"""Each Slack person's time zone, from `users.info` (`tz`): fetched once, kept, and fetched
again now and then (people travel). A failed lookup costs nothing but the zone."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

log = logging.getLogger(__name__)

REFRESH_SECONDS = 6 * 3600


@dataclass
class SlackZones:
    client: AsyncWebClient
    refresh_seconds: float = REFRESH_SECONDS
    _known: dict[tuple[str, str], tuple[str | None, float]] = field(default_factory=dict)

    async def zone_of(self, *, tenant: str, user: str) -> str | None:
        key = (tenant, user)
        kept = self._known.get(key)
        if kept is not None and time.monotonic() - kept[1] < self.refresh_seconds:
            return kept[0]
        try:
            found = await self.client.users_info(user=user)
            zone = (found.get("user") or {}).get("tz") or None
        except (SlackApiError, OSError, ValueError) as problem:
            log.debug("users.info failed for %s: %s", user, problem)
            return kept[0] if kept else None
        self._known[key] = (zone, time.monotonic())
        return zone
