"""manifest.yml asks Slack for exactly what the adapter listens to and needs."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

MANIFEST = Path(__file__).resolve().parent.parent / "manifest.yml"


def manifest() -> dict:
    return yaml.safe_load(MANIFEST.read_text())


def test_the_events_slack_sends_are_the_ones_we_listen_to() -> None:
    events = manifest()["settings"]["event_subscriptions"]["bot_events"]
    assert sorted(events) == ["app_home_opened", "app_mention", "message.im"]


def test_todo_interactivity_home_and_socket_mode_are_on() -> None:
    found = manifest()
    assert [c["command"] for c in found["features"]["slash_commands"]] == ["/todo"]
    # a mention in /todo arrives as <@U…|name>, so `team add … @bob` knows who bob is
    assert found["features"]["slash_commands"][0]["should_escape"] is True
    assert found["settings"]["interactivity"]["is_enabled"] is True
    assert found["settings"]["socket_mode_enabled"] is True
    home = found["features"]["app_home"]
    assert home["home_tab_enabled"] and home["messages_tab_enabled"]
    assert home["messages_tab_read_only_enabled"] is False


def test_the_shortcuts_are_the_ones_we_listen_to() -> None:
    from adapters.slack import modals

    found = manifest()
    shortcuts = {s["callback_id"]: s["type"] for s in found["features"]["shortcuts"]}
    assert shortcuts == {
        modals.SAVE_MESSAGE_SHORTCUT: "message",
        modals.NEW_TASK_SHORTCUT: "global",
    }
    assert all(len(s["name"]) <= 24 for s in found["features"]["shortcuts"])
    assert found["settings"]["interactivity"]["is_enabled"] is True  # shortcuts need it
    assert "commands" in found["oauth_config"]["scopes"]["bot"]  # shortcuts need it too


def test_the_bot_has_the_scopes_its_calls_need() -> None:
    scopes = set(manifest()["oauth_config"]["scopes"]["bot"])
    needed = {
        "app_mentions:read",  # app_mention
        "im:history",  # message.im
        "chat:write",  # chat.postMessage, chat.postEphemeral, chat.update
        # views.publish, views.open and chat.getPermalink need no scope of their own
        "commands",  # /todo
        "reactions:write",  # the thinking mark
        "im:write",  # conversations.open for a private file
        "files:write",  # files_upload_v2
        "users:read",  # users.info, for the person's time zone
        "channels:read",  # conversations.members of a public channel, for its team list
        "groups:read",  # the same of a private channel
    }
    assert needed <= scopes


def test_comments_stand_on_their_own_lines() -> None:
    for number, line in enumerate(MANIFEST.read_text().splitlines(), 1):
        unquoted = re.sub(r'"[^"]*"', '""', line).strip()
        assert unquoted.startswith("#") or "#" not in unquoted, f"line {number}: {line}"


def test_uncommenting_the_http_lines_as_the_readme_says_gives_clean_urls() -> None:
    text = MANIFEST.read_text().replace("socket_mode_enabled: true", "socket_mode_enabled: false")
    text = "\n".join(
        line.replace("# ", "", 1) if line.strip().startswith(("# url:", "# request_url:")) else line
        for line in text.splitlines()
    )
    found = yaml.safe_load(text)
    urls = [
        found["features"]["slash_commands"][0]["url"],
        found["settings"]["event_subscriptions"]["request_url"],
        found["settings"]["interactivity"]["request_url"],
    ]
    assert urls == ["https://todobot.example.com/slack/events"] * 3
    assert found["settings"]["socket_mode_enabled"] is False


def test_add_to_slack_asks_for_the_manifests_bot_scopes() -> None:
    from adapters.slack.config import BOT_SCOPES

    assert list(BOT_SCOPES) == manifest()["oauth_config"]["scopes"]["bot"]
