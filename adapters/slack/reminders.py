"""Reminders on Slack: a direct message from the app, with its buttons.

Posting to a user id opens (or reuses) the app's DM with them, in the person's workspace with
its token (adapters/slack/clients.py); a workspace that removed the app is `Unreachable`.
Slack's answers map onto the dispatcher's outcomes: a rate limit (429, `ratelimited`) or an
outage is `Refused` with its Retry-After; an account that is gone or cannot be written to is
`Unreachable`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from slack_sdk.errors import SlackApiError

from adapters.pacing import Pacer
from adapters.slack import render
from adapters.slack.clients import Workspace, WorkspaceClients
from adapters.slack.translate import PLATFORM
from core.reminders.delivery import Notice, Refused, Unreachable

GONE = frozenset(
    {
        "account_inactive",
        "user_not_found",
        "user_disabled",
        "cannot_dm_bot",
        "channel_not_found",
        "is_archived",
        "not_in_channel",
        "team_access_not_granted",
        "invalid_auth",
        "messages_tab_disabled",
    }
)


@dataclass
class SlackReminderSender:
    clients: WorkspaceClients
    pacer: Pacer = field(default_factory=Pacer)
    platform: str = PLATFORM

    async def send(self, notice: Notice) -> str | None:
        channel = notice.recipient.user_ref
        client = await self.clients.client_for(Workspace(notice.recipient.tenant or None))
        if client is None:
            raise Unreachable("app_uninstalled")
        async with self.pacer.turn(channel):
            try:
                posted = await client.chat_postMessage(
                    channel=channel,
                    unfurl_links=False,
                    unfurl_media=False,
                    **render.message(notice.reply),
                )
            except SlackApiError as error:
                raise _classified(error) from error
        return f"{posted.get('channel')}:{posted.get('ts')}"


def _classified(error: SlackApiError) -> Exception:
    code = str(error.response.get("error", "")) if error.response is not None else ""
    if code in GONE:
        return Unreachable(code)
    retry_after: float | None = None
    if error.response is not None and error.response.status_code == 429:
        header = error.response.headers.get("Retry-After") or error.response.headers.get(
            "retry-after"
        )
        retry_after = float(header) if header else 1.0
    return Refused(code or "slack refused", retry_after)
