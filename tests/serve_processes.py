"""Real `todobot serve` processes on 127.0.0.1 for tests, and a sender that retries like a
platform does: a delivery counts once a worker answered 200; anything else is sent again."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import httpx

STARTED = re.compile(r"Uvicorn running on http://127\.0\.0\.1:(\d+)")
START_TIMEOUT_SECONDS = 90.0


@dataclass
class ServeProcess:
    process: asyncio.subprocess.Process
    log: list[str] = field(default_factory=list)
    url: str = ""
    _reader: asyncio.Task[None] | None = None

    @property
    def alive(self) -> bool:
        return self.process.returncode is None

    def kill(self) -> None:
        """SIGKILL: no shutdown, no cleanup, leases left behind."""
        self.process.send_signal(signal.SIGKILL)

    async def stop(self) -> None:
        """SIGTERM, the graceful way; SIGKILL if that takes too long."""
        if self.alive:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), timeout=20)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        if self._reader is not None:
            await self._reader

    def tail(self, lines: int = 40) -> str:
        return "\n".join(self.log[-lines:])


async def start_serve(
    env: dict[str, str], cwd: Path, *args: str, access_log: bool = False
) -> ServeProcess:
    """`todobot serve --port 0` in a fresh process; returns once it listens. The load tests
    leave the access log out (`--no-access-log`); `access_log` keeps it, as shipped."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "from bot.cli import main; main()",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        *([] if access_log else ["--no-access-log"]),
        *args,
        env={**os.environ, **env},
        cwd=cwd,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    served = ServeProcess(process)
    listening: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    async def read() -> None:
        assert process.stdout is not None
        async for raw in process.stdout:
            line = raw.decode(errors="replace").rstrip()
            served.log.append(line)
            found = STARTED.search(line)
            if found and not listening.done():
                listening.set_result(f"http://127.0.0.1:{found[1]}")
        if not listening.done():
            listening.set_exception(RuntimeError("serve exited:\n" + served.tail()))

    served._reader = asyncio.create_task(read())
    served.url = await asyncio.wait_for(listening, START_TIMEOUT_SECONDS)
    return served


async def start_many(count: int, env: dict[str, str], cwd: Path) -> list[ServeProcess]:
    return list(await asyncio.gather(*(start_serve(env, cwd) for _ in range(count))))


Send = Callable[[httpx.AsyncClient, str], Awaitable[httpx.Response]]


@dataclass
class Sender:
    """Spreads deliveries over the live workers; retries each until one acknowledges it."""

    workers: Sequence[ServeProcess]
    client: httpx.AsyncClient
    concurrency: int = 32

    async def deliver_all(self, sends: Sequence[Send], *, pace: float = 0.0) -> None:
        """Deliver every send; with `pace`, the n-th starts no sooner than n × pace seconds in."""
        gate = asyncio.Semaphore(self.concurrency)
        loop = asyncio.get_running_loop()
        began = loop.time()

        async def one(index: int, send: Send) -> None:
            if pace:
                await asyncio.sleep(max(0.0, began + index * pace - loop.time()))
            async with gate:
                await self.deliver(send, start=index)

        await asyncio.gather(*(one(i, send) for i, send in enumerate(sends)))

    async def deliver(self, send: Send, *, start: int = 0, give_up_after: float = 60) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + give_up_after
        attempt = start
        while True:
            live = [worker for worker in self.workers if worker.alive] or list(self.workers)
            worker = live[attempt % len(live)]
            attempt += 1
            try:
                response = await send(self.client, worker.url)
                if response.status_code == 200:
                    return
                if response.status_code not in (502, 503, 504):
                    raise AssertionError(f"{response.status_code}: {response.text}")
            except httpx.TransportError:
                pass
            if loop.time() > deadline:
                raise AssertionError("no worker acknowledged a delivery within a minute")
            await asyncio.sleep(0.05)
