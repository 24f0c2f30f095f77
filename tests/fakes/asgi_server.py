"""An ASGI app under uvicorn in the test's own event loop, on a socket of 127.0.0.1.

`uvicorn.Server.serve` looks for its exit every 0.1 s and, stopping, pauses 0.1 s before it
waits for the connections: a fifth of a second of every test that stops one. Here the same
steps run without the pauses: startup (the lifespan, when on, then listening), and on the way
out the listener closed, every connection told to close once its response is out, a wait for
the last connection to go (an event, set as it goes) and for the requests still running, then
the lifespan's shutdown.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Literal

import uvicorn


def listening_socket() -> socket.socket:
    """A socket on a port the OS picked; connections queue in its backlog until served."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    return listener


@asynccontextmanager
async def asgi_served(
    app: Any, listener: socket.socket, *, lifespan: Literal["on", "off"] = "off"
) -> AsyncIterator[None]:
    """`app` served on `listener` until the block ends; it listens when the block starts."""
    config = uvicorn.Config(app, lifespan=lifespan, log_level="warning", access_log=False)
    config.load()
    server = uvicorn.Server(config)
    state = server.server_state
    gone = asyncio.Event()

    class Protocol(config.http_protocol_class):  # type: ignore[misc, name-defined]
        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            if not state.connections:
                gone.set()

    config.http_protocol_class = Protocol
    server.lifespan = config.lifespan_class(config)
    await server.startup(sockets=[listener])
    try:
        yield
    finally:
        for listening in server.servers:
            listening.close()
        listener.close()
        gone.clear()  # set by any connection that went during the test
        for connection in list(state.connections):
            connection.shutdown()
        if state.connections:
            await gone.wait()
        await asyncio.gather(*state.tasks, return_exceptions=True)
        await server.lifespan.shutdown()
