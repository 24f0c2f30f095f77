"""How long `todobot chat` takes to start, against the floor of Python and its libraries.

    python3 bench/startup.py [--runs 15]

Each figure is a whole process, run `--runs` times in a row: its wall time (best and median;
the best is the least disturbed by other work on a shared machine) and its own CPU time
(user + system, median), which on a quiet machine is about its wall time:

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
sys.path.insert(0, str(ROOT))

from bench.figures import record  # noqa: E402

LIBRARIES = "import sqlalchemy.ext.asyncio, aiosqlite, sqlmodel, pydantic_settings, typer"
WATCHED = ("agents", "openai", "alembic", "prompt_toolkit", "rich", "fastapi", "telegram")


def _environment(home: Path, **extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("OPENAI_", "DATABASE_", "AGENT_", "LOG_"))
    }
    return env | {"PYTHONPATH": str(ROOT), "HOME": str(home)} | extra


def _timed(
    command: list[str], *, cwd: Path, env: dict[str, str], stdin: str = ""
) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one whole process. The CPU time is the process's own
    (user + system), which stays meaningful while other work shares the machine."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, cwd=cwd, env=env, text=True)  # fmt: skip
    assert process.stdin is not None
    process.stdin.write(stdin)
    process.stdin.close()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"{command} exited with {process.returncode}")
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime


def _measure(runs: int, once: Callable[[], tuple[float, float]]) -> tuple[float, float, float]:
    """Best and median wall time, and the median CPU time."""
    samples = [once() for _ in range(runs)]
    walls = [wall for wall, _ in samples]
    return min(walls), statistics.median(walls), statistics.median(cpu for _, cpu in samples)


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

        def fresh_start() -> tuple[float, float]:
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
        floor = rows[4][1][2]
        print(f"{'':30} {'best wall':>9} {'median wall':>11} {'CPU':>8}  CPU / libraries floor")
        for name, (best, median, cpu) in rows:
            print(
                f"{name:30} {best * 1000:6.0f} ms {median * 1000:8.0f} ms {cpu * 1000:5.0f} ms"
                f"  {cpu / floor:5.2f}x"
            )
        record(
            "startup",
            [(name, {"median wall": median * 1000, "median CPU": cpu * 1000})
             for name, (_, median, cpu) in rows],
            title="Starting todobot chat (SQLite, builtin engine), beside its floors",
            unit="ms",
            target="ready in under a second",
            command="python3 bench/startup.py",
            note=f"{runs} runs",
        )  # fmt: skip
        builtin = _loaded(chat, cwd=home, env=env)
        openai_env = env | {"AGENT_BACKEND": "openai", "OPENAI_API_KEY": "sk-bench"}
        openai = _loaded(chat, cwd=home, env=openai_env)
        print(f"loaded by the builtin start: {', '.join(builtin) or 'none of ' + str(WATCHED)}")
        print(f"loaded by the openai start:  {', '.join(openai)}")


if __name__ == "__main__":
    main()
