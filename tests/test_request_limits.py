"""Request bodies are refused (413) before they are read whole, per endpoint; an unsigned
malformed Slack body is a 401, a signed one (or JSON nested without end) a 400; refusals cost
no memory worth measuring and one short log line."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import func
from sqlmodel import select

from adapters.http.auth import issue_token
from adapters.http.limits import API_BODY_MAX, SLACK_BODY_MAX, TELEGRAM_BODY_MAX
from adapters.nesting import MAX_DEPTH, too_deep
from core.storage.delivery_models import InboxItem
from tests.api_rig import SECRET, ApiRig, api_rig, both_platforms
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI
from tests.fakes.telegram_rig import WEBHOOK_SECRET
from tests.serve_processes import start_serve

TELEGRAM_SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


@pytest.fixture
async def server(
    database_url: str, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI
) -> AsyncIterator[ApiRig]:
    settings = {
        **both_platforms(slack_api, bot_api),
    }
    async with api_rig(database_url, **settings) as rig:
        yield rig


async def test_each_endpoint_refuses_a_body_over_its_own_limit(server: ApiRig) -> None:
    auth = server.auth("ann")
    telegram = {TELEGRAM_SECRET_HEADER: WEBHOOK_SECRET}
    cases = [
        ("/api/ann/chat", API_BODY_MAX, auth),
        ("/api/ann/confirmations/abc", API_BODY_MAX, auth),
        ("/slack/events", SLACK_BODY_MAX, {}),
        ("/telegram/webhook", TELEGRAM_BODY_MAX, telegram),
    ]
    for path, limit, headers in cases:
        declared = await server.client.post(path, content=b"x" * (limit + 1), headers=headers)

        async def chunks(limit: int = limit) -> AsyncIterator[bytes]:
            for _ in range(limit // 4096 + 2):
                yield b"x" * 4096

        streamed = await server.client.post(path, content=chunks(), headers=headers)
        assert declared.status_code == 413, (path, declared.status_code)
        assert streamed.status_code == 413, (path, streamed.status_code)


async def test_the_largest_legal_chat_message_still_fits(server: ApiRig) -> None:
    emoji = "\U0001f600" * 4999  # every character escaped as a 12-byte surrogate pair
    body = json.dumps({"message": "add " + emoji[:4996]}).encode()

    response = await server.client.post(
        "/api/ann/chat",
        content=body,
        headers={**server.auth("ann"), "Content-Type": "application/json"},
    )

    assert len(body) > 59_000
    assert response.status_code == 200, response.text


@pytest.mark.parametrize(
    "body",
    [b"{not json", b"payload=%7Bbroken", b"\xff\xfe\x00garbage", b"", b"command=/todo&text=hi"],
)
async def test_an_unsigned_or_malformed_slack_body_is_a_401_not_a_500(
    server: ApiRig, body: bytes
) -> None:
    unsigned = await server.client.post(
        "/slack/events", content=body, headers={"Content-Type": "application/json"}
    )
    forged = await server.client.post(
        "/slack/events",
        content=body,
        headers={"Content-Type": "application/json", **payloads.sign("other", secret="x")},
    )

    assert unsigned.status_code == 401
    assert forged.status_code == 401
    metrics = (await server.client.get("/metrics")).text
    assert 'where="http:500"' not in metrics


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


DEEP = nested(5_000)  # far past the recursion of Python's json module, within every body limit
SLACK_BODIES = {
    "event": (
        json.dumps(payloads.dm("hi")).replace('"hi"', DEEP),
        "application/json",
    ),
    "interactivity": payloads.form_body(
        {"payload": '{"type": "block_actions", "x": ' + DEEP + "}"}
    ),
    "command": payloads.form_body({"command": "/todo", "text": "hi", "payload": DEEP}),
    "event just past the bound": (
        json.dumps(payloads.dm("hi")).replace('"hi"', nested(MAX_DEPTH)),
        "application/json",
    ),
    "signed but not json": ("{not json", "application/json"),
}


def test_nesting_counts_brackets_outside_strings_only() -> None:
    within = json.loads(nested(MAX_DEPTH - 1))
    assert not too_deep(json.dumps({"text": nested(500), "escaped": '\\"[[[[', "x": within}))
    assert too_deep(json.dumps({"text": '\\"\\"', "x": [within]}))
    assert too_deep(nested(MAX_DEPTH + 1) + '"never closed \\" [[[')
    assert not too_deep('"' + '\\"' * 1000 + "[" * 100)  # all inside one unclosed string


async def inbox_items(server: ApiRig) -> int:
    async with server.database.session() as session:
        return (await session.exec(select(func.count()).select_from(InboxItem))).one()


@pytest.mark.parametrize("shape", list(SLACK_BODIES))
async def test_a_signed_slack_body_nested_without_end_is_a_400_not_a_500(
    server: ApiRig, shape: str
) -> None:
    body, kind = SLACK_BODIES[shape]
    refused = await server.client.post(
        "/slack/events",
        content=body.encode(),
        headers={"Content-Type": kind, **payloads.sign(body)},
    )
    fine = json.dumps((payloads.dm("add milk")) | {"deep": json.loads(nested(30))})
    taken = await server.client.post(
        "/slack/events",
        content=fine.encode(),
        headers={"Content-Type": "application/json", **payloads.sign(fine)},
    )

    assert refused.status_code == 400, refused.text
    assert taken.status_code == 200
    assert await inbox_items(server) == 1  # only the event within the bound
    metrics = (await server.client.get("/metrics")).text
    assert 'where="http:500"' not in metrics


async def test_json_nested_without_end_is_a_400_on_telegram_the_chat_api_and_mcp(
    server: ApiRig,
) -> None:
    update = '{"update_id": 7, "message": {"text": ' + DEEP + "}}"
    telegram = await server.client.post(
        "/telegram/webhook",
        content=update.encode(),
        headers={TELEGRAM_SECRET_HEADER: WEBHOOK_SECRET, "Content-Type": "application/json"},
    )
    json_headers = {**server.auth("ann"), "Content-Type": "application/json"}
    chat = await server.client.post(
        "/api/ann/chat", content=('{"message": ' + DEEP + "}").encode(), headers=json_headers
    )
    mcp = await server.client.post(
        "/mcp",
        content=DEEP.encode(),
        headers={**json_headers, "Accept": "application/json, text/event-stream"},
    )

    assert telegram.status_code == 400, telegram.text
    assert chat.status_code == 400, chat.text
    assert mcp.status_code == 400, mcp.text
    assert await inbox_items(server) == 0
    metrics = (await server.client.get("/metrics")).text
    assert 'where="http:500"' not in metrics


def _rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


HUGE = 50 * 1024 * 1024


async def _huge(client: httpx.AsyncClient, url: str, headers: dict[str, str], declared: bool):
    async def chunks() -> AsyncIterator[bytes]:
        block = b"a" * (1024 * 1024)
        for _ in range(HUGE // len(block)):
            yield block

    extra = {"Content-Length": str(HUGE)} if declared else {}
    try:
        response = await client.post(url, content=chunks(), headers={**headers, **extra})
        return response.status_code
    except httpx.TransportError:
        return "closed"  # the server answered and hung up while we were still sending


@pytest.mark.slow
async def test_huge_bodies_cost_the_server_no_memory_and_one_log_line_each(
    tmp_path: Path, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI
) -> None:
    env = {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'limits.db'}",
        "API_JWT_SECRET": SECRET,
        "AGENT_BACKEND": "builtin",
        "SLACK_BOT_TOKEN": payloads.BOT_TOKEN,
        "SLACK_SIGNING_SECRET": payloads.SIGNING_SECRET,
        "SLACK_API_URL": slack_api.api_url,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_WEBHOOK_SECRET": WEBHOOK_SECRET,
        "TELEGRAM_API_URL": bot_api.base_url,
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    served = await start_serve(env, tmp_path)
    try:
        pid = served.process.pid
        async with httpx.AsyncClient(timeout=60) as client:
            assert (await client.get(f"{served.url}/healthz")).status_code == 200
            before = _rss_bytes(pid)
            logged_before = len(served.log)
            token = issue_token(SECRET, "ann", now=time.time())
            targets = [
                ("/api/ann/chat", {"Authorization": f"Bearer {token}"}),
                ("/api/mallory/chat", {}),
                ("/slack/events", {}),
                ("/telegram/webhook", {TELEGRAM_SECRET_HEADER: WEBHOOK_SECRET}),
            ]
            outcomes = await asyncio.gather(
                *(
                    _huge(client, served.url + path, headers, declared)
                    for path, headers in targets
                    for declared in (True, False)
                    for _ in range(3)
                )
            )
            grown = _rss_bytes(pid) - before
            assert (await client.get(f"{served.url}/healthz")).status_code == 200
    finally:
        await served.stop()

    assert set(outcomes) <= {413, 401, "closed"}, outcomes
    assert grown < 30 * 1024 * 1024, f"RSS grew {grown / 1e6:.0f} MB"
    logged = served.log[logged_before:]
    assert len(logged) <= len(outcomes) + 5, "\n".join(logged)
    assert all(len(line) < 300 for line in logged), "\n".join(logged)
