"""One person's deliveries run in arrival order; different people run side by side.

The inbox is the one place this holds, for every platform and every way of running: an item
is handed out only when no earlier item of the same person is still pending, whichever
worker (process, machine) asks.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from adapters.slack import deliveries as slack
from adapters.telegram import deliveries as telegram
from core.agent.base import AgentTurn
from core.delivery.inbox import Inbox
from core.delivery.inbox_policy import InboxPolicy
from core.storage.db import Database
from tests.conftest import _truncate
from tests.draining import drain
from tests.fakes import slack_payloads
from tests.fakes.slack_api import TEAM_ID
from tests.fakes.slack_rig import SlackRig, slack_rig
from tests.fakes.telegram_api import (
    Call,
    callback_update,
    inline_update,
    message_update,
    person,
    private_chat,
)
from tests.harness import ScriptedAgent, build_chat


@dataclass
class Recorder:
    """A processor that notes what ran, and holds the items it is told to hold."""

    started: list[str] = field(default_factory=list)
    finished: list[str] = field(default_factory=list)
    held: dict[str, asyncio.Event] = field(default_factory=dict)
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)

    def hold(self, name: str) -> asyncio.Event:
        self.held[name] = asyncio.Event()
        return self.held[name]

    async def __call__(self, payload: dict[str, Any], redelivered: bool) -> None:
        name = payload["name"]
        await self._note(self.started, name)
        if name in self.held:
            await self.held[name].wait()
        await self._note(self.finished, name)

    async def _note(self, where: list[str], name: str) -> None:
        async with self.changed:
            where.append(name)
            self.changed.notify_all()

    async def wait_until(self, *names: str, done: bool = False) -> None:
        where = self.finished if done else self.started
        async with asyncio.timeout(10), self.changed:
            await self.changed.wait_for(lambda: set(names) <= set(where))


def two_workers(database: Database, recorder: Recorder) -> tuple[Inbox, Inbox]:
    """Two inbox workers on one database, as two processes (or machines) would be."""
    policy = InboxPolicy(concurrency=8, poll_seconds=0.05)
    return (
        Inbox(database, {"test": recorder}, policy),
        Inbox(database, {"test": recorder}, policy),
    )


@pytest.fixture
async def workers(database: Database) -> AsyncIterator[tuple[Inbox, Inbox, Recorder]]:
    recorder = Recorder()
    one, two = two_workers(database, recorder)
    async with one.running(grace_seconds=5), two.running(grace_seconds=5):
        yield one, two, recorder


async def record(inbox: Inbox, name: str, key: str | None) -> None:
    await inbox.record("test", name, {"name": name}, order_key=key)


async def test_a_persons_deliveries_run_one_at_a_time_in_order_on_any_worker(
    workers: tuple[Inbox, Inbox, Recorder],
) -> None:
    one, two, recorder = workers
    release = recorder.hold("alice-1")
    await record(one, "alice-1", "alice")
    await recorder.wait_until("alice-1")
    await record(two, "alice-2", "alice")
    await record(one, "alice-3", "alice")
    await record(two, "bob-1", "bob")
    await record(one, "reminder", None)

    await recorder.wait_until("bob-1", "reminder", done=True)
    assert "alice-2" not in recorder.started, "alice-2 started before alice-1 finished"
    release.set()
    await recorder.wait_until("alice-3", done=True)

    alices = [name for name in recorder.started if name.startswith("alice")]
    assert alices == ["alice-1", "alice-2", "alice-3"]
    assert recorder.started.index("alice-3") > recorder.finished.index("alice-2")


async def test_a_delivery_set_aside_no_longer_holds_up_the_next(database: Database) -> None:
    async def failing(payload: dict[str, Any], redelivered: bool) -> None:
        if payload["name"] == "broken":
            raise ValueError("not something a retry fixes")
        ran.append(payload["name"])

    ran: list[str] = []
    inbox = Inbox(database, {"test": failing}, InboxPolicy())
    await record(inbox, "broken", "alice")
    await record(inbox, "next", "alice")
    await drain(inbox)
    assert ran == ["next"]


async def test_a_delivery_waiting_for_its_retry_holds_up_the_persons_next(
    database: Database,
) -> None:
    attempts: list[str] = []

    async def flaky(payload: dict[str, Any], redelivered: bool) -> None:
        attempts.append(payload["name"])
        if payload["name"] == "first" and attempts.count("first") == 1:
            raise ConnectionError("the platform is away for a moment")

    inbox = Inbox(database, {"test": flaky}, InboxPolicy(retry_base_seconds=3600))
    await record(inbox, "first", "alice")
    await record(inbox, "second", "alice")
    await record(inbox, "bobs", "bob")
    await drain(inbox)
    assert attempts == ["first", "bobs"]  # "second" waits for "first", due in an hour


class GatedAgent(ScriptedAgent):
    """The scripted agent, but a message containing "slow" waits until released."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = asyncio.Event()
        self.release = asyncio.Event()

    async def respond(self, turn: AgentTurn) -> str:
        if "slow" in turn.text:
            self.entered.set()
            await self.release.wait()
        return await super().respond(turn)


