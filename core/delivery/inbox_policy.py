"""What an inbox is given: its policy, and the shapes of its processors, apologies and observer."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

# (payload, redelivered): redelivered when an earlier attempt was leased and never settled,
# so its turn may have committed without its answer being sent.
Processor = Callable[[dict[str, Any], bool], Awaitable[None]]


# Tells the person their delivery was set aside (best effort; it must not raise).
Apology = Callable[[dict[str, Any]], Awaitable[None]]


# Whether retrying could get past an error (a connection, a timeout, a platform's 5xx).
Transience = Callable[[BaseException], bool]


Observer = Callable[[str, str], None]


PRUNE_EVERY_SECONDS = 3600.0


@dataclass(frozen=True)
class InboxPolicy:
    lease_seconds: float = 60.0
    concurrency: int = 16
    poll_seconds: float = 1.0
    max_attempts: int = 10
    retry_base_seconds: float = 1.0
    retention_hours: float = 48.0
    db_retries: int = 5
