"""Whether a failure is one that retrying can get past: "not now" rather than "never".

The inbox retries those with backoff and sets everything else aside at once (with an apology),
so a delivery that can never succeed does not take `INBOX_MAX_ATTEMPTS` tries to say so.
Platform libraries' errors are known by name or by the HTTP status they carry, so the core
imports none of them.
"""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as SQLAlchemyTimeout

from core.storage.db import connection_lost


class RetryLater(Exception):
    """Raised by a processor that cannot run the item yet (its platform not connected, flood
    control): retried, never parked; `retry_after` seconds on when it says when, else with
    backoff."""

    retry_after: float | None = None


# Errors that say "not now" rather than "never": connections, timeouts, a busy database.
_TRANSIENT: tuple[type[BaseException], ...] = (
    RetryLater,
    OperationalError,
    InterfaceError,
    SQLAlchemyTimeout,
    OSError,
    TimeoutError,
)
TRANSIENT_NAMES = frozenset(
    {"NetworkError", "TimedOut", "RetryAfter", "ClientError", "ServerDisconnectedError"}
)


def is_transient(error: BaseException) -> bool:
    """Whether `error` (or what caused it) is one retrying can get past. Platform libraries'
    network errors are known by name, so the core imports none of them; an HTTP 429 or 5xx
    from a platform counts too. Anything else (a bug, data a database refuses) is not."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, _TRANSIENT) or type(current).__name__ in TRANSIENT_NAMES:
            return True
        if _httpx_transport_error(current):
            return True
        if isinstance(current, DBAPIError) and connection_lost(current):
            return True
        status = _http_status(current)
        if status is not None and (status == 429 or status >= 500):
            return True
        if _platform_error(current) in SLACK_LATER:
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


# Slack answers HTTP 200 with `{"ok": false, "error": ...}`; these errors mean "try later".
SLACK_LATER = frozenset(
    {"internal_error", "fatal_error", "ratelimited", "service_unavailable", "request_timeout"}
)


def _platform_error(error: BaseException) -> str | None:
    response = vars(error).get("response")
    data = vars(response).get("data") if response is not None else None
    found = data.get("error") if isinstance(data, dict) else None
    return found if isinstance(found, str) else None


def _httpx_transport_error(error: BaseException) -> bool:
    """httpx's network failures (a TransportError of any kind), the client python-telegram-bot
    and openai use; known by class name, so the core never loads httpx itself."""
    return any(
        kind.__name__ == "TransportError" and kind.__module__.startswith("httpx")
        for kind in type(error).__mro__
    )


def _http_status(error: BaseException) -> int | None:
    """The HTTP status a platform client's error carries (slack_sdk's SlackApiError, httpx's
    HTTPStatusError), when it carries one."""
    response = vars(error).get("response")
    status = vars(response).get("status_code") if response is not None else None
    return status if isinstance(status, int) else None
