"""Replies as Telegram sends them: HTML parts within the message limit, button keyboards."""

from __future__ import annotations

import html
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from core.types import (
    MAX_PAYLOAD_BYTES,
    Action,
    Button,
    Reply,
)

MESSAGE_LIMIT = 4096


ALERT_LIMIT = 200


ROW_LIMIT = 5


@dataclass(frozen=True)
class OutgoingPart:
    """One sendMessage: escaped HTML and, on the last part only, the keyboard."""

    html: str
    keyboard: InlineKeyboardMarkup | None = None


def render(reply: Reply) -> list[OutgoingPart]:
    """The reply as escaped HTML messages of at most 4096 units; buttons under the last."""
    chunks = split_text(reply.text)
    if not chunks:
        return []
    parts = [OutgoingPart(html=html.escape(chunk, quote=False)) for chunk in chunks]
    parts[-1] = OutgoingPart(html=parts[-1].html, keyboard=keyboard(reply.buttons))
    return parts


def outcome_html(reply: Reply) -> str:
    """What a pressed message becomes: the outcome (or the redrawn listing), escaped, within
    one message; its buttons, if any, are `keyboard(reply.buttons)`."""
    chunks = split_text(reply.text) or ["…"]
    text = chunks[0] if len(chunks) == 1 else chunks[0][: MESSAGE_LIMIT // 2 - 1] + "…"
    return html.escape(text, quote=False)


def alert_text(reply: Reply) -> str:
    """answerCallbackQuery shows plain text of at most 200 characters."""
    text = reply.text.strip()
    return text if len(text) <= ALERT_LIMIT else text[: ALERT_LIMIT - 1] + "…"


def keyboard(buttons: list[Button]) -> InlineKeyboardMarkup | None:
    """Buttons in rows of at most five (a listing's Done buttons); More on a row of its own."""
    if not buttons:
        return None
    rows: list[list[InlineKeyboardButton]] = []
    for button in buttons:
        if len(button.payload.encode()) > MAX_PAYLOAD_BYTES:
            raise ValueError(f"button payload over {MAX_PAYLOAD_BYTES} bytes: {button.payload!r}")
        key = InlineKeyboardButton(button.label, callback_data=button.payload)
        if button.action is Action.MORE or not rows or len(rows[-1]) >= ROW_LIMIT:
            rows.append([key])
        else:
            rows[-1].append(key)
    return InlineKeyboardMarkup(rows)


def split_text(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Cut at line breaks, else spaces, else anywhere, so no part exceeds `limit` units."""
    chunks = []
    rest = text.strip()
    while _units(rest) > limit:
        prefix = _fit(rest, limit)
        cut = prefix.rfind("\n")
        if cut < len(prefix) // 2:
            cut = prefix.rfind(" ")
        if cut < len(prefix) // 2:
            cut = len(prefix)
        chunks.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        chunks.append(rest)
    return [chunk for chunk in chunks if chunk]


def _fit(text: str, limit: int) -> str:
    """The longest prefix of `text` within `limit` UTF-16 units."""
    used = 0
    for index, char in enumerate(text):
        used += 2 if ord(char) > 0xFFFF else 1
        if used > limit:
            return text[:index]
    return text


def _units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _utf16_slice(text: str, start: int, end: int | None) -> str:
    encoded = text.encode("utf-16-le")
    stop = None if end is None else end * 2
    return encoded[start * 2 : stop].decode("utf-16-le", errors="ignore")
