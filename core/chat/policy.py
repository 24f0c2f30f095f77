"""What a chat service is told (its limits and windows), and the words it answers with when
it cannot help."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from core.tools import DEFAULT_MAX_PENDING_REMINDERS

APOLOGY = "Sorry, I couldn't finish that just now, so I changed nothing. Please try again."


RATE_LIMITED = (
    "You're sending messages faster than I can keep up. Give me a minute, then try again."
)


PRESSING_TOO_FAST = "You're pressing buttons faster than I can keep up. Give me a minute."


NEW_CONVERSATION = "Started a fresh conversation. Your tasks are all still here."


UNKNOWN_COMMAND = "I don't know /{name}. Send /help to see what I can do."


class KeyReused(Exception):
    """An idempotency key already used for a different request (by the same person)."""


@dataclass(frozen=True)
class ChatPolicy:
    history_window: int = 50
    confirmation_ttl_seconds: int = 600
    undo_window_seconds: int = 600
    rate_limit_per_minute: int = 30
    max_pending_reminders: int = DEFAULT_MAX_PENDING_REMINDERS
    db_retries: int = 3
    # The zone assumed for someone no platform and no message has told us about.
    default_timezone: str = "UTC"
    # How long a client's idempotency key keeps its first answer.
    idempotency_window: timedelta = timedelta(hours=24)
    # How long one attempt at a platform delivery holds the send of its answer: longer than
    # any send takes. Another attempt at the same delivery sends it only after that (the
    # holder died), unless the holder's send failed and let it go before.
    send_claim: timedelta = timedelta(minutes=2)
