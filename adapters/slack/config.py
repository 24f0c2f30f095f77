"""Slack credentials, checked at startup so a wrong value fails loudly and names its variable."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import SecretStr

from bot.settings import Settings

Mode = Literal["socket", "http"]


class SlackConfigError(Exception):
    """A Slack setting is missing or malformed; the message names the variable and the fix."""


@dataclass(frozen=True)
class SlackCredentials:
    bot_token: str
    api_url: str
    app_token: str | None = None
    signing_secret: str | None = None


def _value(secret: SecretStr | None) -> str:
    return secret.get_secret_value().strip() if secret is not None else ""


def _token(secret: SecretStr | None, *, variable: str, prefix: str, what: str) -> str:
    value = _value(secret)
    if not value:
        raise SlackConfigError(f"{variable} is not set: {what} (it starts with {prefix}).")
    if not value.startswith(prefix) or any(char.isspace() for char in value):
        shown = value[:5] + "…" if len(value) > 5 else value
        raise SlackConfigError(
            f"{variable} is malformed: it must start with {prefix} ({what}), "
            f"but it starts with {shown!r}."
        )
    return value


def _signing_secret(secret: SecretStr | None) -> str:
    value = _value(secret)
    variable = "SLACK_SIGNING_SECRET"
    where = "copy the Signing Secret from your Slack app's Basic Information page"
    if not value:
        raise SlackConfigError(f"{variable} is not set: {where}.")
    if value.startswith(("xox", "xapp-")) or any(char.isspace() for char in value):
        raise SlackConfigError(
            f"{variable} is malformed: it looks like a token, not a signing secret; {where}."
        )
    return value


def slack_credentials(settings: Settings, mode: Mode) -> SlackCredentials:
    """Socket Mode needs the bot and app tokens; HTTP mode the bot token and signing secret."""
    bot_token = _token(
        settings.slack_bot_token,
        variable="SLACK_BOT_TOKEN",
        prefix="xoxb-",
        what="the Bot User OAuth Token from your Slack app's OAuth & Permissions page",
    )
    api_url = settings.slack_api_url.strip()
    if not api_url.startswith(("http://", "https://")):
        raise SlackConfigError(f"SLACK_API_URL must be an http(s) URL, not {api_url!r}.")
    if not api_url.endswith("/"):
        api_url += "/"
    if mode == "socket":
        app_token = _token(
            settings.slack_app_token,
            variable="SLACK_APP_TOKEN",
            prefix="xapp-",
            what="an App-Level Token with the connections:write scope, from Basic Information",
        )
        return SlackCredentials(bot_token=bot_token, api_url=api_url, app_token=app_token)
    signing_secret = _signing_secret(settings.slack_signing_secret)
    return SlackCredentials(bot_token=bot_token, api_url=api_url, signing_secret=signing_secret)
