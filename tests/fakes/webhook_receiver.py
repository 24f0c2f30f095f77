"""A client's webhook endpoint: a real HTTP server on 127.0.0.1 that records every POST, or
refuses the next few with a status. Tests wait on posts instead of sleeping."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

WAIT_SECONDS = 20.0


@dataclass(frozen=True)
class Post:
    path: str
    headers: dict[str, str]
    body: bytes
    status: int

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class WebhookReceiver:
    url: str = ""
    posts: list[Post] = field(default_factory=list)
    _refusals: list[int] = field(default_factory=list)
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    _runner: web.AppRunner | None = None

    def refuse(self, *statuses: int) -> None:
        """Answer the next posts with these statuses, one each."""
        self._refusals.extend(statuses)

    async def wait_for(self, count: int) -> list[Post]:
        async with asyncio.timeout(WAIT_SECONDS), self._changed:
            await self._changed.wait_for(lambda: len(self.posts) >= count)
        return self.posts[:count]

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/{path:.*}", self._receive)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _receive(self, request: web.Request) -> web.Response:
        status = self._refusals.pop(0) if self._refusals else 204
        post = Post(request.raw_path, dict(request.headers), await request.read(), status)
        async with self._changed:
            self.posts.append(post)
            self._changed.notify_all()
        return web.Response(status=status)


@asynccontextmanager
async def webhook_receiver() -> AsyncIterator[WebhookReceiver]:
    receiver = WebhookReceiver()
    await receiver.start()
    try:
        yield receiver
    finally:
        await receiver.stop()
