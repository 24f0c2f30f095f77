"""Ack latency of todobot and of a floor (the bare library doing only the ack), measured side
by side in one run, so the machine's noise falls on both alike.

The benchmarks start each server in a process of its own (`start_server`), then `measure`
sends blocks of requests to them in turn — a block to the floor, a block to todobot, and
again — each block `concurrency` requests at a time, and `report` prints both latency
distributions and their ratio. The load generator builds every request before the first
is timed and freezes its own heap, so its garbage collector does not stall the clients.
"""

from __future__ import annotations

import asyncio
import gc
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import psutil

from bench.common import percentile
from bench.figures import record

ROOT = Path(__file__).resolve().parent.parent
SHARES = (0.50, 0.95, 0.99)

# One timed request: its URL, body and headers (built before timing starts).
Request = tuple[str, bytes, dict[str, str]]


@dataclass
class Server:
    name: str
    process: asyncio.subprocess.Process
    port: int

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def cpu_seconds(self) -> float:
        """User and system CPU the process has used so far."""
        times = psutil.Process(self.process.pid).cpu_times()
        return times.user + times.system

    async def stop(self) -> None:
        if self.process.returncode is None:
            self.process.terminate()
            await asyncio.wait_for(self.process.wait(), 60)


def environment(settings: dict[str, str], *, unset: Sequence[str] = ()) -> dict[str, str]:
    """This process's environment with `settings` added and the `unset` names removed."""
    kept = {name: value for name, value in os.environ.items() if name not in unset}
    return {**kept, **settings}


async def start_server(script: str, name: str, *args: str, env: dict[str, str]) -> Server:
    """`python <script> --server <name> <args>` with exactly `env`; it prints its port once
    it serves."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        script,
        "--server",
        name,
        *args,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        cwd=ROOT,
    )
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), 120)
    if not line.strip().isdigit():
        raise RuntimeError(f"{name} did not start: {line!r}")
    return Server(name, process, int(line))


def serve_on_free_port(app: Any, *, floor: bool) -> None:
    """Run `app` under uvicorn on a free loopback port and print the port for `start_server`.

    A floor freezes its heap once started, the same treatment todobot's start-up gives its own."""
    import socket

    import uvicorn

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, backlog=1024, timeout_keep_alive=120
    )
    server = uvicorn.Server(config)

    async def serve() -> None:
        serving = asyncio.create_task(server.serve(sockets=[listener]))
        # uvicorn sets `started` once the lifespan has run (todobot's froze its heap then);
        # there is no event to await.
        while not server.started:  # noqa: ASYNC110
            await asyncio.sleep(0.05)
        if floor:
            gc.collect()
            gc.freeze()
        print(listener.getsockname()[1], flush=True)
        await serving

    asyncio.run(serve())


@dataclass
class Latencies:
    """Milliseconds per request, the statuses that were not 200, and the CPU seconds the
    server spent while its requests were sent."""

    ms: list[float] = field(default_factory=list)
    refused: list[int] = field(default_factory=list)
    cpu_seconds: float = 0.0


async def send_all(
    http: aiohttp.ClientSession, requests: Sequence[Request], concurrency: int
) -> Latencies:
    found = Latencies()
    gate = asyncio.Semaphore(concurrency)

    async def one(request: Request) -> None:
        url, body, headers = request
        async with gate:
            started = time.perf_counter()
            try:
                async with http.post(url, data=body, headers=headers) as response:
                    await response.read()
                    status = response.status
            except (aiohttp.ClientError, TimeoutError) as error:
                print(f"request failed: {error!r}", file=sys.stderr)
                status = 0
            found.ms.append((time.perf_counter() - started) * 1000)
            if status != 200:
                found.refused.append(status)

    await asyncio.gather(*(one(request) for request in requests))
    return found


async def measure(
    todobot: Sequence[Request],
    floor: Sequence[Request],
    *,
    concurrency: int,
    block: int,
    servers: tuple[Server, Server] | None = None,
    between_blocks: Callable[[], Awaitable[None]] | None = None,
) -> tuple[Latencies, Latencies]:
    """Alternate blocks of `block` requests between the floor and todobot; with `servers`
    (todobot's, the floor's), note the CPU each used during its own blocks."""
    gc.collect()
    gc.freeze()  # everything built so far lives until the end: keep collections off it
    ours, bare = Latencies(), Latencies()
    timeout = aiohttp.ClientTimeout(total=30)
    async with (
        aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=concurrency), timeout=timeout
        ) as to_todobot,
        aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=concurrency), timeout=timeout
        ) as to_floor,
    ):
        rounds = [(to_floor, floor, bare, 1), (to_todobot, todobot, ours, 0)]
        for start in range(0, max(len(todobot), len(floor)), block):
            for http, requests, into, which in rounds:
                chunk = requests[start : start + block]
                if not chunk:
                    continue
                server = servers[which] if servers else None
                before = server.cpu_seconds() if server else 0.0
                got = await send_all(http, chunk, concurrency)
                into.cpu_seconds += server.cpu_seconds() - before if server else 0.0
                into.ms.extend(got.ms)
                into.refused.extend(got.refused)
                if between_blocks is not None:
                    await between_blocks()
    return ours, bare


def report(
    todobot: Latencies, floor: Latencies, *, floor_name: str, goal: float, figures: Figures
) -> None:
    """Both distributions, their ratio per percentile, and whether p99 is within `goal`x;
    the percentiles are recorded in `figures`' file."""
    rows = [("todobot", todobot.ms), (floor_name, floor.ms)]
    print(f"{'ack latency (ms)':<28}" + "".join(f"{_label(s):>9}" for s in SHARES) + "      max")
    for name, values in rows:
        cells = "".join(f"{percentile(values, share):>9.1f}" for share in SHARES)
        print(f"{name:<28}{cells}{max(values):>9.1f}   (n={len(values)})")
    ratios = [percentile(todobot.ms, s) / percentile(floor.ms, s) for s in SHARES]
    print(f"{'ratio':<28}" + "".join(f"{ratio:>8.2f}x" for ratio in ratios))
    print(
        f"means: todobot {statistics.fmean(todobot.ms):.1f} ms, "
        f"floor {statistics.fmean(floor.ms):.1f} ms"
    )
    if todobot.cpu_seconds and floor.cpu_seconds:
        mine = todobot.cpu_seconds * 1000 / len(todobot.ms)
        theirs = floor.cpu_seconds * 1000 / len(floor.ms)
        print(
            f"server CPU per ack: todobot {mine:.2f} ms, floor {theirs:.2f} ms "
            f"({mine / theirs:.2f}x)"
        )
    figures.record(
        {f"todobot {_label(s)}": percentile(todobot.ms, s) for s in SHARES}
        | {f"floor {_label(s)}": percentile(floor.ms, s) for s in SHARES},
        target=f"p99 at most {goal:g}x the floor's ({floor_name})",
    )
    verdict = "met" if ratios[-1] <= goal else "not met"
    print(f"target p99 <= {goal:g}x the floor: {verdict} ({ratios[-1]:.2f}x)")


@dataclass(frozen=True)
class Figures:
    """Where a side-by-side run's percentiles go: its benchmark, what it was, and how."""

    benchmark: str
    title: str
    label: str
    command: str

    def record(self, values: dict[str, float], *, target: str) -> None:
        record(
            self.benchmark,
            [(self.label, values)],
            title=self.title,
            unit="ms per ack",
            target=target,
            command=self.command,
        )


def _label(share: float) -> str:
    return f"p{round(share * 100)}"
