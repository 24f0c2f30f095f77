"""A chat whose clock stands still at one moment, with the team commands installed: for the
team tests that count days (repeats, reminders before a due)."""

from __future__ import annotations

from datetime import datetime

from bot.wiring import install_team_commands
from core.chat import ChatPolicy, ChatService
from core.clock import PinnedClock
from core.storage.db import Database
from tests.harness import ScriptedAgent


def pinned_chat(database: Database, agent: ScriptedAgent, at: datetime) -> ChatService:
    chat = ChatService(
        db=database,
        agent=agent,
        policy=ChatPolicy(rate_limit_per_minute=0),
        clock=PinnedClock(at, frozen=True),
    )
    install_team_commands(chat)
    return chat
