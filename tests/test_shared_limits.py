"""Limits on requests that leave no row of their own (chat API reads, button presses) hold for
the whole deployment: every process on one PostgreSQL draws on one budget per person."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from adapters.http.auth import issue_token
from core.chat import ChatService
from core.chat.policy import ChatPolicy
from core.clock import PinnedClock
from core.storage.db import Database
from core.types import Action, Press
from tests.conftest import _truncate
from tests.harness import ScriptedAgent
from tests.serve_processes import start_many

pytestmark = pytest.mark.postgres

SECRET = "shared-limits-secret-" + "0123456789abcdef" * 3


async def test_two_processes_databases_share_one_press_budget(postgres_url: str) -> None:
    _truncate(postgres_url)
    clock = PinnedClock(datetime(2026, 3, 2, 9, 0, tzinfo=UTC), frozen=True)
    databases = [Database(postgres_url), Database(postgres_url)]  # as two workers hold them
    policy = ChatPolicy(rate_limit_per_minute=2)
    services = [
        ChatService(db=db, agent=ScriptedAgent(), policy=policy, clock=clock) for db in databases
    ]
    ann = Press(platform="telegram", user_ref="7", token="nope", action=Action.CONFIRM)
    bob = Press(platform="telegram", user_ref="8", token="nope", action=Action.CONFIRM)

    async def outcome(service: ChatService, press: Press) -> str | None:
        reply = await service.press(press)
        return reply.outcome if reply else None

    try:
        first, second = services
        pressed = [await outcome(services[n % 2], ann) for n in range(6)]
        bobs = await outcome(second, bob)
        clock.advance(timedelta(seconds=59))
        still = await outcome(first, ann)
        clock.advance(timedelta(seconds=2))
        later = [await outcome(second, ann), await outcome(first, ann)]
    finally:
        await asyncio.gather(*(db.dispose() for db in databases))

    # twice the message limit, across both: four, then refusals wherever they land
    assert pressed == ["not_found"] * 4 + ["rate_limited"] * 2
    assert bobs == "not_found"
    assert still == "rate_limited"
    assert later == ["not_found", "not_found"]  # a minute on, the window has slid


@pytest.mark.slow
async def test_two_serve_processes_share_one_api_request_budget(
    postgres_url: str, tmp_path: Path
) -> None:
    _truncate(postgres_url)
    env = {
        "DATABASE_URL": postgres_url,
        "API_JWT_SECRET": SECRET,
        "API_REQUESTS_PER_MINUTE": "4",
        "DB_POOL_SIZE": "2",
    }
    servers = await start_many(2, env, tmp_path)
    auth = {"Authorization": f"Bearer {issue_token(SECRET, 'ann', now=time.time())}"}
    bob = {"Authorization": f"Bearer {issue_token(SECRET, 'bob', now=time.time())}"}
    try:
        async with httpx.AsyncClient(timeout=30) as client:
            answers = [
                await client.get(f"{servers[n % 2].url}/api/ann/conversations", headers=auth)
                for n in range(6)
            ]
            bobs = await client.get(f"{servers[1].url}/api/bob/conversations", headers=bob)
    finally:
        await asyncio.gather(*(server.stop() for server in servers))

    assert [answer.status_code for answer in answers] == [200] * 4 + [429] * 2
    assert all(1 <= int(answer.headers["Retry-After"]) <= 60 for answer in answers[4:])
    assert bobs.status_code == 200
