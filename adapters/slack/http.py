"""Slack's HTTP mode: one Starlette endpoint for events, interactivity and the slash command.

`todobot serve` mounts it at `/slack/events`; bolt checks the signature and answers 401 to
anything unsigned, tampered or older than five minutes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from slack_bolt.adapter.starlette.async_handler import AsyncSlackRequestHandler
from slack_bolt.async_app import AsyncApp
from starlette.requests import Request
from starlette.responses import Response

Endpoint = Callable[[Request], Awaitable[Response]]


def make_slack_endpoint(app: AsyncApp) -> Endpoint:
    handler = AsyncSlackRequestHandler(app)

    async def endpoint(request: Request) -> Response:
        return await handler.handle(request)

    return endpoint
