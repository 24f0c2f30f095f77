"""Which platforms `todobot serve` runs, read from their configurations alone.

Nothing here imports a platform library: the CLI refuses a partial or malformed setting before
it builds anything (or starts any worker), and a worker loads only the libraries of the
platforms configured.
"""

from __future__ import annotations

from dataclasses import dataclass

from adapters.slack.config import SlackConfig, SlackCredentials, slack_credentials
from adapters.telegram.config import TelegramConfig, bot_token, webhook_secret


@dataclass(frozen=True)
class ServedPlatforms:
    slack: SlackCredentials | None
    # The webhook secret; the bot token was checked too.
    telegram_secret: str | None


def served_platforms(slack: SlackConfig, telegram: TelegramConfig) -> ServedPlatforms:
    """Slack when any of its HTTP settings is set (the bot token and the signing secret are
    then both required), Telegram when its bot token or webhook secret is (both are then
    required). Raises SlackConfigError or TelegramSetupError naming what is missing. Slack
    set up for Socket Mode is not served here (`todobot slack`)."""
    credentials = slack_credentials(slack, "http") if slack.over_http else None
    secret = None
    if telegram.configured:
        secret = webhook_secret(telegram)
        bot_token(telegram)
    return ServedPlatforms(credentials, secret)
