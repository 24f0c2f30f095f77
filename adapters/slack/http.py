"""Slack's HTTP mode: one Starlette endpoint for events, interactivity and the slash command,
and, for distribution, the install flow's two pages.

`todobot serve` mounts it at `/slack/events`. The signature is checked here, on the raw body,
before bolt parses or logs anything: an unsigned, tampered or stale request (older than five
minutes) is a 401 with one short log line, whatever its body holds. This is the one check:
bolt's own is off (adapters/slack/app.py). A signed body whose JSON bolt could not read (not
JSON, or nested past `adapters/nesting.py`'s bound) is a 400, never a 500 Slack would retry.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from urllib.parse import parse_qsl

from slack_bolt.adapter.starlette.async_handler import AsyncSlackRequestHandler
from slack_bolt.async_app import AsyncApp
from slack_sdk.signature import SignatureVerifier
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from adapters.nesting import too_deep

log = logging.getLogger(__name__)

Endpoint = Callable[[Request], Awaitable[Response]]


def make_slack_endpoint(app: AsyncApp, *, signing_secret: str) -> Endpoint:
    handler = AsyncSlackRequestHandler(app)
    verifier = SignatureVerifier(signing_secret)

    async def endpoint(request: Request) -> Response:
        body = await request.body()
        if not _signed(verifier, request, body):
            log.warning("refused a Slack request without a valid signature (%d bytes)", len(body))
            return PlainTextResponse("invalid signature", status_code=401)
        if not _readable(body.decode(), request.headers.get("Content-Type")):
            log.warning("refused a signed Slack request bolt could not read (%d bytes)", len(body))
            return PlainTextResponse("malformed body", status_code=400)
        return await handler.handle(request)

    return endpoint


def _readable(body: str, content_type: str | None) -> bool:
    """Whether the JSON bolt will parse from this body, by bolt's own rule (a JSON type or
    a leading `{`; else a form's `payload` field), is JSON within the nesting bound."""
    if (content_type or "").split(";")[0].strip() == "application/json" or body.startswith("{"):
        found = body
    elif "payload" in body:
        found = dict(parse_qsl(body, keep_blank_values=True)).get("payload", "")
    else:
        return True
    if not found:
        return True
    if too_deep(found):
        return False
    try:
        json.loads(found)
    except ValueError:
        return False
    return True


def _signed(verifier: SignatureVerifier, request: Request, body: bytes) -> bool:
    try:
        return verifier.is_valid(
            body,
            request.headers.get("X-Slack-Request-Timestamp"),
            request.headers.get("X-Slack-Signature"),
        )
    except (UnicodeDecodeError, ValueError):  # not even text: nobody signed that
        return False


def make_install_endpoint(app: AsyncApp) -> Endpoint:
    """GET /slack/install and /slack/oauth_redirect: bolt's OAuth flow, for the admin's
    browser. Nothing to sign here: the flow's one-time `state` (and its cookie) is the check."""
    handler = AsyncSlackRequestHandler(app)

    async def endpoint(request: Request) -> Response:
        return await handler.handle(request)

    return endpoint
