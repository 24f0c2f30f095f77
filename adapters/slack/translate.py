"""Slack payloads in, core types out: pure functions, no I/O.

Slack escapes `&`, `<` and `>` in what people type, so text is unescaped on the way in; the
title a person typed as `<!channel>` is stored as typed and escaped again on the way out.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from adapters.slack.mentions import read_mentions
from core.types import COMMAND_WORDS, Incoming, Mention

PLATFORM = "slack"
ACTION_PREFIX = "todobot_"
HOME_TAB = "home"

Payload = dict[str, Any]

_MENTION = re.compile(r"<@([A-Z0-9]+)(?:\|[^>]*)?>")


@dataclass(frozen=True)
class Where:
    """Where an answer goes: a channel, maybe a thread, and who asked (for ephemeral replies)."""

    channel: str
    user: str
    thread_ts: str | None = None
    message_ts: str | None = None
    response_url: str | None = None
    is_group: bool = False


@dataclass(frozen=True)
class SlackMessage:
    incoming: Incoming
    where: Where
    enterprise_id: str | None = None


@dataclass(frozen=True)
class HomeState:
    """What the Home tab shows besides the open tasks; kept in the view's private_metadata."""

    completed: bool = False
    start: int = 0

    def metadata(self) -> str:
        return json.dumps({"completed": self.completed, "start": self.start})

    @classmethod
    def of_view(cls, view: Any) -> HomeState:
        """Read back from a published Home view; a view we did not write is the default."""
        raw = view.get("private_metadata") if isinstance(view, dict) else None
        try:
            data = json.loads(raw) if raw else {}
        except ValueError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        start = data.get("start")
        return cls(
            completed=data.get("completed") is True,
            start=start if isinstance(start, int) and start >= 0 else 0,
        )


@dataclass(frozen=True)
class HomeOpened:
    tenant: str
    user: str
    state: HomeState = HomeState()


