"""Telegram: is the token well formed and accepted (`getMe`), and, when TELEGRAM_WEBHOOK_URL
is set, does Telegram deliver there (`getWebhookInfo`)?"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adapters.telegram.config import (
    TelegramConfig,
    TelegramSetupError,
    bot_token,
    webhook_secret,
)
from bot.doctor.check import Check, failed, first_line, passed, skipped

if TYPE_CHECKING:
    from telegram import Bot

NAME = "telegram"
WEBHOOK = "telegram webhook"
SET_WEBHOOK = "run `todobot telegram set-webhook` (it registers TELEGRAM_WEBHOOK_URL)."


async def check_telegram(config: TelegramConfig, webhook_url: str) -> list[Check]:
    if not (config.configured or webhook_url):
        return [skipped(NAME, "not configured (TELEGRAM_BOT_TOKEN is not set).")]
    try:
        token = bot_token(config)
        if webhook_url:
            webhook_secret(config)
    except TelegramSetupError as problem:
        return [failed(NAME, str(problem), "correct the setting named above.")]

    from telegram import Bot
    from telegram.error import InvalidToken, TelegramError

    bot = Bot(token, base_url=config.api_url)
    try:
        await bot.initialize()  # getMe
    except InvalidToken as refused:
        return [
            failed(
                NAME,
                f"{config.api_url} refused TELEGRAM_BOT_TOKEN ({refused}).",
                "copy the token again from @BotFather (/token); /revoke there issues a new one.",
            )
        ]
    except TelegramError as problem:
        return [
            failed(
                NAME,
                f"cannot reach {config.api_url}: {first_line(problem)}",
                "check TELEGRAM_API_URL and that this machine can reach it.",
            )
        ]
    try:
        checks = [passed(NAME, f"token accepted by {config.api_url}: @{bot.username}.")]
        if webhook_url:
            checks.append(await _webhook_set(bot, webhook_url))
        return checks
    except TelegramError as problem:
        return [failed(WEBHOOK, f"getWebhookInfo failed: {first_line(problem)}", SET_WEBHOOK)]
    finally:
        await bot.shutdown()


async def _webhook_set(bot: Bot, expected: str) -> Check:
    info = await bot.get_webhook_info()
    if info.url != expected:
        now = f"it is {info.url}" if info.url else "none is set (long polling removes it)"
        return failed(WEBHOOK, f"Telegram does not deliver to {expected}: {now}.", SET_WEBHOOK)
    if info.last_error_message and info.pending_update_count:
        return failed(
            WEBHOOK,
            f"set to {expected}, but {info.pending_update_count} updates wait and the last "
            f"delivery failed: {info.last_error_message}",
            "make sure `todobot serve` answers at that URL over HTTPS (ports 443, 80, 88 or "
            "8443) with the same TELEGRAM_WEBHOOK_SECRET.",
        )
    return passed(WEBHOOK, f"set to {expected}; {info.pending_update_count} updates waiting.")
