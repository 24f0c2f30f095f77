"""How long `todobot chat` takes to start, against the floor of Python and its libraries.

    python3 bench/startup.py [--runs 15]

Each figure is the wall time of a whole process, run `--runs` times in a row (best and
median shown; the best is the least disturbed by other work on a shared machine):

- todobot chat: `python3 -m bot chat` with empty input on a SQLite database already at the
  latest schema, the everyday start (builtin engine);
- first start: the same on a fresh directory, so the migrations run;
- one turn: "add milk" piped in, start to exit;
- floor, bare python: `python3 -c pass`;
- floor, libraries: importing what the console needs, bare (SQLAlchemy's asyncio engine with
  aiosqlite, SQLModel, pydantic-settings, Typer).

It also prints which heavy libraries each backend's start loads: the Agents SDK and openai
only with the openai backend, prompt_toolkit only at a terminal.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIBRARIES = "import sqlalchemy.ext.asyncio, aiosqlite, sqlmodel, pydantic_settings, typer"
WATCHED = ("agents", "openai", "alembic", "prompt_toolkit", "rich", "fastapi", "telegram")


def _environment(home: Path, **extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("OPENAI_", "DATABASE_", "AGENT_", "LOG_"))
    }
    return env | {"PYTHONPATH": str(ROOT), "HOME": str(home)} | extra


def _timed(command: list[str], *, cwd: Path, env: dict[str, str], stdin: str = "") -> float:
    started = time.perf_counter()
    subprocess.run(command, input=stdin, text=True, cwd=cwd, env=env, check=True,
                   capture_output=True)  # fmt: skip
    return time.perf_counter() - started


def _measure(runs: int, once: Callable[[], float]) -> tuple[float, float]:
    samples = [once() for _ in range(runs)]
    return min(samples), statistics.median(samples)


def _loaded(command: list[str], *, cwd: Path, env: dict[str, str]) -> list[str]:
    """The watched top-level packages a process imported (from -X importtime)."""
    traced = [sys.executable, "-X", "importtime", *command[1:]]
    result = subprocess.run(
        traced, input="", text=True, cwd=cwd, env=env, capture_output=True, check=False
    )
    names = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines()}
    return [name for name in WATCHED if name in names]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    chat = [sys.executable, "-m", "bot", "chat"]
    with tempfile.TemporaryDirectory(prefix="todobot-startup-") as temporary:
        home = Path(temporary)
        env = _environment(home)
        subprocess.run(chat, input="", text=True, cwd=home, env=env, check=True)  # migrate once

        def fresh_start() -> float:
            with tempfile.TemporaryDirectory(dir=home) as fresh:
                return _timed(chat, cwd=Path(fresh), env=env)

        rows = [
            ("todobot chat (empty input)", _measure(runs, lambda: _timed(chat, cwd=home, env=env))),
            ("first start (migrations run)", _measure(runs, fresh_start)),
            ("one turn: add milk", _measure(
                runs, lambda: _timed(chat, cwd=home, env=env, stdin="add milk\n"))),
            ("floor: python3 -c pass", _measure(
                runs, lambda: _timed([sys.executable, "-c", "pass"], cwd=home, env=env))),
            ("floor: the libraries, bare", _measure(
                runs, lambda: _timed([sys.executable, "-c", LIBRARIES], cwd=home, env=env))),
        ]  # fmt: skip
        floor = rows[4][1][0]
        print(f"{'':32} {'best':>8} {'median':>8}  best / libraries floor")
        for name, (best, median) in rows:
            print(f"{name:32} {best * 1000:6.0f} ms {median * 1000:5.0f} ms  {best / floor:5.2f}x")
        builtin = _loaded(chat, cwd=home, env=env)
        openai_env = env | {"AGENT_BACKEND": "openai", "OPENAI_API_KEY": "sk-bench"}
        openai = _loaded(chat, cwd=home, env=openai_env)
        print(f"loaded by the builtin start: {', '.join(builtin) or 'none of ' + str(WATCHED)}")
        print(f"loaded by the openai start:  {', '.join(openai)}")


if __name__ == "__main__":
    main()
