"""The README's picture: a real `todobot chat` session, recorded as SVG by rich.

    python3 -m bot.docs_gen.picture [--into docs/images/console.svg]

It runs the console (`adapters/console`) on the real core and the builtin engine, on a fresh
SQLite database with the clock pinned to a Monday morning, types the lines below, and draws
the terminal as it then reads. Run it again after the replies change.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import sys
import tempfile
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console
from rich.text import Text

from adapters.console.console import BANNER, GOODBYE, PROMPT, run_console
from bot.settings import Settings
from bot.wiring import build_services, upgrade_database
from core.clock import PinnedClock

TYPED = (
    "add buy milk tomorrow at 9am",
    "remind me to call the plumber on friday at 5pm, high priority",
    "what's left?",
    "I bought the milk",
    "delete the plumber one",
    "1",
    "undo",
)
MONDAY_MORNING = datetime(2026, 3, 9, 8, 30, tzinfo=UTC)
PICTURE = Path("docs/images/console.svg")
ANSWER = "todobot> "


class Typing:
    """The lines a person types, each shown after the prompt as a terminal shows it."""

    def __init__(self, lines: tuple[str, ...], screen: io.StringIO) -> None:
        self.lines = list(lines)
        self.screen = screen

    async def read(self) -> str | None:
        if not self.lines:
            return None
        line = self.lines.pop(0)
        print(PROMPT + line, file=self.screen)
        return line

    def printing(self) -> AbstractContextManager[object]:
        return nullcontext()  # nothing is printed between the typed lines


async def transcript(directory: Path, typed: tuple[str, ...] = TYPED) -> str:
    """What the terminal shows for `typed`, from the real console on a fresh database."""
    settings = Settings.model_construct(
        database_url=f"sqlite:///{directory / 'todobot.db'}", agent_backend="builtin"
    )
    upgrade_database(settings)
    services = build_services(settings, clock=PinnedClock(MONDAY_MORNING, frozen=True))
    screen = io.StringIO()
    try:
        await run_console(
            services.chat, services.queries, stdout=screen, user="you", lines=Typing(typed, screen)
        )
    finally:
        await services.close()
    return screen.getvalue()


def drawn(text: str, title: str = "todobot chat") -> str:
    """The transcript as an SVG terminal, the person's lines and todobot's set apart."""
    console = Console(record=True, width=96, file=io.StringIO(), color_system="truecolor")
    for line in text.splitlines():
        if line.startswith(PROMPT):
            console.print(Text.assemble((PROMPT, "bold cyan"), (line[len(PROMPT) :], "bold")))
        elif line.startswith(ANSWER):
            console.print(Text.assemble((ANSWER, "bold green"), line[len(ANSWER) :]))
        else:
            console.print(Text(line, style="dim" if line in (BANNER, GOODBYE) else ""))
    return console.export_svg(title=title)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m bot.docs_gen.picture", description=__doc__)
    parser.add_argument("--into", type=Path, default=PICTURE)
    options = parser.parse_args(argv)
    os.environ["TZ"] = "UTC"  # the console's person is where the machine is: pin it too
    with tempfile.TemporaryDirectory(prefix="todobot-picture-") as directory:
        text = asyncio.run(transcript(Path(directory)))
    options.into.parent.mkdir(parents=True, exist_ok=True)
    options.into.write_text(drawn(text))
    print(text, end="")
    print(f"drew {options.into}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
