"""A TCP proxy for tests that can lose the server's answer: the network between a client
and `todobot serve`, where a response can die after the server committed the request."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
from dataclasses import dataclass, field


@dataclass
class CuttingProxy:
    upstream_port: int
    cut_responses: bool = False
    cuts: int = 0
    _server: asyncio.Server | None = None
    _pumps: set[asyncio.Task[None]] = field(default_factory=set)

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.sockets[0].getsockname()[1]}"

    async def start(self) -> CuttingProxy:
        self._server = await asyncio.start_server(self._connect, "127.0.0.1", 0)
        return self

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for pump in list(self._pumps):
            pump.cancel()
        await asyncio.gather(*self._pumps, return_exceptions=True)

    async def _connect(
        self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter
    ) -> None:
        server_in, server_out = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        requests = asyncio.create_task(self._pump(client_in, server_out))
        self._pumps.add(requests)
        try:
            while data := await server_in.read(65536):
                if self.cut_responses:  # the answer is lost: the client sees a reset
                    self.cuts += 1
                    _reset(client_out)
                    break
                client_out.write(data)
                await client_out.drain()
        except ConnectionError:
            pass
        finally:
            requests.cancel()
            self._pumps.discard(requests)
            server_out.close()
            client_out.close()

    @staticmethod
    async def _pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError):
            while data := await source.read(65536):
                sink.write(data)
                await sink.drain()
        sink.close()


def _reset(writer: asyncio.StreamWriter) -> None:
    """Close with RST (linger 0), as a dying peer or a broken network does."""
    sock: socket.socket = writer.get_extra_info("socket")
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()
