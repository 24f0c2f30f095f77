"""Classic MCP sessions over HTTP, in whichever worker holds them.

A classic (2025) client that offers elicitation is asked a delete's question mid-call, and
its answer comes back in a second request of the same session: so classic sessions are kept
(`Mcp-Session-Id`), in the worker that opened them. With several workers on one port a
request of a session may reach another worker, which does not hold it. That request is not
refused ("Session not found" would end the client's session): it is served as a request of
its own, like the stateless transport serves everyone, where a question cannot be asked and a
delete is refused with where to decide it instead. Clients on 2026-07-28 never open a session.
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.types import ASGIApp, Message, Receive, Scope, Send

SESSION_HEADER = b"mcp-session-id"
UNKNOWN_SESSION = 404


@dataclass
class SessionsHereOrAlone:
    """ASGI: `sessions` (the stateful app) answers what it can; a request naming a session
    it does not hold is answered by `alone` (the stateless app) instead."""

    sessions: ASGIApp
    alone: ASGIApp

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not any(
            name == SESSION_HEADER for name, _ in scope.get("headers", [])
        ):
            await self.sessions(scope, receive, send)
            return
        body = await _body(receive)
        unknown = False

        async def unless_unknown(message: Message) -> None:
            nonlocal unknown
            if message["type"] == "http.response.start":
                unknown = message["status"] == UNKNOWN_SESSION
            if not unknown:
                await send(message)

        await self.sessions(scope, _replayed(body, receive), unless_unknown)
        if unknown:
            await self.alone(scope, _replayed(body, receive), send)


async def _body(receive: Receive) -> list[Message]:
    """The request's body messages, read so the request can be offered twice (the SDK's
    body limit still applies, whichever app reads them)."""
    messages = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request" or not message.get("more_body"):
            return messages


def _replayed(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def replay() -> Message:
        return pending.pop(0) if pending else await receive()

    return replay
