"""Telegram's configuration: `bot/` builds a `TelegramConfig` from its settings and passes it in.

Light on purpose (no python-telegram-bot import): building and checking it costs nothing at
start-up, and `todobot serve` checks it before it decides which platform libraries to load.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import SecretStr

DEFAULT_API_URL = "https://api.telegram.org/bot"
TOKEN_FORMAT = re.compile(r"^\d+:[A-Za-z0-9_-]+$")
SECRET_FORMAT = re.compile(r"^[A-Za-z0-9_-]{1,256}$")


@dataclass(frozen=True)
class TelegramConfig:
    """TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET, TELEGRAM_API_URL and
    TELEGRAM_MESSAGES_PER_SECOND as they were given (checked when the bot is built)."""

    bot_token: SecretStr | None = None
    webhook_secret: SecretStr | None = None
    api_url: str = DEFAULT_API_URL
    # Telegram allows a bot about 30 messages a second in all; every process sending for the
    # bot shares this rate through the database (core/delivery/send_pace.py).
    messages_per_second: int = 28

    @property
    def configured(self) -> bool:
        """Either setting given: webhook mode, where both are then required."""
        return bool(self.bot_token or self.webhook_secret)


class TelegramSetupError(Exception):
    """Telegram cannot start with these settings; the message says which one and why."""


def bot_token(config: TelegramConfig) -> str:
    secret = config.bot_token
    token = secret.get_secret_value().strip() if secret else ""
    if not token:
        raise TelegramSetupError(
            "TELEGRAM_BOT_TOKEN is not set. Create a bot with @BotFather and put its token "
            "in TELEGRAM_BOT_TOKEN (environment or .env)."
        )
    if not TOKEN_FORMAT.match(token):
        raise TelegramSetupError(
            "TELEGRAM_BOT_TOKEN does not look like a bot token (digits, a colon, then letters "
            "and digits, e.g. 123456789:AAH...). Copy it again from @BotFather."
        )
    return token


def webhook_secret(config: TelegramConfig) -> str:
    secret = config.webhook_secret
    value = secret.get_secret_value() if secret else ""
    if not value:
        raise TelegramSetupError(
            "TELEGRAM_WEBHOOK_SECRET is required in webhook mode: set it to a random string "
            "(1-256 of A-Z a-z 0-9 _ -), e.g. `python3 -c 'import secrets; "
            "print(secrets.token_urlsafe(32))'`."
        )
    if not SECRET_FORMAT.match(value):
        raise TelegramSetupError(
            "TELEGRAM_WEBHOOK_SECRET may only hold 1-256 of A-Z a-z 0-9 _ - (Telegram's rule)."
        )
    return value
