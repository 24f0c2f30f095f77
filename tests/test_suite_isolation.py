"""The suite reads nothing of the developer's (tests/conftest.py): a hostile `.env` where they
run it, todobot settings exported in their shell and their home directory change no test; and
a PostgreSQL URL naming a database that does not exist still runs the PostgreSQL tests."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from bot.settings import Settings, load_settings
from tests.conftest import POSTGRES_ENV, REQUIRE_ENV

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = {
    "API_JWT_SECRET": "hostile-secret-0123456789abcdef0123456789",
    "DATABASE_URL": "postgresql+psycopg://nobody@127.0.0.1:1/nowhere",
    "AGENT_BACKEND": "openai",
    "OPENAI_API_KEY": "sk-hostile-" + "0" * 24,
    "LOG_FORMAT": "json",
    "MCP_HTTP": "false",
}
HOSTILE_ENV_FILE = "".join(f"{name}={value}\n" for name, value in HOSTILE.items())
# The tests that read the most of what a developer has: settings built in-process, `serve`
# and an extras check started as processes, the console's home directory.
# One `serve` start is enough to witness what a process reads: both log tests start it alike.
WITNESSES = [
    "tests/test_serve_extras.py",
    "tests/test_serve_log.py::test_serve_as_shipped_logs_one_redacted_line_per_request",
]
# One process (`-n 0`): the few files it runs gain nothing from xdist's workers. Only the
# plugins they use (-n is xdist's option): hypothesis's and schemathesis's, loaded by default,
# would take most of its start.
PYTEST = ["-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider"]
PLUGINS = ["-p", "xdist.plugin", "-p", "pytest_asyncio.plugin"]


def _pytest(cwd: Path, env: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *PYTEST, *PLUGINS, *arguments],
        cwd=cwd,
        env={**env, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_settings_built_in_a_test_read_no_env_file_and_no_exported_setting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text(HOSTILE_ENV_FILE)
    monkeypatch.chdir(tmp_path)

    settings = load_settings()

    assert settings == Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.api_jwt_secret is None and settings.resolved_backend == "builtin"
    assert not {name.lower() for name in os.environ} & set(Settings.model_fields)
    assert Path.home() != Path(pwd.getpwuid(os.getuid()).pw_dir)
    assert Path(settings.console_history_file).expanduser().parent == Path.home()


@pytest.mark.slow
def test_the_suite_passes_beside_a_hostile_env_file_and_exported_settings(
    tmp_path: Path,
) -> None:
    """A copy of the project with a hostile `.env` at its root (where `pytest` runs and where
    its processes used to run), the same settings exported, and a home holding a `.env` too."""
    copy = tmp_path / "todobot"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "*.egg-info", "__pycache__", ".*_cache", "*.db", ".env"
        ),
    )
    (copy / ".env").write_text(HOSTILE_ENV_FILE)
    home = tmp_path / "home"
    home.mkdir()
    (home / ".env").write_text(HOSTILE_ENV_FILE)
    clean = {k: v for k, v in os.environ.items() if k not in (POSTGRES_ENV, REQUIRE_ENV)}
    env = {**clean, **HOSTILE, "HOME": str(home)}

    run = _pytest(copy, env, *WITNESSES)

    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "skipped" not in run.stdout


@pytest.mark.slow
def test_a_postgres_url_naming_no_database_still_runs_the_postgres_tests() -> None:
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"needs {POSTGRES_ENV}")
    missing = make_url(base).set(database="todobot_no_such_database")
    missing_url = missing.render_as_string(hide_password=False)
    env = {**os.environ, POSTGRES_ENV: missing_url, REQUIRE_ENV: "1"}

    # one PostgreSQL test is enough: the database is made once, for whichever test asks first
    run = _pytest(ROOT, env, "tests/test_chat_basics.py::test_add_then_list[postgres]", "-rs")

    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "skipped" not in run.stdout
