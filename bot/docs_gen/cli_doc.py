"""The command reference, written by Typer's own Markdown writer from the `todobot` CLI."""

from __future__ import annotations

import typer
import typer.main
from typer.cli import get_docs_for_click


def command_reference() -> str:
    from bot.cli import app

    command = typer.main.get_command(app)
    body = get_docs_for_click(
        obj=command, ctx=typer.Context(command), name="todobot", title="Command reference"
    )
    note = "<!-- Written by `python3 -m bot.docs_gen` from bot/cli.py: edit there. -->"
    return f"{note}\n{body.strip()}\n"
