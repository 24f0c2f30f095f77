"""A small OpenAI-compatible server on 127.0.0.1 for tests and the benchmark.

It answers `POST .../chat/completions` from a script (one response per request, in order) or,
when the script is empty, from a responder function; it records every request body. It runs
in its own thread with its own event loop, so a slow scripted answer never blocks the client.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web


@dataclass
class Scripted:
    status: int = 200
    body: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


_ids = itertools.count(1)


def _completion(message: dict[str, Any], finish_reason: str) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-{next(_ids)}",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": "fake-model",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


def text(content: str, delay: float = 0.0) -> Scripted:
    return Scripted(
        body=_completion({"role": "assistant", "content": content}, "stop"), delay=delay
    )


def tool_calls(*calls: tuple[str, dict[str, Any] | str]) -> Scripted:
    """Tool calls in one answer; a str argument is sent verbatim (to script invalid JSON)."""
    listed = [
        {
            "id": f"call_{next(_ids)}",
            "type": "function",
            "function": {
                "name": name,
                "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments),
            },
        }
        for name, arguments in calls
    ]
    message = {"role": "assistant", "content": None, "tool_calls": listed}
    return Scripted(body=_completion(message, "tool_calls"))


def tool_call(name: str, arguments: dict[str, Any] | str) -> Scripted:
    return tool_calls((name, arguments))


def error(status: int, message: str, *, code: str | None = None, kind: str | None = None,
          headers: dict[str, str] | None = None) -> Scripted:  # fmt: skip
    body = {
        "error": {"message": message, "type": kind or code or "error", "code": code, "param": None}
    }
    return Scripted(status=status, body=body, headers=headers or {})


def rate_limited() -> Scripted:
    return error(429, "Rate limit reached, slow down.", code="rate_limit_exceeded", kind="requests")


def quota_exceeded() -> Scripted:
    return error(429, "You exceeded your current quota.", code="insufficient_quota",
                 kind="insufficient_quota")  # fmt: skip


def server_error() -> Scripted:
    return error(500, "The server had an error while processing your request.", kind="server_error")


Responder = Callable[[dict[str, Any]], Scripted]


class FakeOpenAI:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self.authorizations: list[str] = []
        self.responder: Responder | None = None
        self._script: deque[Scripted] = deque()
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def push(self, *responses: Scripted) -> None:
        with self._lock:
            self._script.extend(responses)

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._script)

    def messages(self, index: int = -1) -> list[dict[str, Any]]:
        return list(self.requests[index]["messages"])

    async def _handle(self, request: web.Request) -> web.Response:
        body = await request.json()
        with self._lock:
            self.requests.append(body)
            self.paths.append(request.path)
            self.authorizations.append(request.headers.get("Authorization", ""))
            scripted = self._script.popleft() if self._script else None
        if scripted is None:
            scripted = self.responder(body) if self.responder else error(500, "script exhausted")
        if scripted.delay:
            await asyncio.sleep(scripted.delay)
        return web.json_response(scripted.body, status=scripted.status, headers=scripted.headers)

    def start(self, port: int = 0) -> FakeOpenAI:
        """Serve on `port` (0: any free one), in a thread of its own."""
        ready = threading.Event()

        def serve() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            app = web.Application()
            app.router.add_post("/v1/chat/completions", self._handle)
            app.router.add_post("/chat/completions", self._handle)
            self._runner = web.AppRunner(app, shutdown_timeout=0.1, access_log=None)
            loop.run_until_complete(self._runner.setup())
            site = web.TCPSite(self._runner, "127.0.0.1", port)
            loop.run_until_complete(site.start())
            self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self._runner.cleanup())
            loop.close()

        self._thread = threading.Thread(target=serve, name="fake-openai", daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("the fake OpenAI server did not start")
        return self

    def stop(self) -> None:
        if self._loop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
