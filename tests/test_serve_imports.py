"""What a real `todobot serve` imports by the time it is up: the libraries of the platforms
configured and no others, never the Agents SDK or openai with the builtin engine, the engine
itself only when a turn needs it; an intake process no python-telegram-bot, which only
workers run updates with; the parent of `--workers N` builds no app at all."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from core.storage.migrate import upgrade
from tests.fakes import slack_payloads
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI
from tests.fakes.telegram_rig import WEBHOOK_SECRET, telegram_api

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
UP = "Application startup complete"
PARENT_UP = "Started parent process"
NEVER = {"agents", "openai"}
# What the optional extras a server skips (bot/extras.py) would have loaded: -X importtime
# lists a skipped module itself (its import is tried, and fails), never what it would import.
# httpx's CLI brings rich and pygments; uvicorn loads websockets unless told there is none.
EXTRAS = {"rich", "pygments", "trio._core", "watchfiles.main", "pydantic.v1.main", "websockets"}
CRYPTOGRAPHY = "cryptography.hazmat.bindings"
ENGINE = "core.agent.builtin.engine"
SETTINGS = ("OPENAI_", "DATABASE_", "AGENT_", "LOG_", "SLACK_", "TELEGRAM_", "API_JWT", "MCP_")


@pytest.fixture(autouse=True)
def migrated(tmp_path: Path) -> None:
    """Every start finds the schema up to date, as all but the first do."""
    upgrade(_database(tmp_path))


def _database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'todobot.db'}"


def _env(tmp_path: Path, **settings: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(SETTINGS)}
    return env | {"PYTHONPATH": str(ROOT), "DATABASE_URL": _database(tmp_path), **settings}


def _slack(api: FakeSlackApi) -> dict[str, str]:
    return {
        "SLACK_BOT_TOKEN": slack_payloads.BOT_TOKEN,
        "SLACK_SIGNING_SECRET": slack_payloads.SIGNING_SECRET,
        "SLACK_API_URL": api.api_url,
    }


def _telegram(api: FakeTelegramAPI) -> dict[str, str]:
    return {
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_WEBHOOK_SECRET": WEBHOOK_SECRET,
        "TELEGRAM_API_URL": api.base_url,
    }


async def _imported_until(tmp_path: Path, line: str, *args: str, **settings: str) -> set[str]:
    """The modules (and top-level packages) `todobot serve`, under -X importtime, imported
    before it logged `line`."""
    [modules] = await _imported_until_each(tmp_path, (line,), *args, **settings)
    return modules


async def _imported_until_each(
    tmp_path: Path, lines: tuple[str, ...], *args: str, **settings: str
) -> list[set[str]]:
    """What one `todobot serve` had imported when it logged each of `lines`, in that order."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-X", "importtime", "-m", "bot", "serve", "--port", "0", *args,
        cwd=tmp_path, env=_env(tmp_path, **settings), stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    assert process.stdout is not None
    modules: set[str] = set()
    seen: list[set[str]] = []
    log: list[str] = []
    try:
        async with asyncio.timeout(120):
            for line in lines:
                while line not in (text := (await process.stdout.readline()).decode()):
                    assert text, "serve exited:\n" + "".join(log[-30:])
                    if text.startswith("import time:"):  # a package counts with its first one
                        name = text.rsplit("|", 1)[-1].strip()
                        modules |= {name, name.split(".")[0]}
                    else:
                        log.append(text)
                seen.append(set(modules))
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
        await process.communicate()
    return seen


@pytest.fixture(scope="module")
def several_workers(tmp_path_factory: pytest.TempPathFactory) -> tuple[set[str], set[str]]:
    """One `serve --workers 2` on both platforms: what its parent had imported when it was
    up, and what had been imported (the parent's and a worker's) when a worker was."""
    directory = tmp_path_factory.mktemp("several")
    upgrade(_database(directory))
    return asyncio.run(_several_workers(directory))


async def _several_workers(directory: Path) -> tuple[set[str], set[str]]:
    slack_api = await FakeSlackApi().start()
    try:
        async with telegram_api() as bot_api:
            platforms = {**_slack(slack_api), **_telegram(bot_api)}
            parent, workers = await _imported_until_each(
                directory, (PARENT_UP, UP), "--workers", "2", **platforms
            )
    finally:
        await slack_api.stop()
    return parent, workers


