"""Starting todobot: only what the backend needs is imported, the schema check is cheap,
errors are one line (tracebacks with --debug), reconnect loops log one line per attempt,
and `serve` refuses a partial platform configuration."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from pydantic import SecretStr

from adapters.slack.config import SlackConfigError, slack_credentials
from adapters.slack.socket_mode import run_socket_mode
from adapters.telegram.config import TelegramSetupError
from bot.logs import configure_logging
from bot.platform_config import slack_config
from bot.serve import create_app
from bot.settings import load_settings
from core.chat.policy import APOLOGY
from core.delivery.inbox import Inbox
from core.storage.db import Database
from core.storage.migrate import MIGRATIONS, alembic_config, script_heads, upgrade_if_behind
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.slack_rig import slack_settings
from tests.harness import ScriptedAgent, build_chat, queries_beside

ROOT = Path(__file__).resolve().parent.parent


def _env(**extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("OPENAI_", "DATABASE_", "AGENT_", "LOG_", "SLACK_", "TELEGRAM_"))
    }
    return env | {"PYTHONPATH": str(ROOT)} | extra


def _imported(cwd: Path, **extra: str) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "bot", "chat"],
        input="",
        capture_output=True,
        text=True,
        cwd=cwd,
        env=_env(HOME=str(cwd), **extra),
        timeout=120,
        check=True,
    )
    return {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines()}


@pytest.mark.slow
def test_the_builtin_console_loads_neither_the_agents_sdk_nor_alembic(tmp_path: Path) -> None:
    first = _imported(tmp_path)
    assert "alembic" in first  # a fresh database is migrated
    again = _imported(tmp_path)
    assert not {"agents", "openai", "alembic", "prompt_toolkit"} & again
    assert "core.agent.builtin.engine" not in again  # built when the first message comes
    with_openai = _imported(tmp_path, AGENT_BACKEND="openai", OPENAI_API_KEY="sk-test")
    assert {"agents", "openai"} <= with_openai


def test_the_schema_check_agrees_with_alembic(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'todobot.db'}"
    scripts = ScriptDirectory.from_config(alembic_config(url))
    assert script_heads() == set(scripts.get_heads())
    assert MIGRATIONS.is_dir()
    assert upgrade_if_behind(url) is True
    assert upgrade_if_behind(url) is False


@pytest.mark.slow
def test_a_start_up_error_is_one_line_unless_debugging(tmp_path: Path) -> None:
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/nowhere"
    command = [sys.executable, "-m", "bot", "chat"]
    quiet = subprocess.run(command, input="", capture_output=True, text=True, cwd=tmp_path,
                           env=_env(DATABASE_URL=url), timeout=120)  # fmt: skip
    assert quiet.returncode == 1
    first, hint = quiet.stderr.strip().splitlines()
    assert first.startswith("todobot: the database is unreachable") and "DATABASE_URL" in first
    assert "--debug" in hint and "Traceback" not in quiet.stderr
    for debugging in ([sys.executable, "-m", "bot", "--debug", "chat"], command):
        env = _env(DATABASE_URL=url, LOG_LEVEL="DEBUG" if debugging == command else "INFO")
        loud = subprocess.run(debugging, input="", capture_output=True, text=True, cwd=tmp_path,
                              env=env, timeout=120)  # fmt: skip
        assert loud.returncode == 1 and "Traceback" in loud.stderr


@pytest.mark.slow
def test_an_unreachable_model_is_an_apology_and_one_log_line(tmp_path: Path) -> None:
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    model = {
        "AGENT_BACKEND": "openai",
        "OPENAI_API_KEY": "sk-test-" + "k" * 32,
        "OPENAI_BASE_URL": f"http://127.0.0.1:{port}/v1",
        "OPENAI_MAX_RETRIES": "0",
    }
    env = _env(HOME=str(tmp_path), **model)

    def chat(*options: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "bot", *options, "chat"]
        return subprocess.run(command, input="add milk\n", capture_output=True, text=True,
                              cwd=tmp_path, env=env, timeout=120)  # fmt: skip

    said, debugged = chat(), chat("--debug")

    assert said.stdout.strip() == APOLOGY
    logged, summary = said.stderr.strip().splitlines()
    assert logged.startswith("model unavailable after ") and "APIConnectionError" in logged
    assert summary == "1 turn(s) failed."
    assert "Traceback" in debugged.stderr


def test_alembic_plugin_chatter_is_silenced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    configure_logging(load_settings(database_url="sqlite://"))
    upgrade_if_behind(f"sqlite:///{tmp_path / 'todobot.db'}")
    said = capsys.readouterr().err
    assert "Running upgrade" in said  # the upgrades themselves are still said
    assert "setup plugin" not in said and "alembic.runtime.plugins" not in said


async def test_socket_mode_retries_log_one_line_each(
    database: Database, caplog: pytest.LogCaptureFixture
) -> None:
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    unreachable = f"ws://127.0.0.1:{closed.getsockname()[1]}/link"
    closed.close()
    api = await FakeSlackApi(socket_url=unreachable).start()
    credentials = slack_credentials(slack_config(slack_settings(api)), "socket")
    chat = build_chat(database, ScriptedAgent())
    with caplog.at_level(logging.INFO):
        inbox = Inbox(database)
        running = asyncio.create_task(
            run_socket_mode(credentials, chat, queries_beside(chat), inbox, retry_seconds=0.05)
        )
        for _ in range(400):
            failed = [r for r in caplog.records if r.getMessage().startswith("Failed to connect")]
            if len(failed) >= 3:
                break
            await asyncio.sleep(0.02)
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
    await api.stop()
    left_running = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    assert not left_running  # a socket client left open keeps its reader task alive
    assert len(failed) >= 3
    assert all(record.exc_info is None for record in failed)
    assert "Traceback" not in caplog.text


@pytest.mark.parametrize(
    ("present", "missing"),
    [
        ({"slack_bot_token": "xoxb-1-2-abc"}, "SLACK_SIGNING_SECRET"),
        ({"slack_signing_secret": "0123456789abcdef"}, "SLACK_BOT_TOKEN"),
        ({"telegram_webhook_secret": "s3cret"}, "TELEGRAM_BOT_TOKEN"),
        ({"telegram_bot_token": "123456:ABCdef"}, "TELEGRAM_WEBHOOK_SECRET"),
    ],
)
def test_serve_refuses_a_partial_platform_configuration(
    present: dict[str, str], missing: str
) -> None:
    settings = load_settings(
        database_url="sqlite://", **{name: SecretStr(value) for name, value in present.items()}
    )
    with pytest.raises((SlackConfigError, TelegramSetupError), match=missing):
        create_app(settings)


def test_serve_leaves_socket_mode_settings_to_todobot_slack() -> None:
    settings = load_settings(
        database_url="sqlite://",
        slack_bot_token=SecretStr("xoxb-1-2-abc"),
        slack_app_token=SecretStr("xapp-1-abc"),
    )
    app = create_app(settings)
    assert "/slack/events" not in {getattr(route, "path", "") for route in app.routes}


@pytest.mark.slow
def test_todobot_serve_names_the_missing_setting(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "serve", "--port", "0"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(SLACK_BOT_TOKEN="xoxb-1-2-abc"),
        timeout=120,
    )
    assert result.returncode == 2
    assert "SLACK_SIGNING_SECRET is not set" in result.stderr


def test_telegram_polling_failures_log_one_line_each(caplog: pytest.LogCaptureFixture) -> None:
    from telegram.error import NetworkError

    from adapters.telegram.application import polling_failed

    with caplog.at_level(logging.INFO, logger="adapters.telegram.application"):
        for _ in range(3):
            try:
                raise NetworkError("httpx.ConnectError: [Errno -3] name resolution failed")
            except NetworkError as error:
                polling_failed(error)
    said = [record for record in caplog.records if record.name == "adapters.telegram.application"]
    assert len(said) == 3
    assert all(record.exc_info is None for record in said)
    assert said[0].getMessage().startswith("Telegram polling failed (NetworkError")


def test_version_is_the_installed_packages(tmp_path: Path) -> None:
    from importlib.metadata import version

    shown = subprocess.run(
        [sys.executable, "-m", "bot", "--version"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(HOME=str(tmp_path)),
        timeout=60,
    )

    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == f"todobot {version('todobot')}\n"
