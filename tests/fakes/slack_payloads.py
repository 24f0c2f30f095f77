"""Slack payloads in the shapes Slack delivers them, and request signing as Slack does it."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import time
from typing import Any
from urllib.parse import urlencode

from tests.fakes.slack_api import BOT_ID, BOT_USER_ID, TEAM_ID

SIGNING_SECRET = "8f742231b10e8888abcd99yyyzzz85a5"
BOT_TOKEN = "xoxb-1111-2222-fake"
APP_TOKEN = "xapp-1-A0001-3333-fake"

_serial = itertools.count(1)


def _next() -> int:
    return next(_serial)


def sign(
    body: str, *, secret: str = SIGNING_SECRET, timestamp: int | None = None
) -> dict[str, str]:
    """The headers Slack sends: `v0=` HMAC-SHA256 of `v0:{timestamp}:{body}`."""
    stamp = str(timestamp if timestamp is not None else int(time.time()))
    digest = hmac.new(secret.encode(), f"v0:{stamp}:{body}".encode(), hashlib.sha256).hexdigest()
    return {"X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": f"v0={digest}"}


def envelope(event: dict[str, Any], *, event_id: str | None = None) -> dict[str, Any]:
    """An Events API `event_callback` as Slack posts it."""
    return {
        "token": "legacy-verification-token",
        "team_id": TEAM_ID,
        "context_team_id": TEAM_ID,
        "api_app_id": "A0001",
        "event": event,
        "type": "event_callback",
        "event_id": event_id or f"Ev{_next():08d}",
        "event_time": int(time.time()),
        "authorizations": [
            {
                "enterprise_id": None,
                "team_id": TEAM_ID,
                "user_id": BOT_USER_ID,
                "is_bot": True,
                "is_enterprise_install": False,
            }
        ],
        "is_ext_shared_channel": False,
    }


def message_ts() -> str:
    return f"1712345678.{_next():06d}"


def dm(
    text: str,
    *,
    user: str = "U0ALICE",
    channel: str = "D0ALICE",
    event_id: str | None = None,
    **extra: Any,
) -> dict:
    event = {
        "client_msg_id": f"msg-{_next()}",
        "type": "message",
        "text": text,
        "user": user,
        "ts": message_ts(),
        "team": TEAM_ID,
        "channel": channel,
        "event_ts": message_ts(),
        "channel_type": "im",
        **extra,
    }
    return envelope(event, event_id=event_id)


def mention(
    text: str, *, user: str = "U0ALICE", channel: str = "C0GENERAL", thread_ts: str | None = None
) -> dict:
    ts = message_ts()
    event = {
        "client_msg_id": f"msg-{_next()}",
        "type": "app_mention",
        "text": f"<@{BOT_USER_ID}> {text}",
        "user": user,
        "ts": ts,
        "team": TEAM_ID,
        "channel": channel,
        "event_ts": ts,
    }
    if thread_ts:
        event["thread_ts"] = thread_ts
    return envelope(event)


def bot_message(text: str, *, channel: str = "D0ALICE") -> dict:
    return envelope(
        {
            "type": "message",
            "subtype": "bot_message",
            "text": text,
            "bot_id": "BOTHER",
            "ts": message_ts(),
            "channel": channel,
            "channel_type": "im",
        }
    )


def own_message(text: str, *, channel: str = "D0ALICE") -> dict:
    return envelope(
        {
            "type": "message",
            "text": text,
            "user": BOT_USER_ID,
            "bot_id": BOT_ID,
            "ts": message_ts(),
            "channel": channel,
            "channel_type": "im",
        }
    )


def edited(text: str, *, user: str = "U0ALICE", channel: str = "D0ALICE") -> dict:
    return envelope(
        {
            "type": "message",
            "subtype": "message_changed",
            "channel": channel,
            "channel_type": "im",
            "ts": message_ts(),
            "hidden": True,
            "message": {"type": "message", "user": user, "text": text, "ts": message_ts()},
        }
    )


def home_opened(*, user: str = "U0ALICE", view: dict[str, Any] | None = None) -> dict:
    """The Home tab opened; Slack includes the view last published there, if any."""
    event: dict[str, Any] = {
        "type": "app_home_opened",
        "user": user,
        "channel": "D0ALICE",
        "tab": "home",
        "event_ts": message_ts(),
    }
    if view is not None:
        event["view"] = {"id": "V1", "team_id": TEAM_ID, **view}
    return envelope(event)


def command(
    text: str, *, response_url: str, user: str = "U0ALICE", channel: str = "C0GENERAL"
) -> dict[str, str]:
    """A `/todo` slash command: form fields, as Slack posts them."""
    return {
        "token": "legacy-verification-token",
        "team_id": TEAM_ID,
        "team_domain": "example",
        "channel_id": channel,
        "channel_name": "directmessage" if channel.startswith("D") else "general",
        "user_id": user,
        "user_name": user.lower(),
        "command": "/todo",
        "text": text,
        "api_app_id": "A0001",
        "is_enterprise_install": "false",
        "response_url": response_url,
        "trigger_id": f"{_next()}.1111.trigger",
    }


def block_actions(
    value: str,
    *,
    action: str,
    user: str = "U0ALICE",
    channel: str = "D0ALICE",
    message_ts: str,
    response_url: str,
    ephemeral: bool = False,
) -> dict[str, Any]:
    """A button click on one of our messages, as the `payload` of an interactivity request."""
    return {
        "type": "block_actions",
        "user": {"id": user, "username": user.lower(), "name": user.lower(), "team_id": TEAM_ID},
        "api_app_id": "A0001",
        "token": "legacy-verification-token",
        "container": {
            "type": "message",
            "message_ts": message_ts,
            "channel_id": channel,
            "is_ephemeral": ephemeral,
        },
        "trigger_id": f"{_next()}.2222.trigger",
        "team": {"id": TEAM_ID, "domain": "example"},
        "enterprise": None,
        "is_enterprise_install": False,
        "channel": {"id": channel, "name": "directmessage"},
        "message": {"type": "message", "ts": message_ts, "user": BOT_USER_ID, "bot_id": BOT_ID},
        "response_url": response_url,
        "actions": [
            {
                "action_id": f"todobot_{action}",
                "block_id": "b1",
                "value": value,
                "type": "button",
                "action_ts": message_ts,
            }
        ],
    }


def in_workspace(payload: dict[str, Any], team: str, bot_user: str = BOT_USER_ID) -> Any:
    """The same payload as it comes from another workspace (`team`, whose bot is `bot_user`)."""
    text = json.dumps(payload).replace(f'"{TEAM_ID}"', f'"{team}"')
    return json.loads(text.replace(BOT_USER_ID, bot_user))


def in_organization(payload: dict[str, Any], enterprise: str, team: str, bot_user: str) -> Any:
    """An event from workspace `team` of an organization that installed the app org-wide:
    the envelope names both; its authorization, the organization alone."""
    found = in_workspace(payload, team, bot_user)
    found["enterprise_id"] = enterprise
    found["authorizations"] = [
        {
            "enterprise_id": enterprise,
            "team_id": None,
            "user_id": bot_user,
            "is_bot": True,
            "is_enterprise_install": True,
        }
    ]
    return found


def uninstalled(team: str) -> dict[str, Any]:
    """`app_uninstalled`, as Slack posts it once a workspace's admin removed the app."""
    return in_workspace(envelope({"type": "app_uninstalled", "event_ts": message_ts()}), team)


