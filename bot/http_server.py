"""uvicorn as `serve` runs it: keep-alive connections of bounded age, and a shutdown that
answers every request it took and takes none it cannot answer.

Bounded keep-alive: a connection older than `keepalive_max_seconds` (each gets a random
life between half and all of it, so reconnections do not come in waves) answers its next
request with `Connection: close`; the client reconnects, and the kernel hands the new
connection to any worker (`bot/listening.py`). Without it a connection stays with the worker
that first accepted it for as long as the client keeps it, and a replaced worker stays idle.

Shutdown (SIGTERM): 1. refuse new connections and accept those the kernel already queued;
2. close the listener; 3. every open connection gets its next response with
`Connection: close` (an idle one is left open for its client's next request, or closed by
the usual keep-alive timeout — closing it at once could meet a request already on its way);
4. wait for the requests in flight (up to the grace period), then the app's own shutdown.
"""

from __future__ import annotations

import asyncio
import logging
import random
import socket
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from bot import listening

log = logging.getLogger("uvicorn.error")

# After new SYNs are dropped, how long handshakes already under way get to complete.
HANDSHAKE_SETTLE_SECONDS = 0.25


class RecyclingProtocol(HttpToolsProtocol):
    """HTTP/1.1 whose keep-alive connections close after their life or when draining."""

    max_age_seconds: float = 0.0  # 0: no limit

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.draining = False
        self.expires = (
            self.loop.time() + self.max_age_seconds * random.uniform(0.5, 1.0)
            if self.max_age_seconds > 0
            else None
        )

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        expired = self.expires is not None and self.loop.time() >= self.expires
        if self.cycle is not None and (self.draining or expired):
            self.cycle.keep_alive = False  # this response says Connection: close

    def shutdown(self) -> None:
        """The server is draining: finish the request in flight, then close; an idle
        connection answers its next request and closes (or times out idle, as always)."""
        self.draining = True
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.keep_alive = False
        elif self.timeout_keep_alive_task is None and not self.transport.is_closing():
            self.timeout_keep_alive_task = self.loop.call_later(
                self.timeout_keep_alive, self.timeout_keep_alive_handler
            )


class DrainingServer(uvicorn.Server):
    """uvicorn's server with the shutdown described above."""

    def __init__(self, config: uvicorn.Config, listeners: list[socket.socket]) -> None:
        super().__init__(config)
        self.listeners = listeners

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        refusing = [sock for sock in self.listeners if listening.refuse_new_connections(sock)]
        if refusing:
            await self._accept_what_is_queued(refusing)
        await super().shutdown(sockets)

    async def _accept_what_is_queued(self, sockets: list[socket.socket]) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + max(self.config.timeout_graceful_shutdown or 0, 1.0)
        await asyncio.sleep(HANDSHAKE_SETTLE_SECONDS)
        # The accept queue is kernel state with no event to await; the loop is accepting.
        while any(listening.queued(sock) for sock in sockets) and loop.time() < deadline:  # noqa: ASYNC110
            await asyncio.sleep(0.01)


def run(
    app: Any,
    *,
    host: str,
    port: int,
    listener: socket.socket,
    keepalive_max_seconds: float,
    factory: bool = False,
    announce: bool = False,
    **options: Any,
) -> None:
    """Serve `app` on `listener` until SIGTERM/SIGINT, then drain."""
    protocol = type(
        "ServeProtocol", (RecyclingProtocol,), {"max_age_seconds": keepalive_max_seconds}
    )
    # No route is a WebSocket: without ws="none" uvicorn loads the websockets library anyway.
    # No log config: uvicorn's records go through the process's own (bot/logs.py), redacted.
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        factory=factory,
        http=protocol,
        ws="none",
        log_config=None,
        **options,
    )
    if announce:
        announce_listening(host, listener.getsockname()[1])
    DrainingServer(config, [listener]).run(sockets=[listener])


def announce_listening(host: str, port: int) -> None:
    shown = f"[{host}]" if ":" in host else host
    log.info("Uvicorn running on http://%s:%d (Press CTRL+C to quit)", shown, port)
