"""Idle memory of `todobot serve` and `todobot chat`, beside floors measured in the same run.

    python3 bench/memory.py [--runs 3] [--databases sqlite,postgres]
        [--only serve,workers,roles,chat]

Each process is started for real and waited for on an event, then its resident set size (RSS)
is read with psutil; each figure is the median of `--runs` starts, the runs interleaved.
serve is ready when every worker logged "Application startup complete" and one /healthz was
answered 200; `chat` (input a pipe left open) and the bare-import floors are ready when a thread
of theirs is blocked reading their standard input.

serve, builtin engine, on SQLite and PostgreSQL (a fresh migrated database each):
- no platforms: nothing but the chat API (no API_JWT_SECRET: it answers 503, /mcp too);
- Slack, Telegram, Slack + Telegram: configured over HTTP with fake credentials, pointing at the
  fake Web API and Bot API from tests/fakes (served by this script);
- everything: Slack + Telegram and API_JWT_SECRET (the chat API and MCP at /mcp), also measured
  again after one chat API turn ("add milk");
- `--workers 2` (PostgreSQL, Slack + Telegram): the supervisor parent and each worker;
- the split topology (`roles`; PostgreSQL, Slack + Telegram): `serve --role intake` and
  `serve --role worker`, each one process.
chat: `todobot chat` on SQLite with the builtin engine, before its first line and again after
one turn ("add milk") is answered.

Floors, measured in the same run:
- hello: uvicorn serving a one-route FastAPI app (`GET /healthz`), ready the same way;
- libraries: the same hello app in a process that has also imported, bare, the libraries that
  configuration genuinely needs: always the database driver and SQLAlchemy's dialect for it,
  SQLAlchemy's asyncio engine, SQLModel, pydantic-settings, prometheus_client; for Slack
  slack_bolt's async app and its Starlette adapter; for Telegram python-telegram-bot's
  Application with its rate limiter, and httpcore (the transport of the HTTP clients it makes
  at start); with API_JWT_SECRET PyJWT and the MCP SDK's server. `--role intake` with both
  platforms has Slack's floor: it records Telegram's updates as the JSON they arrive in and
  needs no python-telegram-bot; `--role worker` has the floor of Slack + Telegram;
- the supervisor parent: a process that imported what it needs (Typer, pydantic-settings,
  SQLAlchemy and psycopg for the schema check, uvicorn for its log format, multiprocessing),
  blocked reading stdin;
- chat: a process that imported what the console needs (SQLAlchemy's asyncio engine with
  aiosqlite, SQLModel, pydantic-settings, Typer), blocked reading stdin.
Every floor serves plain HTTP as `serve` does (uvicorn with ws="none"), and the floors of serve
processes skip the optional extras `serve` skips (bot/extras.py: httpx's CLI, trio, watchfiles,
pydantic.v1, and cryptography unless API_JWT_SECRET is set), so they compare like with like.
ratio = todobot / the libraries floor.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import re
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import create_database, drop_database, postgres_server  # noqa: E402
from bench.figures import record  # noqa: E402
from bot.extras import unused_extras  # noqa: E402
from bot.settings import load_settings  # noqa: E402
from core.storage.migrate import upgrade  # noqa: E402
from tests.fakes.slack_api import FakeSlackApi  # noqa: E402
from tests.fakes.slack_payloads import BOT_TOKEN, SIGNING_SECRET  # noqa: E402
from tests.fakes.telegram_api import TOKEN as TELEGRAM_TOKEN  # noqa: E402
from tests.fakes.telegram_api import FakeTelegramAPI  # noqa: E402

MB = 1_000_000
READY_TIMEOUT_SECONDS = 120.0
LISTENING = re.compile(r"Uvicorn running on http://127\.0\.0\.1:(\d+)")
STARTED = "Application startup complete"
# The read(2) system call's number, to see a process waiting on its standard input.
READ_SYSCALL = {"x86_64": 0, "aarch64": 63}[platform.machine()]
# what --only picks from
MEASURED = ("serve", "workers", "roles", "chat")

SERVE_BASE = "sqlalchemy.ext.asyncio, sqlmodel, pydantic_settings, prometheus_client"
DRIVERS = {
    "sqlite": "aiosqlite, sqlalchemy.dialects.sqlite.aiosqlite",
    "postgres": "psycopg, sqlalchemy.dialects.postgresql.psycopg",
}
SLACK = "slack_bolt.async_app, slack_bolt.adapter.starlette.async_handler"
# httpcore: the transport of the httpx clients python-telegram-bot makes at start
TELEGRAM = "telegram.ext, telegram.ext._aioratelimiter, httpcore"
API = "jwt, mcp.server.mcpserver"
CHAT_LIBRARIES = "sqlalchemy.ext.asyncio, aiosqlite, sqlmodel, pydantic_settings, typer"
# the parent checks the schema (SQLAlchemy and the driver), then only starts and watches workers
PARENT_LIBRARIES = f"typer, pydantic_settings, uvicorn, multiprocessing, {DRIVERS['postgres']}"

# a floor skips the extras its serve process skips, before any library loads (bot/extras.py)
SKIPPING = """
import sys
for name in {skipped!r}:
    sys.modules[name] = None