@pytest.fixture
async def gated_slack(postgres_url: str) -> AsyncIterator[tuple[SlackRig, GatedAgent]]:
    """PostgreSQL: on SQLite a turn's transaction keeps every other writer (an ack's record
    too) waiting until it ends, so nothing can arrive while a turn is held."""
    _truncate(postgres_url)
    database = Database(postgres_url)
    agent = GatedAgent()
    try:
        async with slack_rig(build_chat(database, agent)) as rig:
            try:
                yield rig, agent
            finally:
                agent.release.set()  # a failed test must not leave a turn held
    finally:
        await database.dispose()


@pytest.mark.postgres
async def test_over_slack_a_persons_next_message_waits_for_the_answer_to_the_last(
    gated_slack: tuple[SlackRig, GatedAgent],
) -> None:
    rig, agent = gated_slack
    first = slack_payloads.dm("add slow milk")
    second = slack_payloads.dm("list")
    bobs = slack_payloads.dm("add tea", user="U0BOB", channel="D0BOB")
    assert (await rig.event(first)).status_code == 200
    await agent.entered.wait()
    assert (await rig.event(second)).status_code == 200
    assert (await rig.event(bobs)).status_code == 200

    await rig.api.wait_for("reactions.add", channel="D0BOB")  # Bob's turn has begun
    assert rig.api.of("reactions.add", timestamp=second["event"]["ts"]) == []
    agent.release.set()
    await rig.settled()

    alices = [call.get("text") for call in rig.api.of("chat.postMessage", channel="D0ALICE")]
    assert alices == ["Added #1 “slow milk”.", "You have 1 pending task:\n1. slow milk"]


def test_slack_deliveries_belong_to_whoever_caused_them() -> None:
    assert slack.order_key(slack_payloads.dm("add milk", user="U0ALICE")) == (
        f"slack:{TEAM_ID}:U0ALICE"
    )
    command = slack_payloads.command("add milk", response_url="http://x", user="U0BOB")
    assert slack.order_key(command) == f"slack:{TEAM_ID}:U0BOB"
    opened = slack_payloads.home_opened(user="U0ALICE")
    assert slack.order_key(opened) == f"slack:{TEAM_ID}:U0ALICE"
    assert slack.order_key({"type": "event_callback", "event": {"type": "app_mention"}}) is None


def test_telegram_updates_belong_to_whoever_wrote_or_pressed() -> None:
    ann, ben = person(4242, "Ann"), person(4343, "Ben")
    assert telegram.order_key(message_update(ann, private_chat(ann), "add milk")) == (
        "telegram:4242"
    )
    sent = Call("sendMessage", {"chat_id": "4242", "text": "Delete?"}, result={"message_id": 9})
    assert telegram.order_key(callback_update(ben, sent, "todo:confirm:x")) == "telegram:4343"
    assert telegram.order_key(inline_update(ann, "milk")) is None  # changes nothing
