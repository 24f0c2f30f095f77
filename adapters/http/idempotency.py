"""The `Idempotency-Key` request header (IETF httpapi draft), read without I/O.

A key names one request of one person: it becomes that request's delivery id in the core
(hashed with the user id, so one person's keys never meet another's), and the request's
fingerprint travels with it, so a retry that says something else is told apart.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from fastapi import HTTPException

from core.chat import ChatService
from core.chat.policy import KeyReused
from core.delivery.events import KEY_PREFIX
from core.types import Action, Press, Reply

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
KEY_MAX = 255
BAD_KEY = (
    f'{HEADER} must be 1 to {KEY_MAX} printable ASCII characters, bare or as a quoted string ("…")'
)
KEY_REUSED = (
    f"This {HEADER} was already used for a different request; send a new key for a new request."
)


@dataclass(frozen=True)
class RetryKey:
    event_id: str
    fingerprint: str


def read_key(raw: str) -> str:
    """The key itself: the draft writes it as a structured-field string (`"abc"`), most
    clients send it bare (`abc`); both mean the same key. ValueError when it is neither."""
    value = raw.strip()
    if value.startswith('"'):
        if len(value) < 2 or not value.endswith('"'):
            raise ValueError(BAD_KEY)
        value = _unquoted(value[1:-1])
    if not 1 <= len(value) <= KEY_MAX or not all(" " <= c <= "~" for c in value):
        raise ValueError(BAD_KEY)
    return value


def retry_key(
    raw: str | None, *, user_id: str, endpoint: str, body: dict[str, Any]
) -> RetryKey | None:
    """The delivery id and fingerprint of a keyed request; None without the header."""
    if raw is None:
        return None
    key = read_key(raw)
    scoped = hashlib.sha256(f"{user_id}\n{key}".encode()).hexdigest()
    request = json.dumps({"endpoint": endpoint, "body": body}, sort_keys=True, default=str)
    return RetryKey(
        event_id=f"{KEY_PREFIX}{scoped}", fingerprint=hashlib.sha256(request.encode()).hexdigest()
    )


def _unquoted(inner: str) -> str:
    """An sf-string's content: `\\"` and `\\\\` are its only escapes."""
    out: list[str] = []
    escaped = False
    for char in inner:
        if escaped:
            if char not in '"\\':
                raise ValueError(BAD_KEY)
            out.append(char)
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == '"':
            raise ValueError(BAD_KEY)
        else:
            out.append(char)
    if escaped:
        raise ValueError(BAD_KEY)
    return "".join(out)


async def keyed_press(
    chat: ChatService,
    *,
    platform: str,
    user_id: str,
    token: str,
    action: Action,
    retry: RetryKey | None,
) -> Reply:
    """A button pressed over the API, at most once per Idempotency-Key (its answer replayed)."""
    press = Press(
        platform=platform,
        user_ref=user_id,
        token=token,
        action=action,
        event_id=retry.event_id if retry else None,
        fingerprint=retry.fingerprint if retry else None,
    )
    try:
        reply = await chat.press(press, redelivered=True)
    except KeyReused:
        raise HTTPException(422, KEY_REUSED) from None
    if reply is None:
        raise RuntimeError("a keyed press taken by another attempt has its answer kept")
    return reply