"""
HELLO = (
    SKIPPING
    + """import {libraries}
import uvicorn
from fastapi import FastAPI

app = FastAPI()


@app.get("/healthz")
async def healthz() -> dict[str, str]:
    return {{"status": "ok"}}


uvicorn.run(app, host="127.0.0.1", port=0, log_level="info", access_log=False, ws="none")
"""
)
BLOCKED = SKIPPING + "import {libraries}\nsys.stdin.readline()\n"


# ---------------------------------------------------------------- processes and their memory


@dataclass
class Started:
    """A process under measurement: its log so far and the pids to read."""

    process: asyncio.subprocess.Process
    log: list[str] = field(default_factory=list)
    draining: asyncio.Task[None] | None = None

    def rss(self) -> float:
        return psutil.Process(self.process.pid).memory_info().rss / MB

    def worker_rss(self) -> list[float]:
        children = psutil.Process(self.process.pid).children()
        workers = [child for child in children if "spawn_main" in " ".join(child.cmdline())]
        return sorted(worker.memory_info().rss / MB for worker in workers)


def _environment(home: Path, extra: dict[str, str]) -> dict[str, str]:
    """This machine's environment without any todobot setting, plus `extra`."""
    prefixes = ("OPENAI_", "DATABASE_", "AGENT_", "LOG_", "SLACK_", "TELEGRAM_", "API_", "MCP_")
    env = {key: value for key, value in os.environ.items() if not key.startswith(prefixes)}
    return env | {"PYTHONPATH": str(ROOT), "HOME": str(home), "LOG_LEVEL": "INFO"} | extra


