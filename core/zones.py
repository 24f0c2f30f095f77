"""Each person's time zone: kept on the user (linked accounts share it), told by a platform
or by the person, and assumed (and said so) when nobody has told us yet."""

from __future__ import annotations

from datetime import tzinfo
from zoneinfo import ZoneInfo

from core.models import User
from core.when import zone_named


def settle_zone(user: User, told: str | None, default: str) -> tuple[tzinfo, bool]:
    """The zone a turn runs in, and whether it is only assumed. A zone the platform tells
    (`told`) is kept on the user when it is a real one and differs from what we had."""
    if told and zone_named(told) is not None and user.timezone != told:
        user.timezone = told
    if user.timezone and (zone := zone_named(user.timezone)) is not None:
        return zone, False
    return zone_named(default) or ZoneInfo("UTC"), True
