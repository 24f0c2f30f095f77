"""Slack's configuration, checked at startup so a wrong value fails loudly and names its
variable. `bot/` builds a `SlackConfig` from its settings and passes it in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import SecretStr

Mode = Literal["socket", "http"]
DEFAULT_API_URL = "https://slack.com/api/"


@dataclass(frozen=True)
class SlackConfig:
    """Slack's settings as they were given (SLACK_BOT_TOKEN, SLACK_APP_TOKEN,
    SLACK_SIGNING_SECRET, SLACK_API_URL), not yet checked."""

    bot_token: SecretStr | None = None
    app_token: SecretStr | None = None
    signing_secret: SecretStr | None = None
    api_url: str = DEFAULT_API_URL

    @property
    def socket_mode(self) -> bool:
        """A bot token beside an app token and no signing secret: Socket Mode."""
        return bool(self.app_token) and not self.signing_secret

    @property
    def over_http(self) -> bool:
        """Any of the HTTP settings is set (both are then required)."""
        return bool(self.bot_token and not self.socket_mode) or bool(self.signing_secret)


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


def slack_credentials(config: SlackConfig, mode: Mode) -> SlackCredentials:
    """Socket Mode needs the bot and app tokens; HTTP mode the bot token and signing secret."""
    bot_token = _token(
        config.bot_token,
        variable="SLACK_BOT_TOKEN",
        prefix="xoxb-",
        what="the Bot User OAuth Token from your Slack app's OAuth & Permissions page",
    )
    api_url = config.api_url.strip()
    if not api_url.startswith(("http://", "https://")):
        raise SlackConfigError(f"SLACK_API_URL must be an http(s) URL, not {api_url!r}.")
    if not api_url.endswith("/"):
        api_url += "/"
    if mode == "socket":
        app_token = _token(
            config.app_token,
            variable="SLACK_APP_TOKEN",
            prefix="xapp-",
            what="an App-Level Token with the connections:write scope, from Basic Information",
        )
        return SlackCredentials(bot_token=bot_token, api_url=api_url, app_token=app_token)
    signing_secret = _signing_secret(config.signing_secret)
    return SlackCredentials(bot_token=bot_token, api_url=api_url, signing_secret=signing_secret)
