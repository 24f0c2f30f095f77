"""The builtin engine's date reading, lent to the team commands ("fix the build friday")."""

from __future__ import annotations

from datetime import datetime, tzinfo

from core.agent.builtin.dates import DateReading, read_date
from core.domain.when import Due


def due_in_title(text: str, now: datetime, zone: tzinfo) -> tuple[str, Due] | None:
    """The title without its due phrase, and the due; None when no date reads plainly."""
    reading = read_date(text, now=now, zone=zone)
    if not isinstance(reading, DateReading) or not reading.rest.strip(" ,"):
        return None
    return reading.rest.strip(" ,"), reading.due
