"""Talking to todobot in Slack: DMs, @mentions, `/todo`, App Home; what people see and what
the database holds afterwards."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from adapters.slack.worker import FAILED
from core.commands.extensions import CommandCall
from core.storage.db import Database
from core.types import Attachment, Reply
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


async def deliver(slack: SlackRig, payload: dict) -> None:
    assert (await slack.event(payload)).status_code == 200
    await slack.settled()


async def run_command(slack: SlackRig, text: str, **fields: str) -> None:
    assert (await slack.command(text, **fields)).status_code == 200
    await slack.settled()


def posted(slack: SlackRig) -> list[str]:
    return [call["text"] for call in slack.api.of("chat.postMessage")]


def responded(slack: SlackRig) -> list[str]:
    return [call["text"] for call in slack.api.of("response_url")]


async def test_a_dm_conversation(slack: SlackRig, alice: ChatDriver) -> None:
    await deliver(slack, payloads.dm("add buy milk"))
    await deliver(slack, payloads.dm("add call mom"))
    await deliver(slack, payloads.dm("done 1"))
    await deliver(slack, payloads.dm("list"))
    said = posted(slack)
    assert said[:3] == [
        "Added #1 “buy milk”.",
        "Added #2 “call mom”.",
        "Marked #1 “buy milk” as done.",
    ]
    assert "call mom" in said[3] and "buy milk" not in said[3]
    assert all(call["channel"] == "D0ALICE" for call in slack.api.of("chat.postMessage"))
    assert all("thread_ts" not in call.args for call in slack.api.of("chat.postMessage"))
    assert [(t.title, t.completed) for t in await alice.tasks()] == [
        ("buy milk", True),
        ("call mom", False),
    ]


async def test_a_mention_is_answered_in_its_thread(slack: SlackRig, alice: ChatDriver) -> None:
    asked = payloads.mention("add book the venue")
    await deliver(slack, asked)
    answer = slack.api.of("chat.postMessage")[0]
    assert answer["channel"] == "C0GENERAL"
    assert answer["thread_ts"] == asked["event"]["ts"]
    assert answer["text"] == "Added #1 “book the venue”."
    await deliver(slack, payloads.mention("list", thread_ts=asked["event"]["ts"]))
    follow_up = slack.api.of("chat.postMessage")[1]
    assert follow_up["thread_ts"] == asked["event"]["ts"] and "book the venue" in follow_up["text"]
    assert await alice.titles() == ["book the venue"]


async def test_titles_that_would_ping_are_shown_escaped(slack: SlackRig, alice: ChatDriver) -> None:
    # Slack escapes what people type; a real @-mention arrives as <@U…>.
    await deliver(slack, payloads.dm("add tell &lt;!channel&gt; &amp; <@U0BOB> hi"))
    assert await alice.titles() == ["tell <!channel> & <@U0BOB> hi"]
    call = slack.api.of("chat.postMessage")[0]
    shown = "Added #1 “tell &lt;!channel&gt; &amp; &lt;@U0BOB&gt; hi”."
    assert call["text"] == shown
    assert call["blocks"][0]["text"]["text"] == shown
    await deliver(slack, payloads.dm("list"))
    listing = slack.api.of("chat.postMessage")[1]
    assert "<!channel>" not in str(listing.args) and "<@U0BOB>" not in str(listing.args)


async def test_todo_add_answers_as_the_commands_response(
    slack: SlackRig, alice: ChatDriver
) -> None:
    await run_command(slack, "add buy oat milk")
    assert responded(slack) == ["Added #1 “buy oat milk”."]
    assert slack.api.of("response_url")[0]["response_type"] == "ephemeral"
    assert slack.api.of("chat.postMessage") == []
    assert await alice.titles() == ["buy oat milk"]


async def test_todo_alone_or_help_shows_help(slack: SlackRig, alice: ChatDriver) -> None:
    await run_command(slack, "")
    await run_command(slack, "help")
    first, second = responded(slack)
    assert first == second and "/add" in first
    assert await alice.titles() == []


async def test_todo_new_starts_a_fresh_conversation(slack: SlackRig, alice: ChatDriver) -> None:
    await run_command(slack, "add milk")
    await run_command(slack, "new")
    assert responded(slack)[1].startswith("Started a fresh conversation")
    assert await alice.titles() == ["milk"]


async def test_todo_free_text_goes_to_the_agent_with_a_thinking_ack(
    slack: SlackRig, agent: ScriptedAgent, alice: ChatDriver
) -> None:
    agent.queue(("add_task", {"title": "call the plumber"}))
    response = await slack.command("remind me to call the plumber")
    assert "On it" in response.text
    await slack.settled()
    assert agent.turns[-1].text == "remind me to call the plumber"
    assert responded(slack) == ["Added #1 “call the plumber”."]
    assert await alice.titles() == ["call the plumber"]


async def test_a_command_ack_is_empty_and_immediate(slack: SlackRig) -> None:
    response = await slack.command("list")
    assert response.status_code == 200 and response.content == b""


async def test_app_home_shows_open_tasks(slack: SlackRig) -> None:
    await deliver(slack, payloads.dm("add buy milk"))
    await deliver(slack, payloads.dm("add &lt;!here&gt; party"))
    await deliver(slack, payloads.dm("done 1"))
    await deliver(slack, payloads.home_opened())
    published = slack.api.of("views.publish")
    assert len(published) == 1 and published[0]["user_id"] == "U0ALICE"
    view = published[0]["view"]
    shown = [
        e["options"][0]["text"]["text"]
        for b in view["blocks"]
        if b["type"] == "actions"
        for e in b["elements"]
        if e["type"] == "checkboxes"
    ]
    assert view["type"] == "home" and shown == ["*#2* &lt;!here&gt; party"]


async def test_a_private_reply_in_a_channel_is_ephemeral_and_its_file_goes_to_the_dm(
    slack: SlackRig, alice: ChatDriver
) -> None:
    async def export(call: CommandCall) -> Reply:
        return Reply(
            text="Here is your data.",
            private=True,
            attachment=Attachment("todobot-export.json", b'{"tasks": []}'),
        )

    slack.worker.chat.commands["export"] = export
    asked = payloads.mention("/export")
    await deliver(slack, asked)
    assert slack.api.of("chat.postMessage") == []
    ephemeral = slack.api.of("chat.postEphemeral")
    assert [(c["channel"], c["user"], c["text"]) for c in ephemeral] == [
        ("C0GENERAL", "U0ALICE", "Here is your data.")
    ]
    assert ephemeral[0]["thread_ts"] == asked["event"]["ts"]
    assert [c["users"] for c in slack.api.of("conversations.open")] == ["U0ALICE"]
    assert [c["content"] for c in slack.api.of("upload")] == [b'{"tasks": []}']
    completed = slack.api.of("files.completeUploadExternal")
    assert [c["channel_id"] for c in completed] == ["DU0ALICE"]


async def test_a_file_asked_for_in_a_dm_is_uploaded_there(slack: SlackRig) -> None:
    async def export(call: CommandCall) -> Reply:
        return Reply(text="Your export.", private=True, attachment=Attachment("e.json", b"[]"))

    slack.worker.chat.commands["export"] = export
    await deliver(slack, payloads.dm("/export"))
    assert posted(slack) == ["Your export."]
    assert slack.api.of("conversations.open") == []
    assert [c["channel_id"] for c in slack.api.of("files.completeUploadExternal")] == ["D0ALICE"]


async def test_a_delivery_that_fails_for_good_tells_the_person(slack: SlackRig) -> None:
    slack.api.refuse("chat.postMessage", error="msg_blocks_too_long")  # not worth retrying
    await deliver(slack, payloads.dm("add buy milk"))
    assert posted(slack) == ["Added #1 “buy milk”.", FAILED]
    assert slack.api.reactions == set()
