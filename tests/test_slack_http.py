"""Slack over HTTP: only signed requests get in, every delivery is applied exactly once."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator

import pytest
from sqlalchemy import func
from sqlmodel import select

from core.storage.db import Database
from core.storage.delivery_models import ProcessedEvent
from core.storage.models import Identity, Message
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_rig import SlackRig, slack_rig
from tests.harness import ChatDriver, ScriptedAgent, build_chat


@pytest.fixture
async def slack(database: Database, agent: ScriptedAgent) -> AsyncIterator[SlackRig]:
    async with slack_rig(build_chat(database, agent)) as rig:
        yield rig


@pytest.fixture
def alice(slack: SlackRig, database: Database) -> ChatDriver:
    return ChatDriver(slack.worker.chat, database, user="U0ALICE", platform="slack")


async def stored_rows(database: Database) -> int:
    async with database.session() as session:
        total = 0
        for table in (Identity, Message, ProcessedEvent):
            total += (await session.exec(select(func.count()).select_from(table))).one()
        return total


async def test_a_signed_event_is_acked_and_answered(slack: SlackRig, alice: ChatDriver) -> None:
    response = await slack.event(payloads.dm("add buy milk"))
    assert response.status_code == 200
    await slack.settled()
    assert [c["text"] for c in slack.api.of("chat.postMessage")] == ["Added #1 “buy milk”."]
    assert await alice.titles() == ["buy milk"]


async def test_slack_can_verify_the_url(slack: SlackRig) -> None:
    challenge = "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"
    body = json.dumps({"token": "t", "challenge": challenge, "type": "url_verification"})
    response = await slack.post(body, "application/json")
    assert response.status_code == 200
    assert response.json()["challenge"] == challenge


@pytest.mark.parametrize(
    "forgery",
    ["wrong-secret", "tampered-body", "stale-timestamp", "unsigned"],
)
async def test_a_forged_request_is_refused_and_changes_nothing(
    slack: SlackRig, database: Database, forgery: str
) -> None:
    body, kind = payloads.json_body(payloads.dm("add buy milk"))
    if forgery == "wrong-secret":
        response = await slack.post(body, kind, secret="0" * 32)
    elif forgery == "tampered-body":
        response = await slack.post(body.replace("buy milk", "rm -rf"), kind, signed_body=body)
    elif forgery == "stale-timestamp":
        response = await slack.post(body, kind, timestamp=int(time.time()) - 6 * 60)
    else:
        response = await slack.http.post(slack.url, content=body, headers={"Content-Type": kind})
    assert response.status_code == 401
    await slack.settled()
    assert await stored_rows(database) == 0
    assert slack.api.of("chat.postMessage") == []


async def test_a_retried_delivery_is_acked_and_applied_once(
    slack: SlackRig, alice: ChatDriver
) -> None:
    delivery = payloads.dm("add buy milk")
    assert (await slack.event(delivery)).status_code == 200
    await slack.settled()
    assert (await slack.event(delivery, retry=1)).status_code == 200
    assert (await slack.event(delivery, retry=2)).status_code == 200
    await slack.settled()
    assert len(slack.api.of("chat.postMessage")) == 1
    assert await alice.titles() == ["buy milk"]
    assert slack.api.reactions == set()


async def test_a_retry_whose_original_was_lost_is_applied(
    slack: SlackRig, alice: ChatDriver
) -> None:
    assert (await slack.event(payloads.dm("add buy milk"), retry=1)).status_code == 200
    await slack.settled()
    assert [c["text"] for c in slack.api.of("chat.postMessage")] == ["Added #1 “buy milk”."]
    assert await alice.titles() == ["buy milk"]


async def test_the_person_sees_a_thinking_mark_until_the_answer(slack: SlackRig) -> None:
    delivery = payloads.dm("list")
    await slack.event(delivery)
    await slack.settled()
    methods = [c.method for c in slack.api.calls if c.method not in ("auth.test", "users.info")]
    assert methods == ["reactions.add", "chat.postMessage", "reactions.remove"]
    added = slack.api.of("reactions.add")[0]
    assert (added["channel"], added["timestamp"]) == ("D0ALICE", delivery["event"]["ts"])


@pytest.mark.parametrize(
    "delivery",
    [
        payloads.bot_message("add spam"),
        payloads.own_message("add buy milk"),
        payloads.edited("add buy milk"),
    ],
    ids=["other-bot", "own-message", "edit"],
)
async def test_bots_edits_and_our_own_messages_are_acked_and_ignored(
    slack: SlackRig, database: Database, delivery: dict
) -> None:
    assert (await slack.event(delivery)).status_code == 200
    await slack.settled()
    assert await stored_rows(database) == 0
    assert [call.method for call in slack.api.calls if call.method != "auth.test"] == []
