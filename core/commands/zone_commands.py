"""Telling todobot your time zone: `/timezone Europe/Berlin`, "my time zone is Europe/Berlin",
"I'm in Tokyo", and asking which one it uses ("what's my time zone?")."""

from __future__ import annotations

import re

from core.commands.extensions import CommandCall, CommandHost
from core.domain.when import zone_named
from core.domain.zones import zone_for

NOCASE = re.IGNORECASE
_SAY_ZONE = re.compile(
    r"^(?:(?:please\s+)?(?:set|change|update|switch)\s+(?:my\s+)?time\s*zone\s+(?:to|as)\s+"
    r"|my\s+time\s*zone\s+is\s+(?:now\s+)?|time\s*zone\s*[:=]\s*|use\s+(?:the\s+)?time\s*zone\s+)"
    r"(?P<zone>.+?)[.!]?$",
    NOCASE,
)
_IN_PLACE = re.compile(
    r"^(?:i'?m|i\s+am|i\s+live|i'?m\s+now|i\s+am\s+now|i\s+moved|we'?re|we\s+are)\s+(?:based\s+)?"
    r"(?:in|to)\s+(?P<zone>.+?)(?:\s+now)?[.!]?$",
    NOCASE,
)
_ASK_ZONE = re.compile(
    r"^(?:what(?:'?s|\s+is)\s+my\s+time\s*zone|which\s+time\s*zone\s+(?:do\s+you\s+use|am\s+i\s+in)"
    r"|what\s+time\s*zone\s+(?:do\s+you\s+use|am\s+i\s+in))\??$",
    NOCASE,
)


def recognise(text: str) -> tuple[str, str] | None:
    """("timezone", zone) for a stated zone, ("timezone", "") for the question, else None.
    "I'm in X" counts only when X is a place with a zone ("I'm in a meeting" is not)."""
    said = " ".join(text.split())
    if match := _SAY_ZONE.match(said):
        return "timezone", match.group("zone")
    if (match := _IN_PLACE.match(said)) and zone_for(match.group("zone")) is not None:
        return "timezone", match.group("zone")
    if _ASK_ZONE.match(said):
        return "timezone", ""
    return None


async def timezone_command(call: CommandCall) -> str:
    tools, user = call.tools, call.user
    if not call.args.strip():
        if user.timezone:
            local = tools.now.astimezone(tools.zone)
            return f"Your time zone is {user.timezone} (it's {local.strftime('%H:%M')} there)."
        return (
            f"You haven't told me your time zone, so I use {tools.zone}. "
            "Tell me yours, for example “my time zone is Europe/Berlin” or “I'm in Tokyo”."
        )
    name = zone_for(call.args)
    if name is None:
        return (
            f"I don't know a time zone called “{call.args.strip()}”, so I changed nothing. "
            "Use a name like Europe/Berlin or America/New_York, or a city like Tokyo."
        )
    user.timezone = name
    call.session.add(user)
    zone = zone_named(name)
    assert zone is not None
    local = tools.now.astimezone(zone)
    shown = f"{local.strftime('%A')} {local.day} {local.strftime('%B')}, {local.strftime('%H:%M')}"
    return f"Got it: your time zone is now {name}. It's {shown} there."


def install(chat: CommandHost) -> None:
    chat.commands["timezone"] = timezone_command
    if recognise not in chat.text_routers:
        chat.text_routers.append(recognise)
