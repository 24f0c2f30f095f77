"""The optional extras a server skips (bot/extras.py): which ones for which settings, and that
skipping one makes its importers take their fallback, as on a machine without it. Skipping
changes `sys.modules` for good, so that part runs in a process of its own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bot.extras import CRYPTOGRAPHY, NEVER_USED, unused_extras
from bot.settings import load_settings

ROOT = Path(__file__).resolve().parent.parent
SECRET = "a-secret-of-at-least-thirty-two-bytes"


def test_a_builtin_server_without_the_chat_api_skips_cryptography_too() -> None:
    settings = load_settings(agent_backend="builtin", api_jwt_secret=None)
    assert unused_extras(settings) == [*NEVER_USED, CRYPTOGRAPHY]


def test_the_mcp_sdk_keeps_cryptography_at_mcp_and_under_the_agents_sdk() -> None:
    with_mcp = load_settings(agent_backend="builtin", api_jwt_secret=SECRET)
    with_agents = load_settings(agent_backend="openai", openai_api_key="sk-test")
    assert unused_extras(with_mcp) == list(NEVER_USED)
    assert unused_extras(with_agents) == list(NEVER_USED)


def test_serving_many_slack_workspaces_keeps_cryptography_for_their_sealed_tokens() -> None:
    settings = load_settings(agent_backend="builtin", api_jwt_secret=None, slack_client_id="1.2")
    assert unused_extras(settings) == list(NEVER_USED)


SKIPPING = """
import json
import sys
import bot.extras
from bot.settings import load_settings

import anyio  # imported before: left as it is
bot.extras.NEVER_USED["anyio"] = "a module already imported"
skipped = bot.extras.skip_unused_extras(load_settings(agent_backend="builtin"))
assert "anyio" not in skipped and sys.modules["anyio"] is anyio, skipped

import httpcore._synchronization as synchronization
import httpx
from fastapi._compat.shared import is_pydantic_v1_model_class
from pydantic import BaseModel
from telegram._passport import credentials
from uvicorn.supervisors import ChangeReload

assert synchronization.trio is None  # httpcore on asyncio alone
assert httpx.main.__module__ == "httpx"  # the stub it keeps for a machine without its CLI
assert not credentials.CRYPTO_INSTALLED  # Passport data would be refused, never misread
assert ChangeReload.__name__ == "StatReload"
assert not is_pydantic_v1_model_class(BaseModel)
for name in skipped:
    try:
        __import__(name)
    except ModuleNotFoundError:
        continue
    raise AssertionError(f"{name} was imported")
print(json.dumps(skipped))
"""


def test_a_skipped_extra_is_absent_and_its_importers_fall_back(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SKIPPING],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)) == {*NEVER_USED, CRYPTOGRAPHY}
