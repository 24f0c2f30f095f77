"""Telegram's configuration: `bot/` builds a `TelegramConfig` from its settings and passes it in.

Light on purpose (no python-telegram-bot import), so building it costs nothing at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import SecretStr

DEFAULT_API_URL = "https://api.telegram.org/bot"
# Updates processed at once. A remote model leaves turns mostly waiting, so many overlap well;
# the builtin engine is CPU-bound, and a few at a time keep the event loop (and so webhook
# acks) responsive without costing throughput.
CONCURRENT_UPDATES_REMOTE_MODEL = 64
CONCURRENT_UPDATES_LOCAL_ENGINE = 2


@dataclass(frozen=True)
class TelegramConfig:
    """TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET, TELEGRAM_API_URL and
    TELEGRAM_MESSAGES_PER_SECOND as they were given (checked when the bot is built)."""

    bot_token: SecretStr | None = None
    webhook_secret: SecretStr | None = None
    api_url: str = DEFAULT_API_URL
    # Telegram allows a bot about 30 messages a second in all; each process takes its share.
    messages_per_second: int = 30
    concurrent_updates: int = CONCURRENT_UPDATES_LOCAL_ENGINE

    @property
    def configured(self) -> bool:
        """Either setting given: webhook mode, where both are then required."""
        return bool(self.bot_token or self.webhook_secret)
