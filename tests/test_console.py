"""The console adapter: pure translation, the loop on real streams, and `todobot chat` itself."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from adapters.console.console import run_console
from adapters.console.translate import render, to_event
from core.types import Action, Button, Incoming, Press, Reply
from tests.harness import ChatDriver

BUTTONS = [
    Button(label="Delete “milk”", action=Action.CONFIRM, token="c1", danger=True),
    Button(label="Cancel", action=Action.CANCEL, token="c1"),
]


def test_render_shows_buttons_as_numbered_choices() -> None:
    assert render(Reply(text="Delete #1?", buttons=BUTTONS)) == (
        "Delete #1?\n[1] Delete “milk”   [2] Cancel   (type the number)"
    )
    assert render(Reply(text="Hi")) == "Hi"


def test_a_number_picks_a_choice_only_when_choices_are_offered() -> None:
    assert to_event("2", user="ann", choices=BUTTONS) == Press(
        platform="console", user_ref="ann", token="c1", action=Action.CANCEL
    )
    for line, choices in (("2", []), ("3", BUTTONS), ("done 2", BUTTONS)):
        assert isinstance(to_event(line, user="ann", choices=choices), Incoming)


async def test_console_loop_on_piped_lines(chat: ChatDriver) -> None:
    stdin = io.StringIO("add milk\n\nlist\ndelete 1\n1\nlist all\n")
    stdout = io.StringIO()
    await run_console(chat.service, stdin=stdin, stdout=stdout, user="alice")
    assert stdout.getvalue().splitlines() == [
        "Added #1 “milk”.",
        "You have 1 pending task:",
        "1. milk",
        "Delete #1 “milk”? Press Confirm to delete it or Cancel to keep it.",
        "[1] Delete “milk”   [2] Cancel   (type the number)",
        "Deleted #1 “milk”.",
        "Your list is empty. Tell me something to add.",
    ]
    assert await chat.titles() == []


def test_todobot_chat_from_a_pipe_on_a_fresh_directory(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "DATABASE_"))}
    result = subprocess.run(
        [sys.executable, "-m", "bot", "chat"],
        input="add milk\nlist\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=True,
    )
    assert "milk" in result.stdout.splitlines()[0]
    assert "1. milk" in result.stdout
    assert (tmp_path / "todobot.db").exists()
