"""Every check in order: the settings first (nothing else can run without them), then the
database and each configured platform."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TextIO

from pydantic import ValidationError

from bot.doctor.check import Check, failed, passed
from bot.doctor.database import check_database
from bot.doctor.slack import check_slack
from bot.doctor.telegram import check_telegram
from bot.settings import Settings

SETTINGS = "settings"


def settings_checks(load: Callable[[], Settings]) -> tuple[Settings | None, list[Check]]:
    try:
        settings = load()
    except ValidationError as invalid:
        checks = []
        for problem in invalid.errors():
            name = ".".join(str(part) for part in problem["loc"]).upper()
            fix = f"correct {name} in .env or the environment (the configuration reference "
            checks.append(
                failed(
                    SETTINGS, f"{name} is invalid: {problem['msg']}.", fix + "says what it takes)."
                )
            )
        return None, checks
    if settings.agent_backend in ("openai", "hybrid") and settings.openai_api_key is None:
        return settings, [
            failed(
                SETTINGS,
                f"AGENT_BACKEND={settings.agent_backend}, but OPENAI_API_KEY is not set.",
                "set OPENAI_API_KEY, or AGENT_BACKEND=builtin for the offline engine.",
            )
        ]
    agent = {
        "openai": f"openai backend, model {settings.openai_model}",
        "hybrid": f"hybrid backend: the builtin engine, then model {settings.openai_model}",
        "builtin": "builtin engine (offline)",
    }[settings.resolved_backend]
    return settings, [passed(SETTINGS, f"valid; the agent is the {agent}.")]


async def deployment_checks(settings: Settings) -> list[Check]:
    from bot.platform_config import slack_config, telegram_config

    database, slack, telegram = await asyncio.gather(
        check_database(settings.database_url),
        check_slack(slack_config(settings)),
        check_telegram(telegram_config(settings), settings.telegram_webhook_url),
    )
    return [database, *slack, *telegram]


def diagnose(load: Callable[[], Settings], out: TextIO) -> int:
    """Print one line a check; 1 when any failed, else 0."""
    settings, checks = settings_checks(load)
    if settings is not None:
        checks += asyncio.run(deployment_checks(settings))
    for check in checks:
        print(check.line(), file=out, flush=True)
    return 1 if any(check.failed for check in checks) else 0
