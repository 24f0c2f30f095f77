"""Logging for every long-running command: one format, quiet HTTP clients, no secrets.

Every log record, from any logger at any level, is redacted when it is created (a log record
factory, so records that never reach the root logger's handlers are covered too, and
tracebacks are redacted as they are formatted into the record): the configured secrets by
value, anything shaped like a bot token, an API key, a bearer token, a JWT or a link code, and
the value of every query parameter named like a credential (`?access_token=…`, `&code=…`).
A record keeps its arguments, each redacted, when that reads exactly as the redacted message
(uvicorn's access lines: formatters may read them); otherwise it becomes that message.
httpx and httpcore log every request URL at INFO, and Telegram's URLs hold the bot token, so
they log warnings only.

Every record goes through one handler on the root logger (uvicorn's own included): text lines,
or one JSON object a line with LOG_FORMAT=json.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import traceback
from collections.abc import Iterable
from datetime import UTC, datetime
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
    r"|\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"  # JWTs, wherever they are
    rf"|\b{_CODE}{{4}}-{_CODE}{{4}}\b"  # link codes as shown
    rf"|(?i:\blink\s+){_CODE}{{8}}\b"  # link codes as typed
)
# A query parameter (or form field) named like a credential: its name stays, its value goes.
# The name's parts are bounded, so no text makes the pattern backtrack over itself.
CREDENTIAL_PARAMETER = re.compile(
    r"(?<![\w.-])((?i:[\w.-]{0,32}(?:token|key|secret|password|passwd|code|signature|sig|"
    r"auth|credential|session)[\w.-]{0,32})=)[^\s&#\"']+"
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
        text = CREDENTIAL_PARAMETER.sub(rf"\1{REDACTED}", text)
        return SECRET_SHAPES.sub(REDACTED, text)


redact = Redactor()
_base_factory = logging.getLogRecordFactory()


def _redacted_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
    record = _base_factory(*args, **kwargs)
    try:
        message = redact(record.getMessage())
    except Exception:  # a malformed call: keep what it said, unformatted
        message = redact(f"{record.msg} {record.args}")
    kept = _arguments_redacted(record, message)
    record.msg, record.args = kept if kept is not None else (message, None)
    if record.exc_info and record.exc_info[1] is not None:
        record.exc_text = redact("".join(traceback.format_exception(*record.exc_info)).rstrip())
    if record.stack_info:
        record.stack_info = redact(record.stack_info)
    return record


def _arguments_redacted(
    record: logging.LogRecord, message: str
) -> tuple[str, tuple[str | int | float, ...]] | None:
    """The record's format and plain arguments (strings, numbers), each redacted, when they
    still read exactly as `message`; None when anything else would be formatted in."""
    if not (isinstance(record.msg, str) and isinstance(record.args, tuple) and record.args):
        return None
    plain = [value for value in record.args if isinstance(value, str | int | float)]
    if len(plain) != len(record.args):
        return None
    form = redact(record.msg)
    values = tuple(redact(value) if isinstance(value, str) else value for value in plain)
    try:
        same = form % values == message
    except (TypeError, ValueError):
        return None
    return (form, values) if same else None


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


TEXT_FORMAT = "%(asctime)s %(name)s %(message)s"
# uvicorn's access line: `client - "METHOD path HTTP/version" status`, its arguments in order.
ACCESS_LOGGER = "uvicorn.access"
ACCESS_FIELDS = ("client", "method", "path", "http_version", "status")


class JsonLines(logging.Formatter):
    """One JSON object a line: time, level, logger, message (already redacted), an access
    line's request fields, and a traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        access = record.args if record.name == ACCESS_LOGGER else None
        if isinstance(access, tuple) and len(access) == len(ACCESS_FIELDS):
            line.update(zip(ACCESS_FIELDS, access, strict=True))
        if record.exc_info and not record.exc_text:
            record.exc_text = redact(self.formatException(record.exc_info))
        if record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = redact(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def configure_logging(settings: Settings) -> None:
    """The log of the long-running commands at LOG_LEVEL, in LOG_FORMAT, redacted, chatter
    silenced; uvicorn's loggers write through it too (it is run with no log config)."""
    level = level_of(settings.log_level)
    handler = logging.StreamHandler()
    handler.setFormatter(
        JsonLines() if settings.log_format == "json" else logging.Formatter(TEXT_FORMAT)
    )
    logging.basicConfig(level=level, handlers=[handler], force=True)
    protect_logs(settings)
    for name in CHATTY:
        logging.getLogger(name).setLevel(max(level, logging.WARNING))
