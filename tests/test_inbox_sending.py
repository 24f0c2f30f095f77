"""An answer is sent once, even when a slow send outlives its worker's lease and another
worker takes the delivery over: the send is claimed, and only its holder sends."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
from sqlmodel import col, select

from core.chat import ChatService
from core.clock import PinnedClock
from core.delivery.inbox import Inbox
from core.delivery.inbox_policy import InboxPolicy
from core.delivery.inbox_upkeep import Upkeep
from core.storage.db import Database
from core.storage.delivery_models import InboxItem
from core.storage.models import utcnow
from core.types import Incoming
from tests.harness import ScriptedAgent


@dataclass
class SlowPlatform:
    """An adapter whose platform answers its first send only when the test lets it
    (`answer`); any later send goes straight through."""

    chat: ChatService
    answer: asyncio.Event = field(default_factory=asyncio.Event)
    sending: asyncio.Event = field(default_factory=asyncio.Event)
    sent: list[str] = field(default_factory=list)

    async def __call__(self, payload: dict[str, Any], redelivered: bool) -> None:
        incoming = Incoming(
            platform="test",
            user_ref="ann",
            chat_ref="ann",
            text=payload["text"],
            event_id=payload["id"],
        )
        reply = await self.chat.handle(incoming, redelivered=redelivered)
        if reply is None:
            return
        if not self.sending.is_set():
            self.sending.set()
            await self.answer.wait()
        self.sent.append(reply.text)
        await self.chat.answered(incoming)


async def status(database: Database) -> list[tuple[str, int]]:
    async with database.session() as session:
        rows = await session.exec(select(InboxItem).order_by(col(InboxItem.id)))
        return [(item.status, item.attempts) for item in rows.all()]


async def test_a_send_slower_than_the_lease_is_not_repeated_by_the_worker_taking_over(
    database: Database,
) -> None:
    clock = PinnedClock(utcnow(), frozen=True)
    platform = SlowPlatform(ChatService(db=database, agent=ScriptedAgent(), clock=clock))
    slow = Inbox(database, {"test": platform}, InboxPolicy(lease_seconds=10))
    other = Inbox(database, {"test": platform}, InboxPolicy(lease_seconds=10))
    await slow.record("test", "1", {"id": "1", "text": "add milk"})

    [first] = await slow.claim(5)
    sending = asyncio.create_task(slow.process(first))
    await platform.sending.wait()  # the turn committed; its send hangs past the lease
    clock.advance(timedelta(seconds=30))
    [taken_over] = await other.claim(5, now=utcnow() + timedelta(seconds=30))
    assert taken_over.attempts == 2
    await other.process(taken_over)
    assert platform.sent == [], "the second attempt left the send to the first"

    platform.answer.set()
    await sending
    assert platform.sent == ["Added #1 “milk”."], "sent once, by the first attempt"
    assert await status(database) == [("done", 2)]
    assert await other.claim(5, now=utcnow() + timedelta(hours=1)) == []


async def test_an_answer_whose_sender_died_is_sent_once_its_claim_runs_out(
    database: Database,
) -> None:
    clock = PinnedClock(utcnow(), frozen=True)
    platform = SlowPlatform(ChatService(db=database, agent=ScriptedAgent(), clock=clock))
    dying = Inbox(database, {"test": platform}, InboxPolicy(lease_seconds=10))
    await dying.record("test", "2", {"id": "2", "text": "add bread"})
    [first] = await dying.claim(5)
    sending = asyncio.create_task(dying.process(first))
    await platform.sending.wait()
    sending.cancel()  # the worker dies mid-send: the platform never got it
    with pytest.raises(asyncio.CancelledError):
        await sending

    survivor = Inbox(database, {"test": platform}, InboxPolicy(lease_seconds=10))
    [second] = await survivor.claim(5, now=utcnow() + timedelta(seconds=30))
    await survivor.process(second)  # the dead worker's send claim still holds
    assert platform.sent == []

    claim = platform.chat.policy.send_claim
    clock.advance(claim)
    [third] = await survivor.claim(5, now=utcnow() + claim + timedelta(seconds=1))
    await survivor.process(third)
    assert platform.sent == ["Added #1 “bread”."]
    assert await status(database) == [("done", 3)]


class Warned(logging.Handler):
    """Set once a warning is logged."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.event = asyncio.Event()

    def emit(self, record: logging.LogRecord) -> None:
        self.event.set()


@pytest.mark.postgres
async def test_leases_are_renewed_again_after_the_pool_had_no_connection_to_spare(
    postgres_url: str,
) -> None:
    database = Database(postgres_url, pool_size=1, max_overflow=0, pool_timeout=0.2)
    policy = InboxPolicy(lease_seconds=0.6)
    inbox = Inbox(database, {"test": SlowPlatform(ChatService(database, ScriptedAgent()))}, policy)
    await inbox.record("test", "upkeep-3", {"id": "upkeep-3", "text": "add eggs"})
    [item] = await inbox.claim(5)
    leased = await locked_until(database, item.id)
    warned, upkeep_log = Warned(), logging.getLogger("core.delivery.inbox_upkeep")
    upkeep_log.addHandler(warned)
    try:
        async with database.engine.connect() as busy:  # a turn holds the only connection
            await busy.exec_driver_sql("SELECT 1")
            upkeep = asyncio.create_task(
                Upkeep(database, policy, inbox.worker_id, held=lambda: [item.id]).run()
            )
            warning = asyncio.create_task(warned.event.wait())
            await asyncio.wait({upkeep, warning}, timeout=10, return_when="FIRST_COMPLETED")
            assert not upkeep.done(), "the upkeep outlives a pool with no connection to spare"
            assert warning.done(), "the pool's refusal was logged"
        for _ in range(200):  # the connection is free again: the next beat renews the lease
            if await locked_until(database, item.id) != leased:
                break
            await asyncio.sleep(0.05)
        assert await locked_until(database, item.id) > leased
        upkeep.cancel()
    finally:
        upkeep_log.removeHandler(warned)
        await database.dispose()


async def locked_until(database: Database, item_id: int) -> Any:
    async with database.session() as session:
        found = await session.exec(select(InboxItem.locked_until).where(InboxItem.id == item_id))
        return found.one()
