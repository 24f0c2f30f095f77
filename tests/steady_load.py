"""A steady chat-API load on a real `todobot serve`, recording what every request saw.

Each client is one person sending "add …" turns one after another, on keep-alive connections
(or a new connection per request), each request with its own Idempotency-Key.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx

from adapters.http.auth import issue_token

WORKER_TURNS = re.compile(r'^todobot_worker_turns_total\{pid="(\d+)"\} (\S+)$', re.M)


@dataclass
class Outcomes:
    answered: list[str] = field(default_factory=list)  # titles added, each answered 200
    refused: int = 0  # connections refused: the client knows nothing was sent
    broken: Counter[str] = field(default_factory=Counter)  # anything else: must stay empty
    statuses: Counter[int] = field(default_factory=Counter)


@dataclass
class SteadyLoad:
    url: str
    secret: str
    clients: int = 16
    keep_alive: bool = True
    retry_failures: bool = False  # resend a failed request (same key) instead of noting it
    stop_when_refused: bool = False
    outcomes: Outcomes = field(default_factory=Outcomes)
    stopping: asyncio.Event = field(default_factory=asyncio.Event)
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)
    _client: httpx.AsyncClient | None = None

    def start(self, name: str) -> SteadyLoad:
        keepalive = self.clients if self.keep_alive else 0
        limits = httpx.Limits(max_connections=self.clients, max_keepalive_connections=keepalive)
        self._client = httpx.AsyncClient(timeout=30, limits=limits)
        self._tasks = [
            asyncio.create_task(self._person(f"{name}-{n}")) for n in range(self.clients)
        ]
        return self

    async def stop(self) -> Outcomes:
        self.stopping.set()
        await asyncio.gather(*self._tasks)
        if self._client is not None:
            await self._client.aclose()
        return self.outcomes

    async def finished(self) -> Outcomes:
        """Wait until every client has stopped by itself (`stop_when_refused`)."""
        await asyncio.gather(*self._tasks)
        return await self.stop()

    async def _person(self, user: str) -> None:
        assert self._client is not None
        token = issue_token(self.secret, user, ttl_seconds=3600, now=time.time())
        turn = 0
        while not self.stopping.is_set():
            title = f"{user} chore {turn}"
            headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": title}
            try:
                response = await self._client.post(
                    f"{self.url}/api/{user}/chat", json={"message": f"add {title}"}, headers=headers
                )
            except httpx.ConnectError:
                self.outcomes.refused += 1
                if self.stop_when_refused:
                    return
                await asyncio.sleep(0.05)
                continue
            except httpx.TransportError as failure:
                if self.retry_failures:
                    await asyncio.sleep(0.05)
                    continue
                self.outcomes.broken[f"{type(failure).__name__}: {failure}"] += 1
                turn += 1
                continue
            self.outcomes.statuses[response.status_code] += 1
            if response.status_code == 200:
                self.outcomes.answered.append(title)
                turn += 1
            elif not self.retry_failures:
                turn += 1


async def worker_turns(url: str) -> dict[int, float]:
    """Turns per worker process, from /metrics (any worker reports them all)."""
    async with httpx.AsyncClient(timeout=10) as client:
        for _ in range(100):
            try:
                text = (await client.get(f"{url}/metrics")).text
                return {int(pid): float(value) for pid, value in WORKER_TURNS.findall(text)}
            except httpx.TransportError:  # a worker going away under us
                await asyncio.sleep(0.05)
    raise AssertionError("no worker answered /metrics")
