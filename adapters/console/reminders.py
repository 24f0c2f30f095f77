"""Reminders in the console: printed between turns while `todobot chat` is open.

The console is one person on their own database, so every console reminder is theirs. The
buttons of other platforms are said as words the engine understands ("done 2"). It prints to
the standard output of the moment, which at a terminal redraws the prompt below it (see
`TerminalLines.printing`)."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TextIO

from core.reminders.delivery import Notice

PLATFORM = "console"
HINT = "(say “done {n}”, or “remind me about #{n} in an hour”)"


@dataclass
class ConsoleReminderSender:
    out: TextIO | None = None  # the standard output when it is printed
    platform: str = PLATFORM

    async def send(self, notice: Notice) -> str | None:
        number = notice.task_number
        hint = f"\n{HINT.format(n=number)}" if notice.reply.buttons and number else ""
        print(f"\n{notice.reply.text}{hint}", file=self.out or sys.stdout, flush=True)
        return None
