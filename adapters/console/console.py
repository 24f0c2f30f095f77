"""`todobot chat`: a conversation in the terminal, interactive or one line a turn from a pipe.

At a terminal the line is edited by prompt_toolkit (arrows, history, Ctrl-A/E, Ctrl-C and
Ctrl-D leave); from a pipe each line is one turn, and the caller learns how many failed.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import getpass
import logging
import os
import sys
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Protocol, TextIO

from adapters.console.translate import PLATFORM, read_line, render
from core.chat import ChatService
from core.conversation.queries import ChatQueries
from core.domain.zones import machine_zone
from core.types import Attachment, Button, Incoming

log = logging.getLogger(__name__)

BANNER = "todobot — your to-do list in a chat. Type help for ideas; Ctrl-D or Ctrl-C to leave."
GOODBYE = "Bye! Your list is saved."
PROMPT = "you> "


class LineSource(Protocol):
    async def read(self) -> str | None:
        """The next line, or None when the person is done (end of input, Ctrl-D, Ctrl-C)."""
        ...

    def printing(self) -> AbstractContextManager[object]:
        """While it is entered, what is printed between turns (a reminder) keeps the line
        being typed intact."""
        ...


class PipedLines:
    """One turn a line, as a script or a pipe gives them."""

    def __init__(self, stdin: TextIO) -> None:
        self.stdin = stdin

    async def read(self) -> str | None:
        line = await asyncio.to_thread(self.stdin.readline)
        return line.rstrip("\r\n") if line else None

    def printing(self) -> AbstractContextManager[object]:
        return contextlib.nullcontext()


class TerminalLines:
    """A line editor like every terminal program's: the history survives between runs."""

    def __init__(self, history_file: Path | None) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import FileHistory, History, InMemoryHistory

        history: History = InMemoryHistory()
        if history_file is not None:
            try:
                history_file.parent.mkdir(parents=True, exist_ok=True)
                history_file.touch(mode=0o600, exist_ok=True)
                history = FileHistory(str(history_file))
            except OSError as problem:
                log.warning("no line history: %s", problem)
        self.session: PromptSession[str] = PromptSession(history=history)

    async def read(self) -> str | None:
        try:
            return await self.session.prompt_async(PROMPT)
        except (EOFError, KeyboardInterrupt):
            return None

    def printing(self) -> AbstractContextManager[object]:
        """prompt_toolkit prints above the prompt and draws it again below."""
        from prompt_toolkit.patch_stdout import patch_stdout

        return patch_stdout(raw=True)


async def run_console(
    chat: ChatService,
    queries: ChatQueries,
    *,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
    user: str | None = None,
    lines: LineSource | None = None,
    history_file: Path | None = None,
    export_to: Path | None = None,
) -> int:
    """Talk until the input ends; return how many turns failed (0 when all were answered)."""
    interactive = lines is not None or stdin.isatty()
    source = lines or (TerminalLines(history_file) if interactive else PipedLines(stdin))
    user = user or getpass.getuser()
    if interactive:
        print(BANNER, file=stdout, flush=True)
    with source.printing():
        failed = await _talk(
            chat, queries, source, stdout, user=user, export_to=export_to, prefix=interactive
        )
    if interactive:
        print(GOODBYE, file=stdout, flush=True)
    return failed


async def _talk(
    chat: ChatService,
    queries: ChatQueries,
    source: LineSource,
    stdout: TextIO,
    *,
    user: str,
    export_to: Path | None,
    prefix: bool,
) -> int:
    """The turns, until the input ends; how many failed. `prefix` marks the replies at a
    terminal ("todobot> ")."""
    choices: list[Button] = []
    failed = 0
    zone = machine_zone()  # the person at the console is where the machine is
    waiting = await queries.waiting(platform=PLATFORM, tenant="", user_ref=user)
    if waiting is not None:  # a delete asked from an MCP client that could not ask here
        choices = list(waiting.buttons)
        print(render(waiting), file=stdout, flush=True)
    while (line := await source.read()) is not None:
        read = read_line(line, user=user, choices=choices)
        if isinstance(read.event, Incoming) and zone is not None:
            guess = dataclasses.replace(read.event, guessed_timezone=zone)
            read = dataclasses.replace(read, event=guess)
        if isinstance(read.event, Incoming) and not read.event.text.strip():
            continue
        try:
            reply = await (
                chat.handle(read.event)
                if isinstance(read.event, Incoming)
                else chat.press(read.event)
            )
        except Exception as problem:
            log.debug("the turn failed", exc_info=True)
            print(f"Sorry, that failed: {_one_line(problem)}", file=sys.stderr, flush=True)
            failed += 1
            continue
        if reply is None:
            continue
        choices = list(reply.buttons)
        print(("todobot> " if prefix else "") + render(reply), file=stdout, flush=True)
        wanted = read.export_to or export_to
        if reply.attachment is not None and not _saved(reply.attachment, wanted, stdout):
            failed += 1
        if reply.failed or reply.rate_limited:
            failed += 1
    return failed


def _saved(attachment: Attachment, wanted: Path | None, out: TextIO) -> bool:
    """Write the file a reply carries (an export) and say where; False if it could not be."""
    try:
        path = save_attachment(attachment, wanted, Path.cwd())
    except OSError as problem:
        print(f"I couldn't write the file: {problem}", file=out, flush=True)
        return False
    print(f"Saved to {path}", file=out, flush=True)
    return True


def save_attachment(attachment: Attachment, wanted: Path | None, directory: Path) -> Path:
    """At `wanted` (a file, or a directory to put it in), else in `directory` under its own
    name, never over an earlier file: `name-2.json`, `name-3.json`, …"""
    if wanted is not None:
        path = wanted / attachment.filename if wanted.is_dir() else wanted
        path.write_bytes(attachment.content)
        return path.resolve()
    stem, suffix = os.path.splitext(attachment.filename)
    path, copy = directory / attachment.filename, 1
    while True:
        try:
            with path.open("xb") as file:  # exclusive: an existing file is never replaced
                file.write(attachment.content)
            return path.resolve()
        except FileExistsError:
            copy += 1
            path = directory / f"{stem}-{copy}{suffix}"


def _one_line(problem: BaseException) -> str:
    text = str(problem).strip().splitlines()
    return text[0] if text else type(problem).__name__
