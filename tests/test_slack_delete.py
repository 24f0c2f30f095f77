"""Deletes in Slack: Confirm/Cancel buttons, decided once, by their owner only."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from core.storage.db import Database
from core.types import Action, parse_payload
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import SlackCall
from tests.fakes.slack_rig import SlackRig, slack_rig
from tests.harness import ChatDriver, ScriptedAgent, build_chat


@pytest.fixture
def ttl() -> int:
    return 600


@pytest.fixture
async def slack(database: Database, agent: ScriptedAgent, ttl: int) -> AsyncIterator[SlackRig]:
    async with slack_rig(build_chat(database, agent, confirmation_ttl_seconds=ttl)) as rig:
        yield rig


@pytest.fixture
def alice(slack: SlackRig, database: Database) -> ChatDriver:
    return ChatDriver(slack.worker.chat, database, user="U0ALICE", platform="slack")


async def deliver(slack: SlackRig, payload: dict) -> None:
    assert (await slack.event(payload)).status_code == 200
    await slack.settled()


def buttons(call: SlackCall) -> dict[Action, str]:
    """The values of the buttons under a message, by what they do."""
    actions = [block for block in call["blocks"] if block["type"] == "actions"]
    assert len(actions) == 1, "the message has no buttons"
    found = {}
    for element in actions[0]["elements"]:
        parsed = parse_payload(element["value"])
        assert parsed is not None
        found[parsed[0]] = element["value"]
    return found


async def ask_to_delete(slack: SlackRig, *, in_channel: bool = False) -> SlackCall:
    """Alice adds milk and asks to delete it; returns the question she was shown."""
    make = payloads.mention if in_channel else payloads.dm
    await deliver(slack, make("add buy milk"))
    await deliver(slack, make("delete buy milk"))
    question = slack.api.of("chat.postMessage")[-1]
    assert question["text"].startswith("Delete #") and "“buy milk”?" in question["text"]
    return question


async def click(
    slack: SlackRig,
    question: SlackCall,
    action: Action,
    *,
    user: str = "U0ALICE",
    ephemeral: bool = False,
    response_url_key: str = "click",
) -> None:
    message_ts = f"ts-of-{question['channel']}"
    payload = payloads.block_actions(
        buttons(question)[action],
        action=action.value,
        user=user,
        channel=question["channel"],
        message_ts=message_ts,
        response_url=slack.api.response_url(response_url_key),
        ephemeral=ephemeral,
    )
    if "thread_ts" in question.args:
        payload["message"]["thread_ts"] = question["thread_ts"]
    assert (await slack.click(payload)).status_code == 200
    await slack.settled()


async def test_the_question_has_a_danger_confirm_and_a_cancel(slack: SlackRig) -> None:
    question = await ask_to_delete(slack)
    actions = next(b for b in question["blocks"] if b["type"] == "actions")["elements"]
    assert [e["text"]["text"] for e in actions] == ["Delete “buy milk”", "Cancel"]
    assert actions[0]["style"] == "danger" and "style" not in actions[1]


async def test_confirm_deletes_and_the_question_becomes_the_outcome(
    slack: SlackRig, alice: ChatDriver
) -> None:
    question = await ask_to_delete(slack)
    assert await alice.titles() == ["buy milk"]
    await click(slack, question, Action.CONFIRM)
    [update] = slack.api.of("chat.update")
    assert (update["channel"], update["ts"]) == ("D0ALICE", "ts-of-D0ALICE")
    assert update["text"] == "Deleted #1 “buy milk”."
    assert set(buttons(update)) == {Action.UNDO}  # Confirm and Cancel are gone
    assert await alice.titles() == []


async def test_cancel_keeps_the_task_and_removes_the_buttons(
    slack: SlackRig, alice: ChatDriver
) -> None:
    question = await ask_to_delete(slack)
    await click(slack, question, Action.CANCEL)
    [update] = slack.api.of("chat.update")
    assert update["text"] == "Okay, I kept #1 “buy milk”. Nothing was deleted."
    assert [b["type"] for b in update["blocks"]] == ["section"]
    assert await alice.titles() == ["buy milk"]


async def test_a_strangers_press_is_refused_privately_and_changes_nothing(
    slack: SlackRig, alice: ChatDriver
) -> None:
    question = await ask_to_delete(slack, in_channel=True)
    await click(slack, question, Action.CONFIRM, user="U0BOB")
    [refusal] = slack.api.of("chat.postEphemeral")
    assert (refusal["user"], refusal["channel"]) == ("U0BOB", "C0GENERAL")
    assert refusal["thread_ts"] == question["thread_ts"]
    assert refusal["text"] == "Only the person who asked can confirm or cancel this."
    assert slack.api.of("chat.update") == []
    assert await alice.titles() == ["buy milk"]
    await click(slack, question, Action.CONFIRM)  # the owner still can
    assert [u["text"] for u in slack.api.of("chat.update")] == ["Deleted #1 “buy milk”."]
    assert await alice.titles() == []


async def test_a_double_press_deletes_once(slack: SlackRig, alice: ChatDriver) -> None:
    await deliver(slack, payloads.dm("add eggs"))
    question = await ask_to_delete(slack)
    await click(slack, question, Action.CONFIRM)
    await click(slack, question, Action.CONFIRM)
    assert [u["text"] for u in slack.api.of("chat.update")] == ["Deleted #2 “buy milk”."]
    [second] = slack.api.of("chat.postEphemeral")
    assert second["text"] == "That was already confirmed; nothing more to do."
    assert await alice.titles() == ["eggs"]
    confirmed = [c for c in await alice.audit() if c.action == "delete_task.confirmed"]
    assert len(confirmed) == 1


async def test_a_redelivered_click_is_applied_once(slack: SlackRig, alice: ChatDriver) -> None:
    question = await ask_to_delete(slack)
    payload = payloads.block_actions(
        buttons(question)[Action.CANCEL],
        action="cancel",
        message_ts="ts-1",
        response_url=slack.api.response_url("click"),
    )
    for _ in range(2):
        assert (await slack.click(payload)).status_code == 200
        await slack.settled()
    assert len(slack.api.of("chat.update")) == 1
    assert slack.api.of("chat.postEphemeral") == []


@pytest.mark.parametrize("ttl", [0])
async def test_an_expired_question_says_so_and_keeps_the_task(
    slack: SlackRig, alice: ChatDriver
) -> None:
    question = await ask_to_delete(slack)
    await click(slack, question, Action.CONFIRM)
    [update] = slack.api.of("chat.update")
    assert update["text"].startswith("This request to delete #1 “buy milk” expired")
    assert await alice.titles() == ["buy milk"]


async def test_a_delete_asked_with_todo_is_decided_through_its_response_url(
    slack: SlackRig, alice: ChatDriver
) -> None:
    assert (await slack.command("add buy milk", channel="C0GENERAL")).status_code == 200
    assert (await slack.command("delete 1", channel="C0GENERAL")).status_code == 200
    await slack.settled()
    question = slack.api.of("response_url")[-1]
    assert question["response_type"] == "ephemeral"
    question_in_channel = SlackCall("response_url", {**question.args, "channel": "C0GENERAL"})
    await click(slack, question_in_channel, Action.CONFIRM, ephemeral=True)
    outcome = slack.api.of("response_url", key="click")
    assert [(o["text"], o["replace_original"]) for o in outcome] == [
        ("Deleted #1 “buy milk”.", True)
    ]
    assert set(buttons(outcome[0])) == {Action.UNDO}
    assert slack.api.of("chat.update") == []
    assert await alice.titles() == []


@pytest.mark.parametrize(
    ("said", "outcome", "left"),
    [
        ("yes", "Deleted #1 “buy milk”.", []),
        ("no", "Okay, I kept #1 “buy milk”. Nothing was deleted.", ["buy milk"]),
    ],
)
async def test_a_typed_answer_updates_the_question_to_the_outcome(
    slack: SlackRig, alice: ChatDriver, said: str, outcome: str, left: list[str]
) -> None:
    question = await ask_to_delete(slack)
    await deliver(slack, payloads.dm(said))
    assert slack.api.of("chat.postMessage")[-1]["text"] == outcome  # the answer, as a reply
    [update] = slack.api.of("chat.update")
    assert (update["channel"], update["ts"]) == ("D0ALICE", question.result["ts"])
    assert update["text"] == outcome
    assert [b["type"] for b in update["blocks"]] == ["section"]  # no buttons left
    assert await alice.titles() == left


async def test_a_refused_update_after_a_typed_answer_still_answers(
    slack: SlackRig, alice: ChatDriver, caplog: pytest.LogCaptureFixture
) -> None:
    await ask_to_delete(slack)
    slack.api.refuse("chat.update", error="message_not_found")
    await deliver(slack, payloads.dm("yes"))
    assert slack.api.of("chat.postMessage")[-1]["text"] == "Deleted #1 “buy milk”."
    assert len(slack.api.of("chat.update")) == 1
    assert "could not update the question" in caplog.text
    assert await alice.titles() == []