def unescape(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def is_group_channel(channel_id: str) -> bool:
    """D… is a direct message; C… (public) and G… (private, group DM) have other people in."""
    return not channel_id.startswith("D")


def bot_user_ids(body: Payload) -> set[str]:
    return {
        auth["user_id"]
        for auth in body.get("authorizations") or []
        if auth.get("is_bot") and auth.get("user_id")
    }


def _tenant(body: Payload, event: Payload | None = None) -> str:
    event = event or {}
    team = body.get("team")
    team_id = team.get("id") if isinstance(team, dict) else None
    user = body.get("user")
    user_team = user.get("team_id") if isinstance(user, dict) else None
    return str(body.get("team_id") or team_id or user_team or event.get("team") or "")


def tenant_of(body: Payload) -> str:
    """The workspace a payload (a shortcut, an action, a form) came from."""
    return _tenant(body)


def enterprise_of(body: Payload) -> str | None:
    """The Enterprise Grid organization a payload came from, if any."""
    enterprise = body.get("enterprise")
    if isinstance(enterprise, dict):
        return enterprise.get("id")
    return body.get("enterprise_id") or None


def delivery_id(body: Payload) -> str | None:
    """What identifies one delivery, for dedupe: the event id, or a command's/click's trigger."""
    found = body.get("event_id") or body.get("trigger_id")
    return str(found) if found else None


def _is_from_a_person(event: Payload, bots: set[str]) -> bool:
    """Edits, deletions, joins and every bot (ourselves included) are not someone talking to us."""
    return (
        not event.get("subtype")
        and not event.get("bot_id")
        and bool(event.get("user"))
        and event.get("user") not in bots
    )


def strip_mentions(text: str, bots: set[str]) -> str:
    """Drop our own @-mention; a leading mention is ours even when we do not know our id."""
    if bots:
        text = _MENTION.sub(lambda m: "" if m.group(1) in bots else m.group(0), text)
    else:
        text = re.sub(r"^\s*<@[A-Z0-9]+(?:\|[^>]*)?>", "", text)
    return " ".join(text.split())


def message_from_event(body: Payload) -> SlackMessage | None:
    """A DM or an @mention as an `Incoming`; None for everything we should not answer."""
    event = body.get("event") or {}
    kind = event.get("type")
    bots = bot_user_ids(body)
    if kind not in ("message", "app_mention") or not _is_from_a_person(event, bots):
        return None
    if kind == "message" and event.get("channel_type") != "im":
        return None
    channel = str(event.get("channel") or "")
    if not channel:
        return None
    text = str(event.get("text") or "")
    mentions: tuple[Mention, ...] = ()
    if kind == "app_mention":  # the people named besides us, read before any unescaping
        text, mentions = read_mentions(strip_mentions(text, bots))
        thread_ts = event.get("thread_ts") or event.get("ts")
    else:
        thread_ts = event.get("thread_ts")
    text = unescape(text)
    incoming = Incoming(
        platform=PLATFORM,
        tenant=_tenant(body, event),
        user_ref=str(event["user"]),
        chat_ref=channel,
        thread_ref=thread_ts,
        text=text,
        event_id=body.get("event_id"),
        is_group=kind == "app_mention" and is_group_channel(channel),
        list_controls=not is_group_channel(channel),
        mentions=mentions,
    )
    where = Where(
        channel=channel,
        user=incoming.user_ref,
        thread_ts=thread_ts,
        message_ts=event.get("ts"),
        is_group=incoming.is_group,
    )
    return SlackMessage(incoming, where, enterprise_of(body))


def split_command(text: str) -> tuple[str | None, str]:
    """`/todo` text to (command, rest): empty or `help` is help; a command word names a command."""
    stripped = text.strip()
    if not stripped:
        return "help", ""
    head, _, rest = stripped.partition(" ")
    word = head.lower()
    if word in COMMAND_WORDS:
        return word, rest.strip()
    return None, stripped


def message_from_command(body: Payload) -> SlackMessage | None:
    """`/todo …` as an `Incoming`; the trigger id is the delivery id."""
    user = str(body.get("user_id") or "")
    channel = str(body.get("channel_id") or "")
    if not user or not channel:
        return None
    said, mentions = read_mentions(str(body.get("text") or ""))
    command, text = split_command(unescape(said))
    incoming = Incoming(
        platform=PLATFORM,
        tenant=_tenant(body),
        user_ref=user,
        chat_ref=channel,
        text=text,
        command=command,
        event_id=body.get("trigger_id"),
        display_name=body.get("user_name") or None,
        is_group=is_group_channel(channel),
        list_controls=not is_group_channel(channel),
        mentions=mentions,
    )
    where = Where(
        channel=channel,
        user=user,
        response_url=body.get("response_url"),
        is_group=incoming.is_group,
    )
    return SlackMessage(incoming, where, enterprise_of(body))


def home_opened(body: Payload) -> HomeOpened | None:
    event = body.get("event") or {}
    if event.get("type") != "app_home_opened" or event.get("tab") != HOME_TAB:
        return None
    if not event.get("user"):
        return None
    return HomeOpened(
        tenant=_tenant(body, event),
        user=str(event["user"]),
        state=HomeState.of_view(event.get("view")),
    )


def sender(body: Payload) -> tuple[str, str] | None:
    """(team, user) of whoever caused a delivery, so one person's turns can run in order."""
    if "command" in body and "trigger_id" in body:
        return _tenant(body), str(body.get("user_id") or "")
    if body.get("type") == "block_actions":
        user = body.get("user") or {}
        return (_tenant(body), str(user["id"])) if user.get("id") else None
    event = body.get("event") or {}
    return (_tenant(body, event), str(event["user"])) if event.get("user") else None


def message_ref(channel: str, ts: str) -> str:
    """A posted message as the core keeps it (a confirmation's `message_ref`)."""
    return f"{PLATFORM}:{channel}:{ts}"


def message_at(ref: str | None) -> tuple[str, str] | None:
    """The channel and ts of a `message_ref`; None for anything else."""
    if not ref:
        return None
    platform, _, rest = ref.partition(":")
    channel, _, ts = rest.partition(":")
    if platform != PLATFORM or not channel or not ts:
        return None
    return channel, ts
