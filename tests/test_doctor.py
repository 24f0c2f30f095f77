"""`todobot doctor` against a real database and the fake Slack and Telegram servers: one line a
check, what to do about each failure, and an exit code that says whether anything failed."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest
from pydantic import SecretStr
from sqlalchemy import create_engine, text

from bot.doctor.run import deployment_checks, settings_checks
from bot.settings import load_settings
from core.storage.db import sync_url
from core.storage.migrate import script_heads, script_revisions, upgrade
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI
from tests.fakes.telegram_rig import WEBHOOK_SECRET

WEBHOOK_URL = "https://todo.example.com/telegram/webhook"


def deployment(database_url: str, slack: FakeSlackApi, telegram: FakeTelegramAPI) -> dict:
    """Settings of a deployment with Slack over HTTP and Telegram's webhook, as variables."""
    return {
        "DATABASE_URL": database_url,
        "AGENT_BACKEND": "builtin",
        "SLACK_BOT_TOKEN": payloads.BOT_TOKEN,
        "SLACK_APP_TOKEN": "",
        "SLACK_SIGNING_SECRET": payloads.SIGNING_SECRET,
        "SLACK_API_URL": slack.api_url,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_WEBHOOK_SECRET": WEBHOOK_SECRET,
        "TELEGRAM_WEBHOOK_URL": WEBHOOK_URL,
        "TELEGRAM_API_URL": telegram.base_url,
    }


