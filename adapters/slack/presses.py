"""A Slack button press read into the core's Press: which button, by whom, on which message."""

from __future__ import annotations

from dataclasses import dataclass

from adapters.slack.translate import (
    ACTION_PREFIX,
    PLATFORM,
    HomeState,
    Payload,
    Where,
    _enterprise,
    _tenant,
    is_group_channel,
)
from core.types import Press, parse_payload


@dataclass(frozen=True)
class SlackPress:
    """`home` is set when the press came from the App Home tab (what it showed then)."""

    press: Press
    where: Where
    in_ephemeral: bool = False
    enterprise_id: str | None = None
    home: HomeState | None = None


def press_from_action(body: Payload) -> SlackPress | None:
    """A Confirm/Cancel click as a `Press`; None for a button that is not ours."""
    actions = body.get("actions") or []
    user = body.get("user") or {}
    if body.get("type") != "block_actions" or not actions or not user.get("id"):
        return None
    action = actions[0]
    if not str(action.get("action_id", "")).startswith(ACTION_PREFIX):
        return None
    parsed = parse_payload(action_value(action) or "")
    if parsed is None:
        return None
    choice, token = parsed
    container = body.get("container") or {}
    message = body.get("message") or {}
    channel = container.get("channel_id") or (body.get("channel") or {}).get("id") or ""
    press = Press(
        platform=PLATFORM,
        tenant=_tenant(body),
        user_ref=str(user["id"]),
        token=token,
        action=choice,
        event_id=body.get("trigger_id") or action.get("action_ts"),
        display_name=user.get("username") or user.get("name"),
    )
    where = Where(
        channel=str(channel),
        user=press.user_ref,
        thread_ts=message.get("thread_ts"),
        message_ts=container.get("message_ts") or message.get("ts"),
        response_url=body.get("response_url"),
        is_group=is_group_channel(str(channel)) if channel else False,
    )
    view = body.get("view")
    home = (
        HomeState.of_view(view) if isinstance(view, dict) and view.get("type") == "home" else None
    )
    return SlackPress(
        press, where, bool(container.get("is_ephemeral")), _enterprise(body), home=home
    )


def action_value(action: Payload) -> str | None:
    """The value a button, an overflow menu choice or a ticked checkbox carries."""
    if action.get("value"):
        return str(action["value"])
    chosen = action.get("selected_option")
    if isinstance(chosen, dict) and chosen.get("value"):
        return str(chosen["value"])
    ticked = action.get("selected_options")
    if isinstance(ticked, list) and ticked and isinstance(ticked[0], dict):
        return str(ticked[0].get("value") or "") or None
    return None
