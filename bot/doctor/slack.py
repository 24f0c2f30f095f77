"""Slack: are the settings of the chosen mode complete, and does Slack accept the bot token
(`auth.test` at SLACK_API_URL)?"""

from __future__ import annotations

from adapters.slack.config import Mode, SlackConfig, SlackConfigError, slack_credentials
from bot.doctor.check import Check, failed, first_line, passed, skipped

NAME = "slack"
TIMEOUT_SECONDS = 10
REINSTALL = (
    "copy the Bot User OAuth Token (xoxb-…) from your Slack app's Install App page into "
    "SLACK_BOT_TOKEN; if the app was uninstalled or the token revoked, install it again."
)


async def check_slack(config: SlackConfig) -> list[Check]:
    if not (config.bot_token or config.app_token or config.signing_secret):
        return [skipped(NAME, "not configured (SLACK_BOT_TOKEN is not set).")]
    mode: Mode = "socket" if config.socket_mode else "http"
    shown = "Socket Mode (`todobot slack`)" if mode == "socket" else "HTTP (`todobot serve`)"
    try:
        credentials = slack_credentials(config, mode)
    except SlackConfigError as problem:
        fix = (
            "for Socket Mode set SLACK_APP_TOKEN (xapp-…); for HTTP set SLACK_SIGNING_SECRET. "
            "The Slack page of the manual walks through both."
        )
        return [failed(NAME, f"{shown}: {problem}", fix)]
    if credentials.bot_token is None:  # "Add to Slack": each workspace brings its own token
        return [
            passed(
                f"{NAME} settings",
                "complete for many workspaces (Add to Slack); TOKEN_ENCRYPTION_KEY opens. Each "
                "workspace's token is checked as it is used: `todobot slack installations` "
                "lists them.",
            )
        ]
    settings = passed(f"{NAME} settings", f"complete for {shown}.")
    return [settings, await _token_accepted(credentials.bot_token, credentials.api_url)]


async def _token_accepted(token: str, api_url: str) -> Check:
    from aiohttp import ClientError
    from slack_sdk.errors import SlackApiError
    from slack_sdk.web.async_client import AsyncWebClient

    client = AsyncWebClient(token=token, base_url=api_url, timeout=TIMEOUT_SECONDS)
    try:
        answer = await client.auth_test()
    except SlackApiError as refused:
        error = refused.response.get("error", "refused")
        return failed(NAME, f"{api_url} refused SLACK_BOT_TOKEN ({error}).", REINSTALL)
    except (ClientError, TimeoutError, OSError) as problem:
        return failed(
            NAME,
            f"cannot reach {api_url}: {first_line(problem)}",
            "check SLACK_API_URL and that this machine can reach it (proxy, firewall).",
        )
    workspace = f"{answer.get('team')} ({answer.get('team_id')})"
    return passed(
        NAME, f"token accepted by {api_url}: workspace {workspace}, bot @{answer.get('user')}."
    )
