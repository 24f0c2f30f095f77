"""Operators see and manage the workspaces that added the app: `todobot slack installations`
lists them, `todobot slack uninstall TEAM_ID` removes one as its admin would."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from click.testing import Result
from sqlmodel import select
from typer.testing import CliRunner

from bot.cli import app
from core.storage.delivery_models import InboxItem
from tests.fakes.slack_api import CLIENT_ID, CLIENT_SECRET, FakeSlackApi
from tests.fakes.slack_payloads import SIGNING_SECRET
from tests.slack_install_rig import KEY, distribution_server


async def todobot(*args: str, env: dict[str, str]) -> Result:
    """The CLI in a thread of its own (it runs its own event loop), as a terminal would."""
    return await asyncio.to_thread(CliRunner().invoke, app, list(args), env=env)


async def test_installations_are_listed_and_one_is_removed(
    database_url: str, slack_api: FakeSlackApi, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env from the checkout
    env = {
        "DATABASE_URL": database_url,
        "SLACK_CLIENT_ID": CLIENT_ID,
        "SLACK_CLIENT_SECRET": CLIENT_SECRET,
        "SLACK_SIGNING_SECRET": SIGNING_SECRET,
        "SLACK_API_URL": slack_api.api_url,
        "TOKEN_ENCRYPTION_KEY": KEY,
    }
    acme = slack_api.workspace("T0ACME", "Acme")
    async with distribution_server(database_url, slack_api) as rig:
        await rig.install(acme)
        await rig.install(slack_api.workspace("T0GLOBEX", "Globex"))

        listed = await todobot("slack", "installations", env=env)
        removed = await todobot("slack", "uninstall", "T0ACME", env=env)
        again = await todobot("slack", "uninstall", "T0ACME", env=env)

        remaining = [row.tenant for row in await rig.installs()]
        async with rig.database.session() as session:
            booked = (
                await session.exec(select(InboxItem).where(InboxItem.source == "erase-tenant"))
            ).all()

    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    acme_line = next(line for line in lines if "T0ACME" in line)
    assert "Acme" in acme_line and acme.admin in acme_line and "chat:write" in acme_line
    assert any("T0GLOBEX" in line for line in lines)

    assert removed.exit_code == 0, removed.output
    assert "Removed todobot from T0ACME" in removed.output and "30 days" in removed.output
    [told] = slack_api.of("apps.uninstall")
    assert told.token == acme.tokens[0] and not acme.installed
    assert remaining == ["T0GLOBEX"]
    assert [item.payload["tenant"] for item in booked] == ["T0ACME"]

    assert again.exit_code == 1
    assert "not installed in T0ACME" in again.output