async def test_serve_without_platforms_loads_neither_platform_library(tmp_path: Path) -> None:
    modules = await _imported_until(tmp_path, UP)
    assert not {"telegram", "slack_bolt", "slack_sdk", "httpx", "jwt", ENGINE, *NEVER} & modules


async def test_serve_loads_at_start_the_library_of_each_platform_configured(
    tmp_path: Path, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI
) -> None:
    slack_only = await _imported_until(tmp_path, UP, **_slack(slack_api))
    assert {"slack_bolt", "adapters.slack.http"} <= slack_only
    assert not {"telegram", *NEVER} & slack_only

    telegram_only = await _imported_until(tmp_path, UP, **_telegram(bot_api))
    assert {"telegram", "adapters.telegram.webhook"} <= telegram_only
    assert not {"slack_bolt", "slack_sdk", *NEVER} & telegram_only

    both = await _imported_until(tmp_path, UP, **_slack(slack_api), **_telegram(bot_api))
    assert {"slack_bolt", "telegram"} <= both
    assert not {*EXTRAS, CRYPTOGRAPHY, *NEVER} & both

    secret = {"API_JWT_SECRET": "a-secret-of-at-least-thirty-two-bytes"}
    everything = await _imported_until(
        tmp_path, UP, **_slack(slack_api), **_telegram(bot_api), **secret
    )
    assert {"slack_bolt", "telegram", "jwt"} <= everything  # tokens are read from the start
    assert CRYPTOGRAPHY in everything  # the MCP SDK at /mcp needs it
    # the engine is built by the first turn; the MCP SDK's server imports rich for a log
    # handler of its own (which our logging, configured first, leaves unused)
    assert not {ENGINE, *(EXTRAS - {"rich"}), *NEVER} & everything


@pytest.mark.postgres
async def test_intake_records_telegram_updates_without_python_telegram_bot(
    tmp_path: Path, postgres_url: str, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI
) -> None:
    split = {"DATABASE_URL": postgres_url, **_slack(slack_api), **_telegram(bot_api)}
    intake = await _imported_until(tmp_path, UP, "--role", "intake", **split)
    assert {"slack_bolt", "adapters.telegram.webhook", "adapters.telegram.deliveries"} <= intake
    ptb = {"telegram", "adapters.telegram.application", "adapters.telegram.bridge"}
    assert not {*ptb, ENGINE, *EXTRAS, CRYPTOGRAPHY, *NEVER} & intake

    worker = await _imported_until(tmp_path, UP, "--role", "worker", **split)
    assert {*ptb, "slack_bolt"} <= worker  # the worker answers with Telegram's Application
    assert not {ENGINE, *EXTRAS, CRYPTOGRAPHY, *NEVER} & worker


def test_the_parent_of_several_workers_builds_no_app(
    several_workers: tuple[set[str], set[str]],
) -> None:
    parent, _ = several_workers
    assert "bot.supervisor" in parent
    app = {"fastapi", "starlette", "telegram", "slack_bolt", "prometheus_client", "httpx"}
    assert not {*app, ENGINE, *EXTRAS, *NEVER} & parent


def test_each_worker_of_several_skips_the_unused_extras_too(
    several_workers: tuple[set[str], set[str]],
) -> None:
    _, workers = several_workers
    assert {"slack_bolt", "telegram"} <= workers  # a worker's imports, under -X importtime too
    assert not {*EXTRAS, CRYPTOGRAPHY, *NEVER} & workers


async def test_a_server_on_the_openai_backend_keeps_what_the_agents_sdk_needs(
    tmp_path: Path, bot_api: FakeTelegramAPI
) -> None:
    openai = {"AGENT_BACKEND": "openai", "OPENAI_API_KEY": "sk-test"}
    modules = await _imported_until(tmp_path, UP, **_telegram(bot_api), **openai)
    assert {"agents", "mcp", CRYPTOGRAPHY, "telegram"} <= modules  # MCP SDK needs cryptography
    assert not EXTRAS & modules
