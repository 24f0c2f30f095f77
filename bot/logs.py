"""Logging for every long-running command: one format, quiet HTTP clients, no secrets.

Every log record, from any logger at any level, is redacted when it is created (a log record
factory, so records that never reach the root logger's handlers are covered too, and
tracebacks are redacted as they are formatted into the record): the configured secrets by
value, and anything shaped like a bot token, an API key, a bearer token or a link code.
httpx and httpcore log every request URL at INFO, and Telegram's URLs hold the bot token, so
they log warnings only.
"""

from __future__ import annotations

import contextlib
import logging
import re
import traceback
from collections.abc import Iterable
from typing import Any

from sqlalchemy.engine import make_url

from bot.settings import Settings

REDACTED = "[redacted]"
QUIET_LOGGERS = ("httpx", "httpcore", "hpack", "websockets.client")
_CODE = "[ABCDEFGHJKMNPQRSTUVWXYZ23456789]"
SECRET_SHAPES = re.compile(
    r"(?<!\d)\d{5,12}:[A-Za-z0-9_-]{30,}"  # Telegram bot token (also inside ".../bot<token>/")
    r"|\bxox[abeposr]-[A-Za-z0-9-]{8,}|\bxapp-[A-Za-z0-9-]{8,}"  # Slack tokens
    r"|\bsk-[A-Za-z0-9_-]{16,}"  # OpenAI-style API keys
    r"|(?i:bearer)\s+[A-Za-z0-9._~+/-]{16,}=*"  # Authorization headers
    rf"|\b{_CODE}{{4}}-{_CODE}{{4}}\b"  # link codes as shown
    rf"|(?i:\blink\s+){_CODE}{{8}}\b"  # link codes as typed
)
# Shorter configured values are not redacted by value: too likely to hit ordinary words.
SHORTEST_SECRET = 6


class Redactor:
    def __init__(self) -> None:
        self._secrets: set[str] = set()
        self._pattern: re.Pattern[str] | None = None

    def add(self, values: Iterable[str | None]) -> None:
        fresh = {value for value in values if value and len(value) >= SHORTEST_SECRET}
        if fresh - self._secrets:
            self._secrets |= fresh
            longest_first = sorted(self._secrets, key=len, reverse=True)
            self._pattern = re.compile("|".join(map(re.escape, longest_first)))

    def __call__(self, text: str) -> str:
        if self._pattern is not None:
            text = self._pattern.sub(REDACTED, text)
        return SECRET_SHAPES.sub(REDACTED, text)


redact = Redactor()
_base_factory = logging.getLogRecordFactory()


def _redacted_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
    record = _base_factory(*args, **kwargs)
    try:
        message = record.getMessage()
    except Exception:  # a malformed call: keep what it said, unformatted
        message = f"{record.msg} {record.args}"
    record.msg, record.args = redact(message), None
    if record.exc_info and record.exc_info[1] is not None:
        record.exc_text = redact("".join(traceback.format_exception(*record.exc_info)).rstrip())
    if record.stack_info:
        record.stack_info = redact(record.stack_info)
    return record


def settings_secrets(settings: Settings) -> list[str | None]:
    """Every secret a setting holds: the `SecretStr` ones and the database password."""
    values: list[str | None] = [
        value.get_secret_value()
        for name in type(settings).model_fields
        if hasattr(value := getattr(settings, name), "get_secret_value")
    ]
    with contextlib.suppress(Exception):  # not a URL SQLAlchemy reads: no password in it
        values.append(make_url(settings.database_url).password)
    return values


def protect_logs(settings: Settings) -> None:
    """Redact every record from now on; idempotent (each worker process calls it)."""
    redact.add(settings_secrets(settings))
    if logging.getLogRecordFactory() is not _redacted_record:
        logging.setLogRecordFactory(_redacted_record)
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)


# Loggers that say nothing a person running todobot needs (alembic lists its plugins).
CHATTY = ("alembic.runtime.plugins",)


def level_of(name: str) -> int:
    level = logging.getLevelNamesMapping().get(name.strip().upper())
    return level if level is not None else logging.INFO


def debugging(level_name: str) -> bool:
    """LOG_LEVEL=DEBUG (or `--debug`): full tracebacks instead of one-line errors."""
    return level_of(level_name) <= logging.DEBUG


def configure_logging(settings: Settings) -> None:
    """The log format of the long-running commands at LOG_LEVEL, redacted, chatter silenced."""
    level = level_of(settings.log_level)
    logging.basicConfig(level=level, format="%(asctime)s %(name)s %(message)s", force=True)
    protect_logs(settings)
    for name in CHATTY:
        logging.getLogger(name).setLevel(max(level, logging.WARNING))