def tokens_revoked(team: str, bot_user: str) -> dict[str, Any]:
    """`tokens_revoked`, which Slack sends beside `app_uninstalled`."""
    event = {"type": "tokens_revoked", "tokens": {"bot": [bot_user]}, "event_ts": message_ts()}
    return in_workspace(envelope(event), team, bot_user)


def json_body(payload: dict[str, Any]) -> tuple[str, str]:
    return json.dumps(payload), "application/json"


def form_body(fields: dict[str, str]) -> tuple[str, str]:
    return urlencode(fields), "application/x-www-form-urlencoded"


def interactive_body(payload: dict[str, Any]) -> tuple[str, str]:
    return urlencode({"payload": json.dumps(payload)}), "application/x-www-form-urlencoded"


def home_action(
    action: dict[str, Any],
    *,
    user: str = "U0ALICE",
    view: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A click inside the App Home tab: `view` is the Home view the person was looking at."""
    shown = view or {"type": "home", "private_metadata": ""}
    return {
        "type": "block_actions",
        "user": {"id": user, "username": user.lower(), "name": user.lower(), "team_id": TEAM_ID},
        "api_app_id": "A0001",
        "token": "legacy-verification-token",
        "container": {"type": "view", "view_id": "V1"},
        "trigger_id": f"{_next()}.3333.trigger",
        "team": {"id": TEAM_ID, "domain": "example"},
        "enterprise": None,
        "is_enterprise_install": False,
        "view": {"id": "V1", "team_id": TEAM_ID, "hash": f"h{_next()}", **shown},
        "actions": [{"block_id": "b1", "action_ts": message_ts(), **action}],
    }


def view_submission(
    view: dict[str, Any],
    values: dict[str, str],
    *,
    user: str = "U0ALICE",
    view_id: str | None = None,
) -> dict[str, Any]:
    """A submitted modal: `view` is what views.open was given, `values` by input block id."""
    state = {
        block_id: {"value": {"type": "plain_text_input", "value": value}}
        for block_id, value in values.items()
    }
    return {
        "type": "view_submission",
        "team": {"id": TEAM_ID, "domain": "example"},
        "user": {"id": user, "username": user.lower(), "name": user.lower(), "team_id": TEAM_ID},
        "api_app_id": "A0001",
        "token": "legacy-verification-token",
        "trigger_id": f"{_next()}.4444.trigger",
        "view": {
            "id": view_id or f"VS{_next():06d}",
            "team_id": TEAM_ID,
            "hash": f"h{_next()}",
            **view,
            "state": {"values": state},
        },
        "response_urls": [],
        "is_enterprise_install": False,
        "enterprise": None,
    }


def message_shortcut(
    text: str, *, callback_id: str, user: str = "U0ALICE", channel: str = "C0GENERAL"
) -> dict[str, Any]:
    """A message shortcut ("Save as task") used on someone's message in a channel."""
    ts = message_ts()
    return {
        "type": "message_action",
        "token": "legacy-verification-token",
        "action_ts": message_ts(),
        "team": {"id": TEAM_ID, "domain": "example"},
        "user": {"id": user, "username": user.lower(), "name": user.lower(), "team_id": TEAM_ID},
        "channel": {"id": channel, "name": "general"},
        "is_enterprise_install": False,
        "enterprise": None,
        "callback_id": callback_id,
        "trigger_id": f"{_next()}.5555.trigger",
        "response_url": "https://hooks.slack.invalid/unused",
        "message_ts": ts,
        "message": {"type": "message", "user": "U0BOB", "ts": ts, "text": text},
    }


def global_shortcut(*, callback_id: str, user: str = "U0ALICE") -> dict[str, Any]:
    return {
        "type": "shortcut",
        "token": "legacy-verification-token",
        "action_ts": message_ts(),
        "team": {"id": TEAM_ID, "domain": "example"},
        "user": {"id": user, "username": user.lower(), "team_id": TEAM_ID},
        "is_enterprise_install": False,
        "enterprise": None,
        "callback_id": callback_id,
        "trigger_id": f"{_next()}.6666.trigger",
    }
