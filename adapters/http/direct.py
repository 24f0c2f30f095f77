"""Routes answered before FastAPI's middleware: the platforms' webhooks.

They are all intake does, and they use nothing FastAPI adds (no validation, no dependencies,
no schema), while its stack wraps every request in about ten layers (exception handling and
telemetry, three body limits, an exit stack, the router's matching), which cost an ack more
CPU than recording it. So they are matched by path first and handled by their Starlette
route alone: its own body limit, and the same answers to failures as FastAPI's handlers give
(`errors.answering_failures`).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from starlette.routing import Route
from starlette.types import Receive, Scope, Send


class DirectRoutesApp(FastAPI):
    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._direct: dict[str, Route] = {}

    def add_direct_route(self, route: Route) -> None:
        self._direct[route.path] = route

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = self._direct.get(scope["path"]) if scope["type"] == "http" else None
        if route is None:
            await super().__call__(scope, receive, send)
        else:
            await route.handle(scope, receive, send)  # a wrong method is a 405 there
