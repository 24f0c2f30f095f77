"""Slack payloads (in the shapes Slack sends) to Incoming and Press: pure, no I/O."""

from __future__ import annotations

import pytest

from adapters.slack.presses import press_from_action
from adapters.slack.translate import (
    delivery_id,
    home_opened,
    message_at,
    message_from_command,
    message_from_event,
    message_ref,
    split_command,
    strip_mentions,
)
from core.types import COMMAND_WORDS, Action, Button
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import BOT_USER_ID, TEAM_ID

RESPONSE_URL = "https://hooks.slack.com/commands/T0001/1/abc"


def test_a_direct_message_is_a_private_turn() -> None:
    body = payloads.dm("add buy milk", event_id="Ev0001")
    found = message_from_event(body)
    assert found is not None
    incoming = found.incoming
    assert (incoming.platform, incoming.tenant, incoming.user_ref) == ("slack", TEAM_ID, "U0ALICE")
    assert (incoming.chat_ref, incoming.thread_ref) == ("D0ALICE", None)
    assert (incoming.text, incoming.event_id) == ("add buy milk", "Ev0001")
    assert incoming.is_group is False
    assert found.where.message_ts == body["event"]["ts"]
    assert delivery_id(body) == "Ev0001"


def test_a_reply_in_a_dm_thread_stays_in_that_thread() -> None:
    found = message_from_event(payloads.dm("list", thread_ts="1712345678.000001"))
    assert found is not None and found.incoming.thread_ref == "1712345678.000001"
    assert found.where.thread_ts == "1712345678.000001"


def test_slack_escapes_are_undone_so_titles_are_stored_as_typed() -> None:
    found = message_from_event(payloads.dm("add fish &amp; chips &lt;!channel&gt;"))
    assert found is not None and found.incoming.text == "add fish & chips <!channel>"


def test_a_mention_in_a_channel_is_answered_in_a_new_thread() -> None:
    body = payloads.mention("add call the plumber")
    found = message_from_event(body)
    assert found is not None
    assert found.incoming.text == "add call the plumber"
    assert found.incoming.is_group is True
    assert found.incoming.thread_ref == body["event"]["ts"]
    assert found.where.thread_ts == body["event"]["ts"]


def test_a_mention_inside_a_thread_keeps_that_thread() -> None:
    found = message_from_event(payloads.mention("list", thread_ts="1712345678.000009"))
    assert found is not None and found.incoming.thread_ref == "1712345678.000009"


def test_only_our_own_mention_is_removed_from_the_text() -> None:
    bots = {BOT_USER_ID}
    assert strip_mentions(f"<@{BOT_USER_ID}> add ask <@U0BOB> about it", bots) == (
        "add ask <@U0BOB> about it"
    )
    assert strip_mentions("<@U0SOMEBOT|todobot> list", set()) == "list"


@pytest.mark.parametrize(
    "body",
    [
        payloads.bot_message("add spam"),
        payloads.own_message("Added #1 “milk”."),
        payloads.edited("add milk"),
        payloads.envelope(
            {
                "type": "message",
                "user": "U0ALICE",
                "text": "hi",
                "ts": "1.2",
                "channel": "C0GENERAL",
                "channel_type": "channel",
            }
        ),
        payloads.home_opened(),
    ],
    ids=["other-bot", "own-message", "edit", "channel-chatter", "home"],
)
def test_what_nobody_said_to_us_is_not_a_turn(body: dict) -> None:
    assert message_from_event(body) is None


@pytest.mark.parametrize(
    ("text", "command", "rest"),
    [
        ("", "help", ""),
        ("   ", "help", ""),
        ("help", "help", ""),
        ("new", "new", ""),
        ("add buy milk", "add", "buy milk"),
        ("ADD  buy milk ", "add", "buy milk"),
        ("list completed", "list", "completed"),
        ("what's left?", None, "what's left?"),
        ("remind me to call mom", None, "remind me to call mom"),
    ],
)
def test_todo_text_names_a_command_or_goes_to_the_agent(
    text: str, command: str | None, rest: str
) -> None:
    assert split_command(text) == (command, rest)


@pytest.mark.parametrize("word", sorted(COMMAND_WORDS))
def test_every_core_command_word_is_a_todo_subcommand(word: str) -> None:
    assert split_command(f"{word} 2") == (word, "2")


def test_a_slash_command_is_an_incoming_with_its_trigger_as_delivery_id() -> None:
    body = payloads.command("add fish &amp; chips", response_url=RESPONSE_URL)
    found = message_from_command(body)
    assert found is not None
    incoming = found.incoming
    assert (incoming.command, incoming.text) == ("add", "fish & chips")
    assert incoming.event_id == body["trigger_id"] == delivery_id(body)
    assert (incoming.chat_ref, incoming.is_group, incoming.display_name) == (
        "C0GENERAL",
        True,
        "u0alice",
    )
    assert found.where.response_url == RESPONSE_URL


def test_a_slash_command_in_a_dm_is_not_a_group() -> None:
    found = message_from_command(payloads.command("", response_url=RESPONSE_URL, channel="D0A"))
    assert found is not None and found.incoming.is_group is False
    assert found.incoming.command == "help"


def test_a_button_click_is_a_press_on_its_token() -> None:
    button = Button("Delete “milk”", Action.CONFIRM, "ctoken123", danger=True)
    body = payloads.block_actions(
        button.payload,
        action="confirm",
        message_ts="1.5",
        response_url=RESPONSE_URL,
        user="U0BOB",
        channel="C0GENERAL",
    )
    found = press_from_action(body)
    assert found is not None
    press = found.press
    assert (press.platform, press.tenant, press.user_ref) == ("slack", TEAM_ID, "U0BOB")
    assert (press.token, press.action) == ("ctoken123", Action.CONFIRM)
    assert press.event_id == body["trigger_id"]
    assert (found.where.channel, found.where.message_ts) == ("C0GENERAL", "1.5")
    assert found.in_ephemeral is False


@pytest.mark.parametrize(
    ("value", "action_id"),
    [("confirm|tok", "other_app_button"), ("explode|tok", "todobot_confirm"), ("", "todobot_x")],
)
def test_a_button_that_is_not_ours_is_ignored(value: str, action_id: str) -> None:
    body = payloads.block_actions(
        value, action="confirm", message_ts="1.5", response_url=RESPONSE_URL
    )
    body["actions"][0]["action_id"] = action_id
    assert press_from_action(body) is None


def test_enterprise_grid_ids_are_kept_beside_the_workspace() -> None:
    body = payloads.block_actions(
        "cancel|tok", action="cancel", message_ts="1.5", response_url=RESPONSE_URL
    )
    body["enterprise"] = {"id": "E0GRID", "name": "Grid"}
    found = press_from_action(body)
    assert found is not None and found.enterprise_id == "E0GRID"
    assert found.press.tenant == TEAM_ID


def test_the_home_tab_opening_names_the_person() -> None:
    opened = home_opened(payloads.home_opened(user="U0BOB"))
    assert opened is not None and (opened.tenant, opened.user) == (TEAM_ID, "U0BOB")
    messages_tab = payloads.home_opened()
    messages_tab["event"]["tab"] = "messages"
    assert home_opened(messages_tab) is None


def test_a_message_ref_reads_back_and_nothing_else_does() -> None:
    ref = message_ref("D0ALICE", "1700000000.000002")
    assert message_at(ref) == ("D0ALICE", "1700000000.000002")
    for other in (None, "", "telegram:5:7", "slack:D0ALICE", "slack::1.2"):
        assert message_at(other) is None
