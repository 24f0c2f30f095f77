"""Chat-API load on `todobot serve`: throughput, latency and memory at 1, 2 and 4 workers.

    python bench/serve_load.py [--workers 1,2,4] [--clients 100] [--requests 1000]

For each worker count: a fresh PostgreSQL database (on TODOBOT_BENCH_POSTGRES_URL's server,
dropped afterwards), `todobot serve --workers N` in its own process group with the builtin
engine, then `--clients` concurrent clients, each its own user with a JWT, sending
`--requests` chat turns in total ("add ..." and "list", alternating) over keep-alive HTTP.
The rate limit is off so the figures measure the server, not the limiter.

Prints, per worker count: turns/s, p50/p95/p99/max latency, errors, the peak RSS of each
worker process (psutil, sampled every 100 ms), and each worker's share of the measured turns
(`todobot_worker_turns_total{pid}` on /metrics, before and after). The load generator runs
on the same machine and competes for its CPUs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import socket
import statistics
import sys
import time
import uuid
from pathlib import Path

import httpx
import psutil
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adapters.http.auth import issue_token  # noqa: E402
from core.storage.migrate import upgrade  # noqa: E402

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
SECRET = "bench-" + uuid.uuid4().hex * 2
READY = "Application startup complete"
WORKER_TURNS = re.compile(r'^todobot_worker_turns_total\{pid="(\d+)"\} (\S+)$', re.M)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Database:
    """A throwaway database on the benchmark server."""

    def __init__(self, server_url: str) -> None:
        self.admin = create_engine(
            make_url(server_url), isolation_level="AUTOCOMMIT", pool_pre_ping=True
        )
        self.name = f"todobot_bench_serve_{os.getpid()}_{uuid.uuid4().hex[:6]}"
        self.url = make_url(server_url).set(database=self.name).render_as_string(False)

    def __enter__(self) -> str:
        with self.admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{self.name}"'))
        upgrade(self.url)
        return self.url

    def __exit__(self, *_: object) -> None:
        with self.admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)'))
        self.admin.dispose()


async def start_server(workers: int, database_url: str, port: int) -> asyncio.subprocess.Process:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "API_JWT_SECRET": SECRET,
        "AGENT_BACKEND": "builtin",
        "RATE_LIMIT_PER_MINUTE": "0",
        "DB_POOL_SIZE": "8",
        "DB_MAX_OVERFLOW": "4",
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "from bot.cli import main; main()",
        "serve",
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--no-access-log",
        env=env,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,
    )
    ready = 0
    assert process.stdout is not None
    while ready < workers:
        line = await asyncio.wait_for(process.stdout.readline(), 120)
        if not line:
            raise SystemExit(f"serve --workers {workers} exited before it was ready")
        ready += READY in line.decode(errors="replace")
    asyncio.get_running_loop().create_task(_drain(process))
    return process


async def _drain(process: asyncio.subprocess.Process) -> None:
    """Keep the pipe flowing; show the server's warnings and errors."""
    assert process.stdout is not None
    while line := await process.stdout.readline():
        if b"ERROR" in line or b"WARNING" in line or b"Traceback" in line:
            sys.stderr.write("server: " + line.decode(errors="replace"))


def worker_processes(server: asyncio.subprocess.Process, workers: int) -> list[psutil.Process]:
    parent = psutil.Process(server.pid)
    if workers == 1:
        return [parent]
    # uvicorn's workers, not multiprocessing's resource tracker
    children = [c for c in parent.children() if "spawn_main" in " ".join(c.cmdline())]
    return children or [parent]


async def sample_rss(processes: list[psutil.Process], peaks: dict[int, int], stop: asyncio.Event):
    while not stop.is_set():
        for process in processes:
            with contextlib.suppress(psutil.NoSuchProcess):
                peaks[process.pid] = max(peaks.get(process.pid, 0), process.memory_info().rss)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.1)


async def load(base: str, clients: int, requests: int) -> tuple[list[float], int, float]:
    latencies: list[float] = []
    errors = 0
    share, extra = divmod(requests, clients)
    per_client = [share + (1 if i < extra else 0) for i in range(clients)]
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:

        async def client(index: int, count: int) -> None:
            nonlocal errors
            user = f"bench-{index}-{uuid.uuid4().hex[:6]}"
            headers = {"Authorization": f"Bearer {issue_token(SECRET, user, now=time.time())}"}
            for n in range(count):
                message = f"add errand {n} for client {index}" if n % 2 == 0 else "list"
                started = time.perf_counter()
                try:
                    response = await http.post(
                        f"/api/{user}/chat", json={"message": message}, headers=headers
                    )
                    errors += response.status_code != 200
                except httpx.TransportError as error:
                    print(f"client {index}: {type(error).__name__} {error}", file=sys.stderr)
                    errors += 1
                latencies.append(time.perf_counter() - started)

        started = time.perf_counter()
        await asyncio.gather(*(client(i, count) for i, count in enumerate(per_client)))
        return latencies, errors, time.perf_counter() - started


async def worker_turns(base: str) -> dict[str, float]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        text = (await http.get("/metrics")).text
    return {pid: float(value) for pid, value in WORKER_TURNS.findall(text)}


def shares(before: dict[str, float], after: dict[str, float]) -> str:
    done = sorted((after[pid] - before.get(pid, 0.0) for pid in after), reverse=True)
    total = sum(done) or 1.0
    return "/".join(f"{100 * count / total:.0f}" for count in done if count) + " %"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def run(workers: int, clients: int, requests: int, server_url: str) -> str:
    with Database(server_url) as database_url:
        port = free_port()
        server = await start_server(workers, database_url, port)
        base = f"http://127.0.0.1:{port}"
        try:
            await load(base, min(clients, 20), 20 * workers)  # warm-up: connections, caches
            peaks: dict[int, int] = {}
            stop = asyncio.Event()
            sampler = asyncio.create_task(
                sample_rss(worker_processes(server, workers), peaks, stop)
            )
            before = await worker_turns(base)
            latencies, errors, seconds = await load(base, clients, requests)
            spread = shares(before, await worker_turns(base))
            stop.set()
            await sampler
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            await server.wait()
    ms = [value * 1000 for value in latencies]
    rss = ", ".join(f"{peak / 2**20:.0f}" for peak in sorted(peaks.values()))
    return (
        f"| {workers} | {len(latencies) / seconds:.0f} | {statistics.median(ms):.0f} ms "
        f"| {percentile(ms, 0.95):.0f} ms | {percentile(ms, 0.99):.0f} ms | {max(ms):.0f} ms "
        f"| {errors} | {rss} MB | {spread} |"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="1,2,4", help="comma-separated worker counts")
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--requests", type=int, default=1000)
    args = parser.parse_args()
    server_url = os.environ.get("TODOBOT_BENCH_POSTGRES_URL", DEFAULT_POSTGRES)
    print(f"{args.requests} chat turns, {args.clients} concurrent clients, builtin engine")
    print(
        "| workers | turns/s | p50 | p95 | p99 | max | errors | peak RSS per worker "
        "| turns per worker |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for count in (int(n) for n in re.split(r"[,\s]+", args.workers) if n):
        print(await run(count, args.clients, args.requests, server_url), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
