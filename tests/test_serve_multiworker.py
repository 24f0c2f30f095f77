"""`todobot serve --workers 2`: one port, two processes, and /metrics that adds them up."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from adapters.http.auth import issue_token
from tests.serve_processes import start_serve
from tests.test_serve_ops import sample

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

SECRET = "multiworker-secret-" + "0123456789abcdef" * 3


async def test_two_workers_share_a_port_and_their_metrics(
    postgres_url: str, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)
    env = {
        "DATABASE_URL": postgres_url,
        "API_JWT_SECRET": SECRET,
        "AGENT_BACKEND": "builtin",
        "RATE_LIMIT_PER_MINUTE": "0",
        "DB_POOL_SIZE": "2",
        "DB_MAX_OVERFLOW": "2",
    }
    server = await start_serve(env, tmp_path, "--workers", "2")
    try:
        while sum("Application startup complete" in line for line in server.log) < 2:
            assert server.alive, server.tail()
            await asyncio.sleep(0.05)
        for n in range(20):
            user = f"mw-{n}"
            token = issue_token(SECRET, user, now=time.time())
            async with httpx.AsyncClient(timeout=10) as client:  # a new connection each time
                response = await client.post(
                    f"{server.url}/api/{user}/chat",
                    json={"message": f"add chore {n}"},
                    headers={"Authorization": f"Bearer {token}"},
                )
                assert response.status_code == 200
        async with httpx.AsyncClient(timeout=10) as client:
            readings = [(await client.get(f"{server.url}/metrics")).text for _ in range(6)]
    finally:
        await server.stop()

    for text in readings:  # whichever worker answers, it reports both
        assert sample(text, "todobot_turns_total", platform="api", kind="message") == 20
        assert sample(text, "todobot_tool_calls_total", tool="add_task", outcome="ok") == 20
    assert server.process.returncode == 0
    started = [line for line in server.log if "Started server process" in line]
    assert len(started) == 2
