"""Each platform adapter's configuration, taken from `Settings` (built once, passed down)."""

from __future__ import annotations

from adapters.mcp.config import McpConfig
from adapters.slack.config import SlackConfig
from adapters.telegram.config import TelegramConfig
from bot.settings import Settings


def slack_config(settings: Settings) -> SlackConfig:
    return SlackConfig(
        bot_token=settings.slack_bot_token,
        app_token=settings.slack_app_token,
        signing_secret=settings.slack_signing_secret,
        api_url=settings.slack_api_url,
        client_id=settings.slack_client_id,
        client_secret=settings.slack_client_secret,
        redirect_uri=settings.slack_redirect_uri,
        authorize_url=settings.slack_authorize_url,
        encryption_key=settings.token_encryption_key,
    )


def telegram_config(settings: Settings) -> TelegramConfig:
    return TelegramConfig(
        bot_token=settings.telegram_bot_token,
        webhook_secret=settings.telegram_webhook_secret,
        api_url=settings.telegram_api_url,
        messages_per_second=settings.telegram_messages_per_second,
    )


def mcp_config(settings: Settings) -> McpConfig:
    return McpConfig(
        enabled=settings.mcp_http,
        jwt_secret=settings.api_jwt_secret,
        resource_url=settings.mcp_resource_url,
        authorization_server=settings.mcp_authorization_server,
    )