async def todobot(cwd: Path, env: dict[str, str], *args: str) -> tuple[int, str]:
    """The `todobot` command in a process of its own, as a person runs it."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "from bot.cli import main; main()",
        *args,
        env={**os.environ, **env},
        cwd=cwd,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await asyncio.wait_for(process.communicate(), 120)
    return process.returncode or 0, output.decode()


async def checked(**variables: str) -> list[str]:
    """The lines `todobot doctor` prints for these settings, run in this process."""
    settings, checks = settings_checks(lambda: load_settings(**variables))
    if settings is not None:
        checks += await deployment_checks(settings)
    return [check.line() for check in checks]


def line_of(lines: list[str], name: str) -> str:
    [found] = [line for line in lines if line[2:].startswith(f"{name}:")]
    return found


@pytest.mark.slow
async def test_a_healthy_deployment_passes_every_check(
    database_url: str, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI, tmp_path: Path
) -> None:
    env = deployment(database_url, slack_api, bot_api)
    code, output = await todobot(tmp_path, env, "telegram", "set-webhook")
    assert code == 0, output
    assert bot_api.webhook_url == WEBHOOK_URL  # registered from TELEGRAM_WEBHOOK_URL

    code, output = await todobot(tmp_path, env, "doctor")

    assert code == 0, output
    lines = output.strip().splitlines()
    assert [line[:1] for line in lines] == ["✓"] * 6, output
    assert "schema at the latest migration" in line_of(lines, "database")
    assert "workspace Example (T0001), bot @todobot" in line_of(lines, "slack")
    assert "HTTP" in line_of(lines, "slack settings")
    assert "@todo_test_bot" in line_of(lines, "telegram")
    assert f"set to {WEBHOOK_URL}" in line_of(lines, "telegram webhook")
    assert [call.token for call in slack_api.of("auth.test")] == [payloads.BOT_TOKEN]


async def test_a_refused_slack_token_fails_with_what_to_do(
    database_url: str, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI, tmp_path: Path
) -> None:
    slack_api.refuse("auth.test", error="invalid_auth")
    env = deployment(database_url, slack_api, bot_api) | {"TELEGRAM_WEBHOOK_URL": ""}

    code, output = await todobot(tmp_path, env, "doctor")

    assert code == 1, output
    slack = line_of(output.splitlines(), "slack")
    assert slack.startswith("✗") and "refused SLACK_BOT_TOKEN (invalid_auth)" in slack
    assert "fix: copy the Bot User OAuth Token" in slack
    assert line_of(output.splitlines(), "telegram").startswith("✓")


async def test_a_slack_mode_left_half_configured_is_named(
    slack_api: FakeSlackApi, tmp_path: Path
) -> None:
    lines = await checked(
        database_url=f"sqlite:///{tmp_path}/none.db",
        slack_bot_token=SecretStr(payloads.BOT_TOKEN),
        slack_api_url=slack_api.api_url,
    )
    slack = line_of(lines, "slack")
    assert slack.startswith("✗") and "SLACK_SIGNING_SECRET is not set" in slack
    assert "for Socket Mode set SLACK_APP_TOKEN" in slack
    assert slack_api.of("auth.test") == []


async def test_a_refused_telegram_token_fails(bot_api: FakeTelegramAPI, tmp_path: Path) -> None:
    lines = await checked(
        database_url=f"sqlite:///{tmp_path}/none.db",
        telegram_bot_token=SecretStr("123:not-the-fakes-token"),
        telegram_api_url=bot_api.base_url,
    )
    telegram = line_of(lines, "telegram")
    assert telegram.startswith("✗") and "refused TELEGRAM_BOT_TOKEN" in telegram
    assert "@BotFather" in telegram


async def test_a_webhook_telegram_does_not_deliver_to_fails(
    bot_api: FakeTelegramAPI, tmp_path: Path
) -> None:
    telegram = {
        "database_url": f"sqlite:///{tmp_path}/none.db",
        "telegram_bot_token": SecretStr(TOKEN),
        "telegram_webhook_secret": SecretStr(WEBHOOK_SECRET),
        "telegram_webhook_url": WEBHOOK_URL,
        "telegram_api_url": bot_api.base_url,
    }
    unset = line_of(await checked(**telegram), "telegram webhook")
    assert unset.startswith("✗") and "none is set" in unset
    assert "fix: run `todobot telegram set-webhook`" in unset

    bot_api.webhook_url = "https://old.example.com/telegram/webhook"
    elsewhere = line_of(await checked(**telegram), "telegram webhook")
    assert elsewhere.startswith("✗") and "it is https://old.example.com" in elsewhere

    bot_api.webhook_url, bot_api.webhook_error = WEBHOOK_URL, "Connection refused"
    failing = line_of(await checked(**telegram), "telegram webhook")
    assert failing.startswith("✗") and "3 updates wait" in failing
    assert "Connection refused" in failing

    bot_api.webhook_error = ""
    assert line_of(await checked(**telegram), "telegram webhook").startswith("✓")
    assert line_of(await checked(**telegram), "telegram").startswith("✓")


async def test_an_unconfigured_platform_is_skipped_not_failed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/todobot.db"
    upgrade(url)
    lines = await checked(database_url=url)
    assert line_of(lines, "slack").startswith("- slack: not configured")
    assert line_of(lines, "telegram").startswith("- telegram: not configured")
    assert not any(line.startswith("✗") for line in lines)


def set_revision(url: str, revision: str) -> None:
    engine = create_engine(sync_url(url))
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = :r"), {"r": revision})
    engine.dispose()


async def test_a_database_behind_or_ahead_of_the_code_fails(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/todobot.db"
    upgrade(url)
    older = sorted(script_revisions() - script_heads())[0]

    set_revision(url, older)
    behind = line_of(await checked(database_url=url), "database")
    assert behind.startswith("✗") and f"at {older}, behind" in behind
    assert "fix: run `todobot db upgrade`" in behind

    set_revision(url, "f00dfeedbeef")
    ahead = line_of(await checked(database_url=url), "database")
    assert ahead.startswith("✗") and "a newer todobot migrated it" in ahead


async def test_a_missing_or_unreachable_database_fails(tmp_path: Path, database_url: str) -> None:
    missing = line_of(await checked(database_url=f"sqlite:///{tmp_path}/gone.db"), "database")
    assert missing.startswith("✗") and "does not exist" in missing
    assert not (tmp_path / "gone.db").exists()  # checking created nothing

    if database_url.startswith("postgresql"):
        closed = database_url.replace(":5432/", ":1/")
        unreachable = line_of(await checked(database_url=closed), "database")
        assert unreachable.startswith("✗") and "cannot reach the postgresql database" in unreachable
        assert "check DATABASE_URL" in unreachable
    else:
        empty = f"sqlite:///{tmp_path}/empty.db"
        create_engine(empty).connect().close()
        blank = line_of(await checked(database_url=empty), "database")
        assert blank.startswith("✗") and "holds no todobot schema" in blank


async def test_invalid_settings_fail_first_and_stop_there(tmp_path: Path) -> None:
    code, output = await todobot(
        tmp_path, {"HISTORY_WINDOW": "0", "TELEGRAM_WEBHOOK_URL": "not a url"}, "doctor"
    )
    assert code == 1
    lines = output.strip().splitlines()
    assert all(line.startswith("✗ settings:") for line in lines), output
    assert any("HISTORY_WINDOW is invalid" in line for line in lines)
    assert any("TELEGRAM_WEBHOOK_URL is invalid" in line for line in lines)
    assert not (tmp_path / "todobot.db").exists()


async def test_many_workspaces_need_their_key_not_a_bot_token(
    slack_api: FakeSlackApi, tmp_path: Path
) -> None:
    from core.storage.sealing import new_key

    many = {
        "database_url": f"sqlite:///{tmp_path}/none.db",
        "slack_client_id": "1234.5678",
        "slack_client_secret": SecretStr("client-secret"),
        "slack_signing_secret": SecretStr(payloads.SIGNING_SECRET),
        "slack_api_url": slack_api.api_url,
    }
    keyed = line_of(
        await checked(**many, token_encryption_key=SecretStr(new_key())), "slack settings"
    )
    assert keyed.startswith("✓") and "many workspaces" in keyed
    assert slack_api.of("auth.test") == []  # no token of its own to check

    unkeyed = line_of(await checked(**many), "slack")
    assert unkeyed.startswith("✗") and "TOKEN_ENCRYPTION_KEY" in unkeyed
