"""A fake Slack Socket Mode server: a real WebSocket on 127.0.0.1 that sends envelopes and
records the acks the client sends back."""

from __future__ import annotations

import asyncio
import json
import uuid
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve


@dataclass
class FakeSlackSocket:
    acks: dict[str, dict[str, Any]] = field(default_factory=dict)
    url: str = ""
    _server: Server | None = None
    _connections: list[ServerConnection] = field(default_factory=list)
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)

    async def start(self) -> FakeSlackSocket:
        self._server = await serve(self._serve, "127.0.0.1", 0)
        port = next(iter(self._server.sockets)).getsockname()[1]
        self.url = f"ws://127.0.0.1:{port}/link/?ticket=fake"
        return self

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def connected(self, within: float = 10) -> None:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: bool(self._connections)), within)

    async def send(self, payload: dict[str, Any], kind: str = "events_api") -> str:
        """Deliver one envelope to the connected client; returns its envelope id."""
        await self.connected()
        envelope_id = str(uuid.uuid4())
        envelope = {
            "envelope_id": envelope_id,
            "type": kind,
            "payload": payload,
            "accepts_response_payload": kind != "events_api",
            "retry_attempt": 0,
            "retry_reason": "",
        }
        await self._connections[-1].send(json.dumps(envelope))
        return envelope_id

    async def wait_ack(self, envelope_id: str, within: float = 10) -> dict[str, Any]:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: envelope_id in self.acks), within)
        return self.acks[envelope_id]

    async def _serve(self, connection: ServerConnection) -> None:
        hello = {"type": "hello", "num_connections": 1, "connection_info": {"app_id": "A0001"}}
        await connection.send(json.dumps(hello))
        async with self._changed:
            self._connections.append(connection)
            self._changed.notify_all()
        try:
            async for raw in connection:
                message = json.loads(raw)
                if "envelope_id" in message:
                    async with self._changed:
                        self.acks[message["envelope_id"]] = message
                        self._changed.notify_all()
        finally:
            async with self._changed:
                self._connections.remove(connection)
