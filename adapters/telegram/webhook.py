"""Webhook mode: the endpoint `todobot serve` mounts at /telegram/webhook.

The endpoint checks the secret Telegram echoes in X-Telegram-Bot-Api-Secret-Token (constant
time), validates the body and starts the update as a task of the running Application (which
finishes its tasks when it stops), then answers at once: acks never wait for the model. The
update stays Bot API JSON throughout (no PTB objects are built for it), keeping the ack cheap.
`process_update` runs one update to completion and raises if it fails, for a caller that
stores updates and retries them (a durable inbox).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from telegram.error import InvalidToken, TelegramError
from telegram.ext import Application

from adapters.telegram.application import ALLOWED_UPDATES, bridge_of, initialize
from adapters.telegram.config import TelegramSetupError
from core.delivery.inbox import RetryLater

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_BODY_BYTES = 1_000_000
WEBHOOK_PATH = "/telegram/webhook"

Endpoint = Callable[[Request], Awaitable[Response]]


def make_telegram_endpoint(application: Application, secret: str) -> Endpoint:
    """A Starlette endpoint: 403 without the right secret, 400 for a malformed body, 503
    while the Application is not running (Telegram retries), otherwise 200 once queued."""
    if not secret:
        raise TelegramSetupError("the Telegram webhook needs a non-empty secret")
    expected = secret.encode()

    async def endpoint(request: Request) -> Response:
        update = await read_webhook(request, expected)
        if isinstance(update, Response):
            return update
        if not application.running:
            return PlainTextResponse("not ready", status_code=503)
        application.create_task(process_update(application, update), update=update)
        return Response(status_code=200)

    return endpoint


async def read_webhook(request: Request, expected_secret: bytes) -> dict[str, Any] | Response:
    """The update a webhook request carries, or the answer refusing it: 403 without the right
    secret (compared in constant time), 413 over the size limit, 400 for a malformed body."""
    given = request.headers.get(SECRET_HEADER, "").encode()
    if not hmac.compare_digest(given, expected_secret):
        return PlainTextResponse("wrong or missing secret token", status_code=403)
    body = await _read_limited(request)
    if body is None:
        return PlainTextResponse("update too large", status_code=413)
    update = read_body(body)
    if update is None:
        return PlainTextResponse("malformed update", status_code=400)
    return update


async def _read_limited(request: Request) -> bytes | None:
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > MAX_BODY_BYTES:
            return None
    return bytes(body)


def read_body(body: bytes) -> dict[str, Any] | None:
    """A webhook body as Bot API JSON; None unless it is an object with an int update_id whose
    other fields are objects (as every kind of update is). Cheap: the ack waits on it."""
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict):
        return None
    update_id = data.get("update_id")
    if not isinstance(update_id, int) or isinstance(update_id, bool):
        return None
    if not all(isinstance(value, dict) for key, value in data.items() if key != "update_id"):
        return None
    return data


class TelegramNotReady(RetryLater):
    """The Application has not reached the Bot API yet; the update should be retried later."""


async def process_update(
    application: Application, payload: Mapping[str, Any], *, redelivered: bool = False
) -> None:
    """Run one update through the core and answer it; raises if that fails. `redelivered`:
    an earlier attempt may have applied it without answering, so send that answer now."""
    if not application.running:
        raise TelegramNotReady("the Telegram application is not running (yet)")
    bridge = bridge_of(application)
    await application.update_processor.process_update(
        payload, bridge.process(payload, application.bot, redelivered=redelivered)
    )


@asynccontextmanager
async def telegram_lifespan(
    application: Application, *, ready: asyncio.Event | None = None
) -> AsyncIterator[Application]:
    """Start the Application for the server's life. It connects in the background, so an
    unreachable Bot API delays only Telegram (the endpoint answers 503 meanwhile, and Telegram
    redelivers), never the server; `ready` is set once it runs. On shutdown the updates
    already queued are finished."""
    stopping = asyncio.Event()

    async def connect() -> None:
        try:
            if not await initialize(application, stop=stopping):
                return
        except TelegramSetupError as problem:
            log.error("Telegram is off: %s", problem)
            return
        await application.start()
        if ready is not None:
            ready.set()

    connecting = asyncio.create_task(connect(), name="telegram-connect")
    try:
        yield application
    finally:
        stopping.set()
        await connecting
        if application.running:
            await application.stop()
        await application.shutdown()


async def set_webhook(application: Application, url: str, secret: str) -> None:
    """Register `url` with Telegram; raises TelegramSetupError with Telegram's reason."""
    if not re.match(r"^https?://[^/\s]+", url):
        raise TelegramSetupError(f"{url!r} is not an http(s) URL")
    try:
        await application.initialize()
        accepted = await application.bot.set_webhook(
            url, secret_token=secret, allowed_updates=list(ALLOWED_UPDATES)
        )
    except InvalidToken as rejected:
        raise TelegramSetupError(f"Telegram rejected TELEGRAM_BOT_TOKEN ({rejected})") from None
    except TelegramError as refused:
        raise TelegramSetupError(f"Telegram refused the webhook: {refused}") from None
    finally:
        await application.shutdown()
    if not accepted:
        raise TelegramSetupError("Telegram did not accept the webhook")
