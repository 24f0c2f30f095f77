"""Webhook mode: the endpoint `todobot serve` mounts at /telegram/webhook.

The endpoint checks the secret Telegram echoes in X-Telegram-Bot-Api-Secret-Token (constant
time), validates the body, records the update in the durable inbox and only then answers:
acks never wait for the model, and an update Telegram heard was received cannot be lost. The
update stays Bot API JSON throughout (no PTB objects are built for it), keeping the ack cheap;
recording it needs neither the Bot API nor python-telegram-bot, so intake imports no PTB and
runs without a Bot API (a worker runs the update later: `deliveries.py`, `application.py`).
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from adapters.nesting import too_deep
from adapters.telegram import deliveries
from adapters.telegram.config import TelegramSetupError
from core.delivery.inbox import Inbox

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_BODY_BYTES = 1_000_000
WEBHOOK_PATH = "/telegram/webhook"

Endpoint = Callable[[Request], Awaitable[Response]]


def make_webhook_endpoint(inbox: Inbox, secret: str) -> Endpoint:
    """A Starlette endpoint: 403 without the right secret, 413 over the size limit, 400 for a
    malformed body, 503 when the inbox cannot record it (Telegram delivers it again),
    otherwise 200 once it is recorded."""
    if not secret:
        raise TelegramSetupError("the Telegram webhook needs a non-empty secret")
    expected = secret.encode()

    async def endpoint(request: Request) -> Response:
        update = await read_webhook(request, expected)
        if isinstance(update, Response):
            return update
        await deliveries.record(inbox, update)
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
    other fields are objects (as every kind of update is), nested within the bound of
    `adapters/nesting.py`. Cheap: the ack waits on it."""
    try:
        text = body.decode()
        data = None if too_deep(text) else json.loads(text)
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
