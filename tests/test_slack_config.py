"""Missing or malformed Slack settings stop startup with a message naming the variable."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from adapters.slack.config import SlackConfig, SlackConfigError, slack_credentials
from bot.cli import app
from bot.settings import load_settings
from bot.wiring import slack_config

GOOD = {
    "slack_bot_token": "xoxb-1-2-abc",
    "slack_app_token": "xapp-1-A1-2-abc",
    "slack_signing_secret": "8f742231b10e8888abcd99yyyzzz85a5",
}


def settings(**changes: str | None) -> SlackConfig:
    return slack_config(load_settings(**{**GOOD, **changes}))


def test_good_settings_give_credentials_for_each_mode() -> None:
    socket = slack_credentials(settings(slack_api_url="http://127.0.0.1:9/api"), "socket")
    assert (socket.bot_token, socket.app_token) == ("xoxb-1-2-abc", "xapp-1-A1-2-abc")
    assert socket.api_url == "http://127.0.0.1:9/api/"
    http = slack_credentials(settings(), "http")
    assert http.signing_secret == GOOD["slack_signing_secret"]
    assert http.api_url == "https://slack.com/api/"


@pytest.mark.parametrize(
    ("mode", "changes", "named", "says"),
    [
        ("socket", {"slack_bot_token": None}, "SLACK_BOT_TOKEN", "not set"),
        ("socket", {"slack_bot_token": "xoxp-user-token"}, "SLACK_BOT_TOKEN", "xoxb-"),
        ("socket", {"slack_bot_token": "xoxb-has space"}, "SLACK_BOT_TOKEN", "malformed"),
        ("socket", {"slack_app_token": None}, "SLACK_APP_TOKEN", "not set"),
        ("socket", {"slack_app_token": "xoxb-1-2"}, "SLACK_APP_TOKEN", "xapp-"),
        ("http", {"slack_signing_secret": None}, "SLACK_SIGNING_SECRET", "not set"),
        ("http", {"slack_signing_secret": "  "}, "SLACK_SIGNING_SECRET", "not set"),
        ("http", {"slack_signing_secret": "xoxb-1-2"}, "SLACK_SIGNING_SECRET", "token"),
        ("http", {"slack_api_url": "slack.com/api"}, "SLACK_API_URL", "http"),
    ],
)
def test_a_bad_setting_is_named(mode: str, changes: dict, named: str, says: str) -> None:
    with pytest.raises(SlackConfigError) as problem:
        slack_credentials(settings(**changes), mode)  # type: ignore[arg-type]
    assert named in str(problem.value) and says in str(problem.value)


def test_the_error_never_prints_the_whole_secret() -> None:
    with pytest.raises(SlackConfigError) as problem:
        slack_credentials(settings(slack_bot_token="xoxp-very-secret-value"), "socket")
    assert "very-secret-value" not in str(problem.value)


def test_todobot_slack_refuses_to_start_without_an_app_token(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env from the checkout
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-1-2-abc")
    monkeypatch.delenv("SLACK_APP_TOKEN", raising=False)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'never.db'}")
    result = CliRunner().invoke(app, ["slack"])
    assert result.exit_code == 2
    assert "SLACK_APP_TOKEN is not set" in result.output
    assert not (tmp_path / "never.db").exists()
