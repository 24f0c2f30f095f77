"""Slack's HTTP mode: one Starlette endpoint for events, interactivity and the slash command,
and, for distribution, the install flow's two pages.

`todobot serve` mounts it at `/slack/events`. The signature is checked here, on the raw body,
before bolt parses or logs anything: an unsigned, tampered or stale request (older than five
minutes) is a 401 with one short log line, whatever its body holds. This is the one check:
bolt's own is off (adapters/slack/app.py).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from slack_bolt.adapter.starlette.async_handler import AsyncSlackRequestHandler
from slack_bolt.async_app import AsyncApp
from slack_sdk.signature import SignatureVerifier
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

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
        return await handler.handle(request)

    return endpoint


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
