"""What the team commands get from the app: the builtin engine's date reading."""

from __future__ import annotations

from datetime import datetime, tzinfo

from core.domain.when import Due


def read_team_due(text: str, now: datetime, zone: tzinfo) -> tuple[str, Due] | None:
    """The builtin engine's date reading for `team add`, loaded on the first team task (a
    server whose agent is a model never loads the engine otherwise)."""
    from core.agent.builtin.team_dates import due_in_title

    return due_in_title(text, now, zone)
