"""What the team commands get from the app: the builtin engine's reading of dates, repeats and
amounts before a due, each loaded on first use (a server whose agent is a model never loads the
engine otherwise)."""

from __future__ import annotations

from datetime import datetime, tzinfo

from core.commands.extensions import CommandHost
from core.commands.team_commands import install
from core.commands.team_words import DateReader, RepeatWords, TeamReaders
from core.domain.when import Due


def read_team_due(text: str, now: datetime, zone: tzinfo) -> tuple[str, Due] | None:
    """The builtin engine's date reading for `team add`."""
    from core.agent.builtin.team_dates import due_in_title

    return due_in_title(text, now, zone)


def read_team_repeat(text: str, now: datetime, zone: tzinfo) -> RepeatWords | None:
    """The builtin engine's repeat reading for `team add` and `team repeat`."""
    from core.agent.builtin.team_dates import repeat_in_title

    return repeat_in_title(text, now, zone)


def read_team_before(text: str) -> int | None:
    """The builtin engine's reading of "1 day before" for `team remind`."""
    from core.agent.builtin.team_dates import minutes_before

    return minutes_before(text)


def install_team_commands(chat: CommandHost, read_date: DateReader = read_team_due) -> None:
    """The team commands on `chat`, reading with the builtin engine."""
    install(chat, TeamReaders(read_date, read_team_repeat, read_team_before))
