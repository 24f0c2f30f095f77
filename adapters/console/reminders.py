"""Reminders in the console: printed between turns while `todobot chat` is open.

The console is one person on their own database, so every console reminder is theirs. The
buttons of other platforms are said as words the engine understands ("done 2")."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TextIO

from core.reminders.delivery import Notice

PLATFORM = "console"
HINT = "(say “done N”, or “remind me about #N in an hour”)"


@dataclass
class ConsoleReminderSender:
    out: TextIO = field(default_factory=lambda: sys.stdout)
    platform: str = PLATFORM

    async def send(self, notice: Notice) -> str | None:
        hint = f"\n{HINT}" if notice.reply.buttons else ""
        print(f"\n{notice.reply.text}{hint}", file=self.out, flush=True)
        return None
