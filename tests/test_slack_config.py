"""Missing or malformed Slack settings stop startup with a message naming the variable."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from adapters.slack.config import SlackConfig, SlackConfigError, slack_credentials
from bot.cli import app
from bot.platform_config import slack_config
from bot.settings import load_settings

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


KEY = "x" * 43 + "="  # 32 bytes, url-safe base64: a Fernet key
DISTRIBUTION = {
    "slack_client_id": "1111.2222",
    "slack_client_secret": "client-secret",
    "slack_signing_secret": GOOD["slack_signing_secret"],
    "token_encryption_key": KEY,
}


def distribution(**changes: str | None) -> SlackConfig:
    return slack_config(load_settings(**{**DISTRIBUTION, **changes}))


def test_client_credentials_without_a_bot_token_serve_every_workspace() -> None:
    found = slack_credentials(distribution(slack_api_url="http://127.0.0.1:9/api"), "http")
    assert found.bot_token is None and found.oauth is not None
    assert (found.oauth.client_id, found.oauth.client_secret) == ("1111.2222", "client-secret")
    assert found.oauth.authorize_url == "https://slack.com/oauth/v2/authorize"
    assert found.oauth.redirect_uri is None
    assert found.api_url == "http://127.0.0.1:9/api/"
    assert found.signing_secret == GOOD["slack_signing_secret"]


@pytest.mark.parametrize(
    ("changes", "named", "says"),
    [
        ({"token_encryption_key": None}, "TOKEN_ENCRYPTION_KEY", "todobot keygen"),
        ({"token_encryption_key": "not-a-key"}, "TOKEN_ENCRYPTION_KEY", "malformed"),
        ({"slack_client_secret": None}, "SLACK_CLIENT_SECRET", "not set"),
        ({"slack_client_id": None}, "SLACK_CLIENT_ID", "not set"),
        ({"slack_signing_secret": None}, "SLACK_SIGNING_SECRET", "not set"),
        ({"slack_bot_token": "xoxb-1-2-abc"}, "SLACK_BOT_TOKEN", "pick one"),
        ({"slack_authorize_url": "slack.com/oauth"}, "SLACK_AUTHORIZE_URL", "http"),
        ({"slack_redirect_uri": "example.com/back"}, "SLACK_REDIRECT_URI", "http"),
    ],
)
def test_a_bad_distribution_setting_is_named(changes: dict, named: str, says: str) -> None:
    with pytest.raises(SlackConfigError) as problem:
        slack_credentials(distribution(**changes), "http")
    assert named in str(problem.value) and says in str(problem.value)


def test_socket_mode_serves_one_workspace_and_says_so() -> None:
    config = slack_config(load_settings(**GOOD, slack_client_id="1111.2222"))
    with pytest.raises(SlackConfigError) as problem:
        slack_credentials(config, "socket")
    assert "todobot serve" in str(problem.value) and "unset SLACK_CLIENT_ID" in str(problem.value)


def test_todobot_serve_refuses_distribution_without_an_encryption_key(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    monkeypatch.chdir(tmp_path)
    for name, value in DISTRIBUTION.items():
        monkeypatch.setenv(name.upper(), value)
    monkeypatch.delenv("TOKEN_ENCRYPTION_KEY")
    monkeypatch.delenv("SLACK_BOT_TOKEN", raising=False)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'never.db'}")
    result = CliRunner().invoke(app, ["serve", "--port", "0"])
    assert result.exit_code == 2
    assert "TOKEN_ENCRYPTION_KEY is not set" in result.output
    assert "todobot keygen" in result.output
    assert not (tmp_path / "never.db").exists()


def test_todobot_keygen_prints_a_key_that_seals() -> None:
    from core.storage.sealing import Sealer

    result = CliRunner().invoke(app, ["keygen"])
    assert result.exit_code == 0
    sealer = Sealer(result.output.strip())
    assert sealer.open(sealer.seal("xoxb-a-token")) == "xoxb-a-token"
