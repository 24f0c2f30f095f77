"""Slack's configuration, checked at startup so a wrong value fails loudly and names its
variable. `bot/` builds a `SlackConfig` from its settings and passes it in.

Two ways to run over HTTP: one workspace with its bot token (SLACK_BOT_TOKEN, the app made
from manifest.yml), or distribution (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET, no bot token):
any number of workspaces add the app with "Add to Slack", each answered with its own token.
Socket Mode is always one workspace."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import SecretStr

Mode = Literal["socket", "http"]
DEFAULT_API_URL = "https://slack.com/api/"
DEFAULT_AUTHORIZE_URL = "https://slack.com/oauth/v2/authorize"
# What "Add to Slack" asks a workspace for: the bot scopes of manifest.yml (a test keeps the
# two the same).
BOT_SCOPES = (
    "app_mentions:read",
    "chat:write",
    "commands",
    "im:history",
    "im:read",
    "im:write",
    "reactions:write",
    "files:write",
    "users:read",
    "channels:read",
    "groups:read",
)


@dataclass(frozen=True)
class SlackConfig:
    """Slack's settings as they were given (SLACK_BOT_TOKEN, SLACK_APP_TOKEN,
    SLACK_SIGNING_SECRET, SLACK_API_URL; for distribution SLACK_CLIENT_ID,
    SLACK_CLIENT_SECRET, SLACK_REDIRECT_URI, SLACK_AUTHORIZE_URL, TOKEN_ENCRYPTION_KEY), not
    yet checked."""

    bot_token: SecretStr | None = None
    app_token: SecretStr | None = None
    signing_secret: SecretStr | None = None
    api_url: str = DEFAULT_API_URL
    client_id: str | None = None
    client_secret: SecretStr | None = None
    redirect_uri: str | None = None
    authorize_url: str = DEFAULT_AUTHORIZE_URL
    encryption_key: SecretStr | None = None

    @property
    def distribution(self) -> bool:
        """Many workspaces adding the app (Add to Slack): its client id or secret is set."""
        return bool((self.client_id or "").strip() or _value(self.client_secret))

    @property
    def socket_mode(self) -> bool:
        """A bot token beside an app token and no signing secret: Socket Mode."""
        return bool(self.app_token) and not self.signing_secret

    @property
    def over_http(self) -> bool:
        """Any of the HTTP settings is set (both are then required)."""
        return (
            bool(self.bot_token and not self.socket_mode)
            or bool(self.signing_secret)
            or self.distribution
        )


class SlackConfigError(Exception):
    """A Slack setting is missing or malformed; the message names the variable and the fix."""


@dataclass(frozen=True)
class SlackOAuth:
    """What "Add to Slack" needs: the app's credentials, where Slack's authorize page is,
    and the key the workspaces' tokens are sealed with."""

    client_id: str
    client_secret: str
    encryption_key: str
    authorize_url: str = DEFAULT_AUTHORIZE_URL
    redirect_uri: str | None = None
    scopes: tuple[str, ...] = BOT_SCOPES


@dataclass(frozen=True)
class SlackCredentials:
    """One workspace's `bot_token`, or, with `oauth`, every workspace that added the app
    (then `bot_token` is None: each request and each worker finds its workspace's own)."""

    bot_token: str | None
    api_url: str
    app_token: str | None = None
    signing_secret: str | None = None
    oauth: SlackOAuth | None = None


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


def _url(value: str, variable: str) -> str:
    url = value.strip()
    if not url.startswith(("http://", "https://")):
        raise SlackConfigError(f"{variable} must be an http(s) URL, not {url!r}.")
    return url


def slack_credentials(config: SlackConfig, mode: Mode) -> SlackCredentials:
    """Socket Mode needs the bot and app tokens; HTTP mode the bot token and signing secret,
    or, for distribution, the app's client id and secret, the signing secret and the key
    that seals the workspaces' tokens."""
    if config.distribution:
        if mode == "http":
            return _distribution(config)
        raise SlackConfigError(
            "SLACK_CLIENT_ID is set, but Socket Mode (todobot slack) serves one workspace with "
            "SLACK_BOT_TOKEN. To serve every workspace that adds the app, run todobot serve "
            "(see README, Slack); for Socket Mode, unset SLACK_CLIENT_ID and SLACK_CLIENT_SECRET."
        )
    bot_token = _token(
        config.bot_token,
        variable="SLACK_BOT_TOKEN",
        prefix="xoxb-",
        what="the Bot User OAuth Token from your Slack app's OAuth & Permissions page",
    )
    api_url = _api_url(config)
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


def _api_url(config: SlackConfig) -> str:
    api_url = _url(config.api_url, "SLACK_API_URL")
    return api_url if api_url.endswith("/") else api_url + "/"


def _distribution(config: SlackConfig) -> SlackCredentials:
    """Many workspaces: the bot token must not be set (each workspace has its own)."""
    from core.storage.sealing import Sealer, SealingKeyError

    if _value(config.bot_token):
        raise SlackConfigError(
            "SLACK_BOT_TOKEN and SLACK_CLIENT_ID are both set: pick one. SLACK_BOT_TOKEN serves "
            "the one workspace whose token it is (the app made from manifest.yml); "
            "SLACK_CLIENT_ID with SLACK_CLIENT_SECRET serves every workspace that adds the app "
            "(Add to Slack), each with its own token. Unset the one you do not mean."
        )
    where = "from your Slack app's Basic Information page (App Credentials)"
    client_id = (config.client_id or "").strip()
    if not client_id:
        raise SlackConfigError(f"SLACK_CLIENT_ID is not set: copy the Client ID {where}.")
    client_secret = _value(config.client_secret)
    if not client_secret:
        raise SlackConfigError(f"SLACK_CLIENT_SECRET is not set: copy the Client Secret {where}.")
    signing_secret = _signing_secret(config.signing_secret)
    key = _value(config.encryption_key)
    try:
        Sealer(key)
    except SealingKeyError as problem:
        raise SlackConfigError(str(problem)) from None
    redirect_uri = _url(config.redirect_uri, "SLACK_REDIRECT_URI") if config.redirect_uri else None
    oauth = SlackOAuth(
        client_id=client_id,
        client_secret=client_secret,
        encryption_key=key,
        authorize_url=_url(config.authorize_url, "SLACK_AUTHORIZE_URL"),
        redirect_uri=redirect_uri,
    )
    return SlackCredentials(
        bot_token=None, api_url=_api_url(config), signing_secret=signing_secret, oauth=oauth
    )
