"""A page's cursor: where the next page of a listing starts, as a short opaque string."""

from __future__ import annotations

import base64
import binascii


class BadCursor(ValueError):
    """A cursor no listing handed out."""


def encode_cursor(start: int) -> str:
    return base64.urlsafe_b64encode(f"tasks:{start}".encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> int:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise BadCursor(cursor) from None
    kind, _, start = raw.partition(":")
    if kind != "tasks" or not start.isdigit() or len(start) > 9:
        raise BadCursor(cursor)
    return int(start)
