"""The console adapter: pure translation, the loop on real streams, and `todobot chat` itself
(piped, and at a real pseudo-terminal for the line editing)."""

from __future__ import annotations

import io
import json
import os
import re
import sqlite3
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pexpect
import pytest
from sqlmodel import select

from adapters.console.console import GOODBYE, run_console
from adapters.console.translate import clean_line, read_line, render, to_event
from core.types import Action, Button, Incoming, Press, Reply
from tests.harness import ChatDriver, ScriptedAgent

BUTTONS = [
    Button(label="Delete “milk”", action=Action.CONFIRM, token="c1", danger=True),
    Button(label="Cancel", action=Action.CANCEL, token="c1"),
]


def test_render_shows_buttons_as_numbered_choices() -> None:
    assert render(Reply(text="Delete #1?", buttons=BUTTONS)) == (
        "Delete #1?\n[1] Delete “milk”   [2] Cancel   (type the number or the word)"
    )
    assert render(Reply(text="Hi")) == "Hi"


def test_a_number_picks_a_choice_only_when_choices_are_offered() -> None:
    assert to_event("2", user="ann", choices=BUTTONS) == Press(
        platform="console", user_ref="ann", token="c1", action=Action.CANCEL, page_controls=True
    )
    for line, choices in (("2", []), ("3", BUTTONS), ("done 2", BUTTONS), ("cancel", [])):
        assert isinstance(to_event(line, user="ann", choices=choices), Incoming)


def test_the_words_on_a_button_pick_it_too() -> None:
    pressed = {"platform": "console", "user_ref": "ann", "token": "c1", "page_controls": True}
    cancel = Press(**pressed, action=Action.CANCEL)  # type: ignore[arg-type]
    confirm = Press(**pressed, action=Action.CONFIRM)  # type: ignore[arg-type]
    for line in ("cancel", "Cancel", " CANCEL! ", "[2] cancel"):
        assert to_event(line, user="ann", choices=BUTTONS) == cancel, line
    for line in ("delete", "Delete milk", "delete “milk”", 'delete "milk"'):
        assert to_event(line, user="ann", choices=BUTTONS) == confirm, line
    for line in ("delete 2", "cancel it please", "milk"):
        assert isinstance(to_event(line, user="ann", choices=BUTTONS), Incoming), line


def test_control_characters_never_reach_the_core() -> None:
    assert clean_line("add buy mlk\x1b[D\x1b[Di") == "add buy mlki"
    assert clean_line("\x1b[Aadd\ttea\x00\x07\x7f\x9b") == "add tea"
    assert clean_line("add 🎂 cake — ok") == "add 🎂 cake — ok"
    event = to_event("add milk\x1bOD\x08", user="ann", choices=[])
    assert isinstance(event, Incoming) and event.text == "add milk"


def test_export_output_is_read_from_the_line(tmp_path: Path) -> None:
    read = read_line(f"export --output {tmp_path}/mine.json", user="ann", choices=BUTTONS)
    assert read.export_to == tmp_path / "mine.json"
    assert isinstance(read.event, Incoming) and read.event.text == "export"
    assert read_line("export", user="ann", choices=[]).export_to is None


async def test_console_loop_on_piped_lines(chat: ChatDriver) -> None:
    stdin = io.StringIO("add milk\n\nlist\ndelete 1\n1\nlist all\n")
    stdout = io.StringIO()
    await run_console(chat.service, chat.queries, stdin=stdin, stdout=stdout, user="alice")
    assert stdout.getvalue().splitlines() == [
        "Added #1 “milk”.   [undo]",
        "You have 1 pending task:",
        "1. milk",
        "Delete #1 “milk”? Press Confirm to delete it or Cancel to keep it.",
        "[1] Delete “milk”   [2] Cancel   (type the number or the word)",
        "Deleted #1 “milk”.   [undo]",
        "Your list is empty. Tell me something to add.",
    ]
    assert await chat.titles() == []


@pytest.mark.slow
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


