"""`todobot serve` as a person starts it (default settings, the access log on): one access line
per request, redacted, never a logging error, in text and in LOG_FORMAT=json alike."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx
import pytest

from adapters.http.auth import issue_token
from tests.api_rig import SECRET
from tests.serve_processes import ServeProcess, start_serve

BROKEN = ("Traceback", "Logging error", "%d", "%s")


async def _requests(server: ServeProcess) -> tuple[list[str], str]:
    """Requests a new user, an auditor and an attacker send first; what the log gained, and
    the JWT one of them carried in its query string."""
    token = issue_token(SECRET, "ann", now=time.time())
    started = len(server.log)
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
        assert (await client.get("/healthz")).status_code == 200
        assert (await client.get("/api/ann/conversations")).status_code == 401
        leaked = await client.post(f"/mcp?access_token={token}&code=K7QM3XWD", json={})
        assert leaked.status_code == 401
        answered = await client.post(
            "/api/ann/chat",
            json={"message": "add buy milk"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answered.status_code == 200, answered.text
        assert (await client.get("/no-such-page")).status_code == 404
    await server.stop()
    return server.log[started:], token


def _shipped_env(**settings: str) -> dict[str, str]:
    # The README's serve step: a secret for the chat API, every other setting its default
    # (the SQLite file lands in the working directory, a fresh temporary one).
    return {"API_JWT_SECRET": SECRET, **settings}


@pytest.mark.slow
async def test_serve_as_shipped_logs_one_redacted_line_per_request(tmp_path: Path) -> None:
    server = await start_serve(_shipped_env(), tmp_path, access_log=True)
    logged, token = await _requests(server)

    whole = "\n".join(server.log)
    for broken in BROKEN:
        assert broken not in whole, whole
    access = [line for line in logged if " uvicorn.access " in line]
    assert [line.split('"')[1] for line in access] == [
        "GET /healthz HTTP/1.1",
        "GET /api/ann/conversations HTTP/1.1",
        "POST /mcp?access_token=[redacted]&code=[redacted] HTTP/1.1",
        "POST /api/ann/chat HTTP/1.1",
        "GET /no-such-page HTTP/1.1",
    ]
    assert [line.rsplit(" ", 1)[-1] for line in access] == ["200", "401", "401", "200", "404"]
    assert token not in whole and token.split(".")[-1] not in whole
    assert "K7QM3XWD" not in whole
    assert "Started server process [" in whole and f"[{server.process.pid}]" in whole
    assert len(whole.encode()) < 20_000, whole  # no traceback per request


@pytest.mark.slow
async def test_json_log_lines_carry_the_request_and_are_redacted_alike(tmp_path: Path) -> None:
    env = _shipped_env(LOG_FORMAT="json")
    server = await start_serve(env, tmp_path, access_log=True)
    _, token = await _requests(server)

    lines = [json.loads(line) for line in server.log]  # every line, start-up included
    assert {"time", "level", "logger", "message"} <= set(lines[0])
    access = [line for line in lines if line["logger"] == "uvicorn.access"]
    assert [(line["method"], line["path"], line["status"]) for line in access] == [
        ("GET", "/healthz", 200),
        ("GET", "/api/ann/conversations", 401),
        ("POST", "/mcp?access_token=[redacted]&code=[redacted]", 401),
        ("POST", "/api/ann/chat", 200),
        ("GET", "/no-such-page", 404),
    ]
    assert all(line["client"].startswith("127.0.0.1:") for line in access)
    assert all(line["level"] == "INFO" for line in access)
    whole = "\n".join(server.log)
    for broken in BROKEN:
        assert broken not in whole, whole
    assert token not in whole and "K7QM3XWD" not in whole
