"""The durable inbox on both databases: recorded once, applied once, never dropped."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import col, select

from core.chat import ChatService
from core.clock import PinnedClock
from core.delivery.inbox import Inbox
from core.delivery.inbox_policy import InboxPolicy
from core.storage.db import Database
from core.storage.delivery_models import InboxItem
from core.storage.models import Task, utcnow
from core.types import Incoming
from tests.draining import run_once
from tests.harness import ScriptedAgent, build_chat


@dataclass
class ChatProcessor:
    """What a platform adapter does with a recorded update: a turn, then a reply sent."""

    chat: ChatService
    sent: list[tuple[str, str]] = field(default_factory=list)
    refuse_sends: int = 0  # the platform refuses this many sends, after the turn committed

    async def __call__(self, payload: dict[str, Any], redelivered: bool) -> None:
        incoming = Incoming(
            platform="test",
            user_ref=payload["user"],
            chat_ref=payload["user"],
            text=payload["text"],
            event_id=payload["id"],
        )
        reply = await self.chat.handle(incoming, redelivered=redelivered)
        if reply is None:
            return
        if self.refuse_sends:
            self.refuse_sends -= 1
            await self.chat.unsent(incoming)
            raise ConnectionError("the platform refused the send")
        self.sent.append((payload["id"], reply.text))
        await self.chat.answered(incoming)


def update(number: int, user: str = "ann") -> dict[str, Any]:
    return {"id": str(number), "user": user, "text": f"add errand {number}"}


async def items(database: Database) -> list[InboxItem]:
    async with database.session() as session:
        return list((await session.exec(select(InboxItem).order_by(col(InboxItem.id)))).all())


async def titles(database: Database) -> list[str]:
    async with database.session() as session:
        result = await session.exec(select(Task.title).order_by(col(Task.title)))
        return list(result.all())


def inbox_for(database: Database, processor: Any, **policy: Any) -> Inbox:
    return Inbox(database, {"test": processor}, InboxPolicy(**policy))


async def test_a_redelivered_update_is_recorded_once_and_applied_once(database: Database) -> None:
    processor = ChatProcessor(build_chat(database, ScriptedAgent()))
    inbox = inbox_for(database, processor)

    assert await inbox.record("test", "1", update(1)) is True
    assert await inbox.record("test", "1", update(1)) is False
    assert await run_once(inbox) == 1
    assert await run_once(inbox) == 0

    assert processor.sent == [("1", "Added #1 “errand 1”.")]
    assert await titles(database) == ["errand 1"]
    [item] = await items(database)
    assert (item.status, item.attempts, item.locked_until) == ("done", 1, None)


async def test_a_worker_that_died_mid_turn_leaves_the_item_to_another(database: Database) -> None:
    processor = ChatProcessor(build_chat(database, ScriptedAgent()))
    dead = inbox_for(database, processor, lease_seconds=0)
    await dead.record("test", "7", update(7))
    assert [item.delivery_id for item in await dead.claim(5)] == ["7"]
    # ...and the worker is gone before it ran the turn. Its zero-second lease has run out:

    survivor = inbox_for(database, processor)
    assert await run_once(survivor) == 1
    assert processor.sent == [("7", "Added #1 “errand 7”.")]
    assert [(i.status, i.attempts) for i in await items(database)] == [("done", 2)]


async def test_a_live_lease_keeps_other_workers_off(database: Database) -> None:
    processor = ChatProcessor(build_chat(database, ScriptedAgent()))
    holder = inbox_for(database, processor, lease_seconds=60)
    await holder.record("test", "1", update(1))
    assert len(await holder.claim(5)) == 1
    assert await inbox_for(database, processor).claim(5) == []
    assert processor.sent == []


async def test_reprocessing_an_item_whose_turn_committed_changes_nothing(
    database: Database,
) -> None:
    processor = ChatProcessor(build_chat(database, ScriptedAgent()))
    first = inbox_for(database, processor, lease_seconds=0)
    await first.record("test", "3", update(3))
    [claimed] = await first.claim(5)
    await processor(claimed.payload, False)  # commits and answers, then dies before settling

    assert await run_once(inbox_for(database, processor)) == 1
    assert processor.sent == [("3", "Added #1 “errand 3”.")]
    assert await titles(database) == ["errand 3"]
    assert [i.status for i in await items(database)] == ["done"]


async def test_a_worker_that_died_before_sending_leaves_the_answer_to_the_next(
    database: Database,
) -> None:
    clock = PinnedClock(utcnow(), frozen=True)
    chat = ChatService(db=database, agent=ScriptedAgent(), clock=clock)
    processor = ChatProcessor(chat)
    first = inbox_for(database, processor, lease_seconds=0)
    await first.record("test", "3", update(3))
    [claimed] = await first.claim(5)
    payload = claimed.payload
    turn = Incoming(
        platform="test", user_ref="ann", chat_ref="ann", text=payload["text"], event_id="3"
    )
    assert await chat.handle(turn) is not None  # committed; the worker dies before the send

    # Its send claim holds off the next attempt (it might be sending still) until it runs out.
    next_worker = inbox_for(database, processor)
    assert await run_once(next_worker) == 1
    assert processor.sent == []
    clock.advance(chat.policy.send_claim)
    later = utcnow() + chat.policy.send_claim
    [again] = await next_worker.claim(5, now=later)
    await next_worker.process(again)
    assert processor.sent == [("3", "Added #1 “errand 3”.")]
    assert await titles(database) == ["errand 3"]
    assert await chat.unanswered(platform="test", event_id="3") is None


async def test_a_send_the_platform_refused_is_sent_on_the_retry(database: Database) -> None:
    processor = ChatProcessor(build_chat(database, ScriptedAgent()), refuse_sends=1)
    inbox = inbox_for(database, processor, retry_base_seconds=0)
    await inbox.record("test", "8", update(8))
    await run_once(inbox)  # the turn commits, the send is refused: the item will be retried
    assert processor.sent == []
    await run_once(inbox)

    assert processor.sent == [("8", "Added #1 “errand 8”.")]
    assert await titles(database) == ["errand 8"]
    assert [i.status for i in await items(database)] == ["done"]


async def test_a_failing_processor_is_retried_then_parked_with_its_error(
    database: Database,
) -> None:
    calls: list[str] = []

    async def flaky(payload: dict[str, Any], redelivered: bool) -> None:
        calls.append(payload["id"])
        raise ConnectionError("telegram is down")

    inbox = inbox_for(database, flaky, max_attempts=3, retry_base_seconds=0)
    await inbox.record("test", "9", update(9))
    for _ in range(5):
        await run_once(inbox)

    assert calls == ["9", "9", "9"]
    [item] = await items(database)
    assert (item.status, item.attempts) == ("failed", 3)
    assert item.last_error == "ConnectionError: telegram is down"


async def test_a_retry_waits_for_its_backoff(database: Database) -> None:
    seen: list[str] = []

    async def fails_once(payload: dict[str, Any], redelivered: bool) -> None:
        first_time = payload["id"] not in seen
        seen.append(payload["id"])
        if first_time:
            raise ConnectionError("blip")

    slow = inbox_for(database, fails_once, retry_base_seconds=300)
    await slow.record("test", "4", update(4))
    await run_once(slow)
    assert await run_once(slow) == 0  # backing off
    [item] = await items(database)
    assert (item.status, item.last_error) == ("pending", "ConnectionError: blip")

    quick = inbox_for(database, fails_once, retry_base_seconds=0)
    await quick.record("test", "5", update(5))
    await run_once(quick)
    await run_once(quick)
    assert seen == ["4", "5", "5"]


async def test_items_of_a_source_without_a_processor_wait(database: Database) -> None:
    inbox = Inbox(database, {}, InboxPolicy())
    await inbox.record("slack", "Ev1", {"event": "x"})
    assert await run_once(inbox) == 0
    assert [i.status for i in await items(database)] == ["pending"]


async def test_two_workers_claim_disjoint_items(database: Database) -> None:
    processor = ChatProcessor(build_chat(database, ScriptedAgent()))
    one, two = inbox_for(database, processor), inbox_for(database, processor)
    for number in range(20):
        await one.record("test", str(number), update(number, user=f"u{number % 4}"))

    first, second = await asyncio.gather(one.claim(12), two.claim(12))

    ids = [item.delivery_id for item in first + second]
    assert sorted(ids, key=int) == [str(n) for n in range(20)]


async def test_the_worker_loop_applies_everything_once_and_stops_gracefully(
    database: Database,
) -> None:
    processor = ChatProcessor(build_chat(database, ScriptedAgent()))
    released, started, others_done = asyncio.Event(), asyncio.Event(), asyncio.Event()

    async def slow_then_chat(payload: dict[str, Any], redelivered: bool) -> None:
        if payload["id"] == "slow":
            started.set()
            await released.wait()
        await processor(payload, redelivered)
        if len(processor.sent) == 30:
            others_done.set()

    inbox = inbox_for(database, slow_then_chat, concurrency=4, poll_seconds=0.05)
    worker = asyncio.create_task(inbox.run())
    await inbox.record("test", "slow", {"id": "slow", "user": "zed", "text": "add the slow one"})
    for number in range(30):
        await inbox.record("test", str(number), update(number, user=f"u{number % 3}"))
        await inbox.record("test", str(number), update(number, user=f"u{number % 3}"))
    await started.wait()
    await others_done.wait()

    stopping = asyncio.create_task(inbox.stop(grace_seconds=10))
    await asyncio.sleep(0.05)
    assert not stopping.done(), "stop() must wait for the turn in flight"
    released.set()
    await stopping
    await worker

    assert len(processor.sent) == 31
    assert len(await titles(database)) == 31
    assert {i.status for i in await items(database)} == {"done"}