async def test_a_piped_turn_that_failed_is_counted(chat: ChatDriver, agent: ScriptedAgent) -> None:
    stdout = io.StringIO()
    agent.fail_next()
    failed = await run_console(
        chat.service,
        chat.queries,
        stdin=io.StringIO("add milk\nadd tea\n"),
        stdout=stdout,
        user="alice",
    )
    assert failed == 1
    assert stdout.getvalue().splitlines()[0].startswith("Sorry, I couldn't finish that")
    assert await chat.titles() == ["tea"]


@pytest.fixture
def migrated(tmp_path: Path, sqlite_template: bytes) -> Path:
    """The test's directory with its todobot.db migrated, as any `todobot chat` after the
    first there finds it: only the test of a fresh directory pays the migration."""
    (tmp_path / "todobot.db").write_bytes(sqlite_template)
    return tmp_path


def _env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "DATABASE_"))}
    return env | {"HOME": str(home), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"} | extra


def _titles(directory: Path) -> list[str]:
    with sqlite3.connect(directory / "todobot.db") as connection:
        return [row[0] for row in connection.execute("SELECT title FROM task ORDER BY number")]


@pytest.mark.slow
@pytest.mark.usefixtures("migrated")
def test_piped_input_has_no_rate_limit_and_exits_zero(tmp_path: Path) -> None:
    lines = "".join(f"add task {n}\n" for n in range(1, 36))
    result = subprocess.run(
        [sys.executable, "-m", "bot", "chat"],
        input=lines,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(tmp_path),
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 35
    assert "faster than I can keep up" not in result.stdout
    assert len(_titles(tmp_path)) == 35


@pytest.mark.slow
@pytest.mark.usefixtures("migrated")
def test_the_console_rate_limit_is_a_setting_and_a_refused_turn_fails_the_run(
    tmp_path: Path,
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "chat"],
        input="add milk\nadd bread\nadd eggs\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(tmp_path, CONSOLE_RATE_LIMIT_PER_MINUTE="2"),
        timeout=120,
    )
    assert result.returncode == 1
    assert "faster than I can keep up" in result.stdout.splitlines()[-1]
    assert "1 turn(s) failed" in result.stderr
    assert _titles(tmp_path) == ["milk", "bread"]


@pytest.mark.slow
@pytest.mark.usefixtures("migrated")
def test_export_in_the_console_writes_the_file_and_says_where(tmp_path: Path) -> None:
    elsewhere = tmp_path / "exports"
    elsewhere.mkdir()
    result = subprocess.run(
        [sys.executable, "-m", "bot", "chat"],
        input=f"add milk\nexport\nexport\nexport --output {elsewhere}/mine.json\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(tmp_path),
        timeout=120,
        check=True,
    )
    saved = [line.removeprefix("Saved to ") for line in result.stdout.splitlines()
             if line.startswith("Saved to ")]  # fmt: skip
    assert len(saved) == 3
    first, second, third = (Path(path) for path in saved)
    assert first.parent == tmp_path and first.name.startswith("todobot-export-")
    assert second.parent == tmp_path and second.name.endswith("-2.json")  # never overwritten
    assert third == elsewhere / "mine.json"
    for path in (first, second, third):
        document = json.loads(path.read_text())
        assert document["format"] == "todobot-export"
        assert [task["title"] for task in document["tasks"]] == ["milk"]


def _spawn(directory: Path) -> pexpect.spawn:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bot", "chat"],
        cwd=str(directory),
        env=_env(directory),
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 120),
    )
    child.expect("Ctrl-C to leave")
    child.expect("you>")
    return child


@pytest.mark.slow
@pytest.mark.usefixtures("migrated")
def test_the_terminal_edits_lines_and_ctrl_c_says_goodbye(tmp_path: Path) -> None:
    child = _spawn(tmp_path)
    child.send("add buy mlk\x1b[D\x1b[Di\r")  # ← ← i: the missing letter, in place
    child.expect("Added #1 “buy milk”")
    child.expect("you>")
    child.send("dd tea\x01a\x05 cup\r")  # Ctrl-A to the start, Ctrl-E to the end
    child.expect("Added #2 “tea cup”")
    child.expect("you>")
    child.send("\x1b[A\x1b[A\r")  # ↑ ↑ recalls the first line
    child.expect("“buy milk”")
    child.expect("you>")
    child.send("\x03")  # Ctrl-C at the prompt leaves
    child.expect(GOODBYE)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    titles = _titles(tmp_path)
    assert titles[:2] == ["buy milk", "tea cup"]
    assert all(title.isprintable() for title in titles)
    assert "add buy milk" in (tmp_path / ".todobot_history").read_text()


