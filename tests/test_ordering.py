"""One person's deliveries run in arrival order; different people run side by side."""

from __future__ import annotations

import asyncio

from adapters.ordering import KeyedLocks
from adapters.slack.translate import sender
from tests.fakes import slack_payloads
from tests.fakes.slack_api import TEAM_ID


async def test_same_key_runs_in_arrival_order_and_other_keys_do_not_wait() -> None:
    locks = KeyedLocks()
    order: list[str] = []
    alice_first_may_finish = asyncio.Event()

    async def step(key: str, name: str, wait: asyncio.Event | None = None) -> None:
        async with locks.hold(key):
            if wait is not None:
                await wait.wait()
            order.append(name)

    first = asyncio.create_task(step("alice", "alice-1", alice_first_may_finish))
    second = asyncio.create_task(step("alice", "alice-2"))
    await step("bob", "bob-1")
    assert order == ["bob-1"]
    alice_first_may_finish.set()
    await asyncio.gather(first, second)
    assert order == ["bob-1", "alice-1", "alice-2"]
    assert len(locks) == 0


async def test_no_key_means_no_waiting() -> None:
    locks = KeyedLocks()
    async with locks.hold(None), locks.hold(None):
        pass
    assert len(locks) == 0


def test_slack_sender_of_each_kind_of_delivery() -> None:
    assert sender(slack_payloads.dm("add milk", user="U0ALICE")) == (TEAM_ID, "U0ALICE")
    assert sender(slack_payloads.command("add milk", response_url="http://x", user="U0BOB")) == (
        TEAM_ID,
        "U0BOB",
    )
    assert sender(slack_payloads.home_opened(user="U0ALICE")) == (TEAM_ID, "U0ALICE")
    assert sender({"type": "event_callback", "event": {"type": "app_mention"}}) is None