async def _spawn(command: Sequence[str], env: dict[str, str], cwd: Path) -> Started:
    process = await asyncio.create_subprocess_exec(
        *command,
        env=env,
        cwd=cwd,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    return Started(process)


async def _served(started: Started, workers: int) -> str:
    """Until every worker has started and /healthz answered 200; the server's URL."""
    stream = started.process.stdout
    assert stream is not None
    url = ""
    complete = 0
    while not url or complete < workers:
        raw = await stream.readline()
        if not raw:
            raise RuntimeError("the server exited:\n" + "\n".join(started.log[-30:]))
        line = raw.decode(errors="replace").rstrip()
        started.log.append(line)
        found = LISTENING.search(line)
        url = f"http://127.0.0.1:{found[1]}" if found else url
        complete += STARTED in line
    async with httpx.AsyncClient(timeout=30) as client:
        answer = await client.get(f"{url}/healthz")
    if answer.status_code != 200:
        raise RuntimeError(f"/healthz answered {answer.status_code}: {answer.text}")
    started.draining = asyncio.create_task(_drain(stream, started.log))
    return url


async def _one_api_turn(url: str, secret: str) -> float:
    """The turn's wall time in ms (the server's first, so it builds the builtin engine)."""
    from adapters.http.auth import issue_token

    token = issue_token(secret, "memory-bench", now=time.time())
    async with httpx.AsyncClient(timeout=60) as client:
        started = time.perf_counter()
        answer = await client.post(
            f"{url}/api/memory-bench/chat",
            json={"message": "add milk"},
            headers={"Authorization": f"Bearer {token}"},
        )
        took = (time.perf_counter() - started) * 1000
    if answer.status_code != 200:
        raise RuntimeError(f"the chat API answered {answer.status_code}: {answer.text}")
    return took


async def _drain(stream: asyncio.StreamReader, log: list[str]) -> None:
    """Keep reading the log so the process never blocks on a full pipe."""
    while raw := await stream.readline():
        log.append(raw.decode(errors="replace").rstrip())


def _reading_stdin(pid: int) -> bool:
    """Whether a thread of `pid` is blocked in read(2) on file descriptor 0."""
    for thread in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = (thread / "syscall").read_text().split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        if len(fields) > 1 and fields[0] == str(READ_SYSCALL) and int(fields[1], 16) == 0:
            return True
    return False


async def _waiting_for_input(started: Started) -> None:
    """Until the process waits for its first line. The kernel's view of its threads has no
    event to await, so it is looked at every 10 ms."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + READY_TIMEOUT_SECONDS
    while not _reading_stdin(started.process.pid):
        if started.process.returncode is not None or loop.time() > deadline:
            raise RuntimeError(f"{started.process.pid} never waited for input")
        await asyncio.sleep(0.01)


async def _stop(started: Started) -> None:
    process = started.process
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(process.wait(), timeout=60)
        except TimeoutError:
            process.kill()
            await process.wait()


@asynccontextmanager
async def _running(started: Started) -> AsyncIterator[Started]:
    try:
        yield started
    finally:
        await _stop(started)


# ---------------------------------------------------------------- what is measured


@dataclass
class Figures:
    """RSS samples (MB) per row, in the order rows were first measured."""

    samples: dict[str, list[float]] = field(default_factory=dict)
    first_turns: dict[str, list[float]] = field(default_factory=dict)  # ms, per serve row

    def add(self, row: str, value: float) -> None:
        self.samples.setdefault(row, []).append(value)

    def median(self, row: str) -> float:
        return statistics.median(self.samples[row])


@dataclass(frozen=True)
class Row:
    """One todobot process and the floors it is compared with."""

    name: str
    libraries: str  # the libraries floor's row name
    hello: str = "floor: uvicorn + FastAPI hello"


@dataclass
class Bench:
    home: Path
    urls: dict[str, str]
    slack_api: FakeSlackApi
    telegram_api: FakeTelegramAPI
    figures: Figures = field(default_factory=Figures)

    def platforms(self, *, slack: bool = True, telegram: bool = True) -> dict[str, str]:
        """Settings for Slack and Telegram over HTTP, pointing at the fakes."""
        settings: dict[str, str] = {}
        if slack:
            settings |= {
                "SLACK_BOT_TOKEN": BOT_TOKEN,
                "SLACK_SIGNING_SECRET": SIGNING_SECRET,
                "SLACK_API_URL": self.slack_api.api_url,
            }
        if telegram:
            settings |= {
                "TELEGRAM_BOT_TOKEN": TELEGRAM_TOKEN,
                "TELEGRAM_WEBHOOK_SECRET": "bench-webhook-secret",
                "TELEGRAM_API_URL": self.telegram_api.base_url,
            }
        return settings

    async def serve(
        self,
        row: str,
        database: str,
        extra: dict[str, str],
        workers: int,
        turn: str = "",
        role: str = "all",
    ) -> None:
        """With `turn`, also the RSS after one chat API turn (under the row `turn`)."""
        env = _environment(self.home, {"DATABASE_URL": self.urls[database], **extra})
        command = [sys.executable, "-m", "bot", "serve", "--host", "127.0.0.1", "--port", "0"]
        command += ["--no-access-log", "--workers", str(workers), "--role", role]
        async with _running(await _spawn(command, env, self.home)) as started:
            url = await _served(started, workers)
            if workers == 1:
                self.figures.add(row, started.rss())
                if turn:
                    took = await _one_api_turn(url, extra["API_JWT_SECRET"])
                    self.figures.add(turn, started.rss())
                    self.figures.first_turns.setdefault(row, []).append(took)
                return
            self.figures.add(f"{row}: supervisor parent", started.rss())
            for index, rss in enumerate(started.worker_rss(), start=1):
                self.figures.add(f"{row}: worker {index}", rss)

    async def chat(self, row: str, turn: str) -> None:
        """Before the first line, and again once "add milk" is answered (row `turn`)."""
        env = _environment(self.home, {"DATABASE_URL": self.urls["sqlite"]})
        command = [sys.executable, "-m", "bot", "chat"]
        async with _running(await _spawn(command, env, self.home)) as started:
            await _waiting_for_input(started)
            self.figures.add(row, started.rss())
            process = started.process
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(b"add milk\n")
            await process.stdin.drain()
            await process.stdout.readline()  # the answer
            await _waiting_for_input(started)
            self.figures.add(turn, started.rss())

    async def hello(self, row: str, libraries: str, skipped: Sequence[str]) -> None:
        command = [sys.executable, "-c", HELLO.format(libraries=libraries, skipped=skipped)]
        async with _running(await _spawn(command, _environment(self.home, {}), self.home)) as s:
            await _served(s, 1)
            self.figures.add(row, s.rss())

    async def blocked(self, row: str, libraries: str, skipped: Sequence[str]) -> None:
        command = [sys.executable, "-c", BLOCKED.format(libraries=libraries, skipped=skipped)]
        async with _running(await _spawn(command, _environment(self.home, {}), self.home)) as s:
            await _waiting_for_input(s)
            self.figures.add(row, s.rss())


def _skipped(extra: dict[str, str]) -> list[str]:
    """What a builtin-engine `serve` process with the settings `extra` skips."""
    secret = extra.get("API_JWT_SECRET")
    return unused_extras(load_settings(agent_backend="builtin", api_jwt_secret=secret))


def _plan(bench: Bench, databases: list[str], only: set[str]) -> tuple[list[Row], list[Callable]]:
    """The rows to print and the measurements of one run, in order; each floor once."""
    rows: list[Row] = []
    steps: list[Callable] = []
    floors: set[str] = set()

    def hello(floor: str, libraries: str, skipped: Sequence[str]) -> None:
        if floor not in floors:
            floors.add(floor)
            steps.append(lambda: bench.hello(floor, libraries, skipped))

    secret = {"API_JWT_SECRET": "bench-api-secret-of-at-least-32-bytes"}
    if only & {"serve", "workers", "roles"}:
        hello("floor: uvicorn + FastAPI hello", "sys", skipped=())
    if "serve" in only:
        for database in databases:
            base = f"{SERVE_BASE}, {DRIVERS[database]}"
            both = f"{base}, {SLACK}, {TELEGRAM}"
            setups = [
                ("no platforms", {}, base),
                ("Slack", bench.platforms(telegram=False), f"{base}, {SLACK}"),
                ("Telegram", bench.platforms(slack=False), f"{base}, {TELEGRAM}"),
                ("Slack + Telegram", bench.platforms(), both),
                ("everything", bench.platforms() | secret, f"{both}, {API}"),
            ]
            for setup, extra, libraries in setups:
                row = f"serve, {database}, {setup}"
                floor = f"floor: libraries of {database}, {setup}"
                rows.append(Row(row, floor))
                turn = f"{row}, after one chat API turn" if "API_JWT_SECRET" in extra else ""
                if turn:
                    rows.append(Row(turn, floor))
                steps.append(lambda r=row, d=database, e=extra, t=turn: bench.serve(r, d, e, 1, t))
                hello(floor, libraries, _skipped(extra))
    postgres = f"{SERVE_BASE}, {DRIVERS['postgres']}"
    if "workers" in only and "postgres" in databases:
        row = "serve --workers 2, postgres, Slack + Telegram"
        floor = "floor: libraries of postgres, Slack + Telegram"
        parent_floor = "floor: what the parent needs"
        rows.append(Row(f"{row}: supervisor parent", parent_floor, hello=parent_floor))
        rows += [Row(f"{row}: worker {index}", floor) for index in (1, 2)]
        steps.append(lambda r=row: bench.serve(r, "postgres", bench.platforms(), 2))
        skipped = _skipped(bench.platforms())
        steps.append(lambda: bench.blocked(parent_floor, PARENT_LIBRARIES, skipped))
        hello(floor, f"{postgres}, {SLACK}, {TELEGRAM}", skipped)
    if "roles" in only and "postgres" in databases:
        # intake records Telegram's updates as JSON: its floor is Slack's alone
        for role, setup, libraries in [
            ("intake", "Slack", f"{postgres}, {SLACK}"),
            ("worker", "Slack + Telegram", f"{postgres}, {SLACK}, {TELEGRAM}"),
        ]:
            row = f"serve --role {role}, postgres, Slack + Telegram"
            floor = f"floor: libraries of postgres, {setup}"
            rows.append(Row(row, floor))
            steps.append(
                lambda r=row, ro=role: bench.serve(r, "postgres", bench.platforms(), 1, role=ro)
            )
            hello(floor, libraries, _skipped(bench.platforms()))
    if "chat" in only:
        floor = "floor: libraries of the console"
        idle, turn = "chat, sqlite, piped, before the first line", "chat, sqlite, after one turn"
        rows += [Row(idle, floor, hello=floor), Row(turn, floor, hello=floor)]
        steps.append(lambda: bench.chat(idle, turn))
        steps.append(lambda: bench.blocked(floor, CHAT_LIBRARIES, ()))  # chat skips nothing
    return rows, steps


def _print(figures: Figures, rows: list[Row], runs: int) -> None:
    print(f"\nidle RSS in MB, median of {runs} start(s); ratio = todobot / libraries floor")
    width = max(len(row.name) for row in rows)
    print(f"{'process':<{width}}  todobot  hello  libraries  ratio")
    for row in rows:
        todobot, floor = figures.median(row.name), figures.median(row.libraries)
        hello = f"{figures.median(row.hello):5.1f}" if row.hello != row.libraries else "—"
        ratio = todobot / floor
        print(f"{row.name:<{width}}  {todobot:7.1f}  {hello:>5}  {floor:9.1f}  {ratio:5.2f}")
    record(
        "memory",
        [
            (row.name, {"todobot": figures.median(row.name),
                        "libraries floor": figures.median(row.libraries)})
            for row in rows
        ],
        title="Idle memory (RSS) of real processes, beside the libraries they load",
        unit="MB",
        target="serve at most 130 MB (one worker, PostgreSQL, builtin engine); chat at most 90 MB",
        command="python3 bench/memory.py",
        note=f"median of {runs} start(s)",
    )  # fmt: skip
    for name, took in figures.first_turns.items():
        print(f"{name}: the first chat API turn took {statistics.median(took):.0f} ms")
    print("\nfloors:")
    for name, values in figures.samples.items():
        if name.startswith("floor"):
            print(f"  {name}: {statistics.median(values):.1f} MB")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--databases", default="sqlite,postgres")
    parser.add_argument("--only", default=",".join(MEASURED))
    options = parser.parse_args()
    databases = options.databases.split(",")
    only = set(options.only.split(","))
    if only - set(MEASURED):
        parser.error(f"--only takes some of {','.join(MEASURED)}, not {options.only}")
    server = postgres_server()
    with tempfile.TemporaryDirectory(prefix="todobot-memory-") as directory:
        home = Path(directory)
        urls = {"sqlite": f"sqlite:///{home / 'todobot.db'}"}
        upgrade(urls["sqlite"])
        if "postgres" in databases:
            urls["postgres"] = create_database(server, "memory")
        slack_api, telegram_api = await FakeSlackApi().start(), FakeTelegramAPI(TELEGRAM_TOKEN)
        await telegram_api.start()
        try:
            bench = Bench(home, urls, slack_api, telegram_api)
            rows, steps = _plan(bench, databases, only)
            for run in range(options.runs):
                print(f"run {run + 1}/{options.runs}", flush=True)
                for step in steps:
                    await step()
            _print(bench.figures, rows, options.runs)
        finally:
            await slack_api.stop()
            await telegram_api.stop()
            if "postgres" in urls:
                drop_database(server, urls["postgres"])


if __name__ == "__main__":
    asyncio.run(main())