@pytest.mark.slow
@pytest.mark.usefixtures("migrated")
def test_ctrl_d_says_goodbye_and_a_button_can_be_typed(tmp_path: Path) -> None:
    child = _spawn(tmp_path)
    child.send("add milk\r")
    child.expect("Added #1")
    child.send("delete 1\r")
    child.expect(r"\[2\] Cancel")
    child.send("cancel\r")
    child.expect("I kept")
    child.expect("you>")
    child.send("\x04")
    child.expect(GOODBYE)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert _titles(tmp_path) == ["milk"]


@pytest.mark.slow
@pytest.mark.usefixtures("migrated")
def test_the_console_keeps_the_time_zone_it_was_told(tmp_path: Path) -> None:
    """The machine's zone is only a guess: a zone the person tells stays, turn after turn."""
    result = subprocess.run(
        [sys.executable, "-m", "bot", "chat"],
        input="what's my time zone?\n/timezone Asia/Tokyo\nwhat's my time zone?\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(tmp_path, TZ="Europe/Berlin"),
        timeout=120,
        check=True,
    )
    first, told, asked = result.stdout.splitlines()
    assert first.startswith("Your time zone is Europe/Berlin")
    assert told.startswith("Got it: your time zone is now Asia/Tokyo.")
    assert asked.startswith("Your time zone is Asia/Tokyo")


async def _remind_soon(directory: Path, title: str) -> None:
    """A reminder of the console person's task `title`, due in a second, set as the tools
    set one, in the database the running console uses."""
    from core.reminders import book
    from core.storage.db import Database
    from core.storage.models import Task, utcnow

    database = Database(f"sqlite:///{directory / 'todobot.db'}")
    try:
        async with database.session() as session, session.begin():
            task = (await session.exec(select(Task).where(Task.title == title))).one()
            at = utcnow() + timedelta(seconds=1)
            await book.set_for_task(session, task=task, at=at, where=book.Where("console"))
    finally:
        await database.dispose()


@pytest.mark.slow
@pytest.mark.usefixtures("migrated")
async def test_a_reminder_prints_above_the_prompt_and_the_line_being_typed(
    tmp_path: Path,
) -> None:
    child = _spawn(tmp_path)
    child.send("add stretch\r")
    child.expect("Added #1")
    child.expect("you>")
    child.send("add mi")  # half a line, not sent yet
    await _remind_soon(tmp_path, "stretch")
    child.expect("⏰ Reminder: #1 “stretch”", timeout=30)
    child.expect(re.escape("(say “done 1”, or “remind me about #1 in an hour”)"))
    child.expect("you> add mi", timeout=10)  # the prompt is drawn again, the line kept
    child.send("lk\r")
    child.expect("Added #2 “milk”")
    child.send("\x04")
    child.expect(GOODBYE)
    child.expect(pexpect.EOF)
    child.close()
    assert _titles(tmp_path) == ["stretch", "milk"]


async def test_a_long_console_listing_offers_more_and_more_continues_it(
    chat: ChatDriver, agent: ScriptedAgent
) -> None:
    lines = [f"add errand {n}" for n in range(1, 24)] + ["list", "more", "first"]
    stdout = io.StringIO()
    await run_console(
        chat.service,
        chat.queries,
        stdin=io.StringIO("\n".join(lines) + "\n"),
        stdout=stdout,
        user="alice",
    )
    shown = stdout.getvalue().split("You have 23 pending tasks:\n")[1:]
    first, second, wrapped = shown
    assert first.startswith("1. errand 1\n") and "20. errand 20\n" in first
    assert "21. errand 21" not in first
    assert "Showing 1–20 of 23.\n[1] More ›" in first
    assert second.startswith("21. errand 21\n22. errand 22\n23. errand 23\n")
    assert "Showing 21–23 of 23.\n[1] ‹ First" in second
    assert wrapped.startswith("1. errand 1\n")
