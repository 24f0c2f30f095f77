"""`todobot chat`: a conversation in the terminal, interactive or one line a turn from a pipe."""

from __future__ import annotations

import asyncio
import getpass
import sys
from typing import TextIO

from adapters.console.translate import render, to_event
from core.chat import ChatService
from core.types import Button, Incoming

BANNER = "todobot — your to-do list in a chat. Type /help for ideas, Ctrl-D to leave."


async def run_console(
    chat: ChatService,
    *,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
    user: str | None = None,
) -> None:
    interactive = stdin.isatty()
    user = user or getpass.getuser()
    choices: list[Button] = []
    if interactive:
        print(BANNER, file=stdout)
    while True:
        line = await asyncio.to_thread(_read_line, stdin, "you> " if interactive else None, stdout)
        if line is None:
            break
        if not line.strip():
            continue
        event = to_event(line, user=user, choices=choices)
        reply = await (chat.handle(event) if isinstance(event, Incoming) else chat.press(event))
        if reply is None:
            continue
        choices = list(reply.buttons)
        prefix = "todobot> " if interactive else ""
        print(prefix + render(reply), file=stdout, flush=True)


def _read_line(stdin: TextIO, prompt: str | None, stdout: TextIO) -> str | None:
    if prompt:
        print(prompt, end="", file=stdout, flush=True)
    line = stdin.readline()
    return line.rstrip("\n") if line else None
