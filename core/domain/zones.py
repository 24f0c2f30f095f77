"""Each person's time zone: kept on the user (linked accounts share it), told by a platform
or by the person, and assumed (and said so) when nobody has told us yet."""

from __future__ import annotations

import functools
import os
import re
from datetime import tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo, available_timezones

from core.domain.when import zone_named
from core.storage.models import User


def settle_zone(
    user: User, told: str | None, default: str, *, guessed: str | None = None
) -> tuple[tzinfo, bool]:
    """The zone a turn runs in, and whether it is only assumed. A zone the platform tells
    (`told`: the person's own setting there) is kept on the user when it is a real one and
    differs from what we had; a zone it can only guess (`guessed`: the machine's) is kept
    only while no zone is, so it never undoes one the person said."""
    if told and zone_named(told) is not None and user.timezone != told:
        user.timezone = told
    elif guessed and not user.timezone and zone_named(guessed) is not None:
        user.timezone = guessed
    if user.timezone and (zone := zone_named(user.timezone)) is not None:
        return zone, False
    return zone_named(default) or ZoneInfo("UTC"), True


# Names people use for a zone besides the IANA ones ("I'm in Tokyo" is found by its city).
ZONE_ALIASES: dict[str, str] = {
    "utc": "UTC", "gmt": "Europe/London", "uk": "Europe/London", "britain": "Europe/London",
    "england": "Europe/London", "cet": "Europe/Berlin", "cest": "Europe/Berlin",
    "germany": "Europe/Berlin", "france": "Europe/Paris", "spain": "Europe/Madrid",
    "italy": "Europe/Rome", "netherlands": "Europe/Amsterdam", "japan": "Asia/Tokyo",
    "jst": "Asia/Tokyo", "india": "Asia/Kolkata", "ist": "Asia/Kolkata", "china": "Asia/Shanghai",
    "beijing": "Asia/Shanghai", "est": "America/New_York", "edt": "America/New_York",
    "eastern": "America/New_York", "eastern time": "America/New_York", "nyc": "America/New_York",
    "cst": "America/Chicago", "cdt": "America/Chicago", "central": "America/Chicago",
    "central time": "America/Chicago", "mst": "America/Denver", "mdt": "America/Denver",
    "mountain time": "America/Denver", "pst": "America/Los_Angeles",
    "pdt": "America/Los_Angeles", "pacific": "America/Los_Angeles",
    "pacific time": "America/Los_Angeles", "san francisco": "America/Los_Angeles",
    "sf": "America/Los_Angeles", "seattle": "America/Los_Angeles", "boston": "America/New_York",
    "washington": "America/New_York",
    "aest": "Australia/Sydney", "nz": "Pacific/Auckland", "new zealand": "Pacific/Auckland",
    "hawaii": "Pacific/Honolulu", "munich": "Europe/Berlin", "hamburg": "Europe/Berlin",
    "frankfurt": "Europe/Berlin", "cologne": "Europe/Berlin", "mumbai": "Asia/Kolkata",
    "delhi": "Asia/Kolkata", "bangalore": "Asia/Kolkata", "moscow": "Europe/Moscow",
    "auckland": "Pacific/Auckland", "brazil": "America/Sao_Paulo", "rio": "America/Sao_Paulo",
}  # fmt: skip


@functools.cache
def _by_city() -> dict[str, str]:
    """ "tokyo" -> "Asia/Tokyo", "new york" -> "America/New_York", "europe/berlin" -> itself."""
    found: dict[str, str] = {}
    for name in sorted(available_timezones()):
        if name.startswith(("Etc/", "SystemV/", "posix/", "right/")) or "/" not in name:
            continue
        found[name.casefold()] = name
        city = name.rsplit("/", 1)[1].replace("_", " ").casefold()
        found.setdefault(city, name)
    return found


def zone_for(words: str) -> str | None:
    """The IANA zone someone means by `words` ("Europe/Berlin", "Tokyo", "new york", "PST")."""
    key = re.sub(r"\s+", " ", words.strip().strip(".!?\"'“”").casefold())
    key = re.sub(r"^(?:the\s+)?", "", key)
    if not key:
        return None
    if key in ("utc", "gmt", "z", "zulu"):
        return "UTC"
    if key in ZONE_ALIASES:
        return ZONE_ALIASES[key]
    return _by_city().get(key) or _by_city().get(key.replace(" ", "_"))


def machine_zone() -> str | None:
    """The IANA name of this machine's zone (the console's person is at this machine)."""
    named = os.environ.get("TZ", "").lstrip(":")
    if named and zone_named(named) is not None:
        return named
    try:
        target = str(Path("/etc/localtime").resolve())
    except OSError:
        return None
    _, found, name = target.partition("zoneinfo/")
    return name if found and zone_named(name) is not None else None
