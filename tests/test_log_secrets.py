"""No secret reaches the log: a whole conversation on the chat API, Slack and Telegram, the
log captured at DEBUG, then grepped for every secret and link code."""

from __future__ import annotations

import json
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator

import pytest
from pydantic import SecretStr

from adapters.http.auth import issue_token
from bot.logs import REDACTED, protect_logs, redact
from bot.settings import load_settings
from core.agent.builtin import BuiltinAgent
from tests.api_rig import SECRET, ApiRig, api_rig, both_platforms
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import FakeSlackApi
from tests.fakes.telegram_api import TOKEN, FakeTelegramAPI, message_update, person, private_chat
from tests.fakes.telegram_rig import WEBHOOK_SECRET

CODE = re.compile(r"\b[A-Z2-9]{4}-[A-Z2-9]{4}\b")
OPENAI_KEY = "sk-test-" + "k" * 40
ANN = person(4242, "Ann")


@pytest.fixture
async def server(
    database_url: str, slack_api: FakeSlackApi, bot_api: FakeTelegramAPI
) -> AsyncIterator[ApiRig]:
    settings = {
        **both_platforms(slack_api, bot_api),
        "openai_api_key": SecretStr(OPENAI_KEY),
        "inbox_poll_seconds": 0.05,
        "rate_limit_per_minute": 0,
    }
    async with api_rig(database_url, agent=BuiltinAgent(), **settings) as rig:
        yield rig


async def telegram_says(server: ApiRig, text: str) -> None:
    response = await server.client.post(
        "/telegram/webhook",
        content=json.dumps(message_update(ANN, private_chat(ANN), text)).encode(),
        headers={"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET},
    )
    assert response.status_code == 200


async def slack_says(server: ApiRig, text: str, *, secret: str = payloads.SIGNING_SECRET) -> int:
    body, kind = payloads.json_body(payloads.dm(text))
    headers = {"Content-Type": kind, **payloads.sign(body, secret=secret)}
    response = await server.client.post("/slack/events", content=body.encode(), headers=headers)
    return response.status_code


async def test_a_conversation_on_every_platform_logs_no_secret(
    server: ApiRig,
    slack_api: FakeSlackApi,
    bot_api: FakeTelegramAPI,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    codes: list[str] = []

    assert "buy milk" in await server.content("ann", "add buy milk")
    api_code = await server.content("ann", "link")
    codes += CODE.findall(api_code)
    await server.content("ann", "what's left?")
    bot_api.fail("sendMessage", status=502, description="Bad Gateway")  # a logged failure
    await telegram_says(server, "/add call mom")
    await telegram_says(server, f"/link {codes[0]}")
    await telegram_says(server, "/link")
    telegram_answers = await bot_api.wait_for("sendMessage", count=4)
    codes += [code for call in telegram_answers for code in CODE.findall(call.text)]
    assert await slack_says(server, "add water the plants") == 200
    assert await slack_says(server, "link ABCD-EFGH") == 200
    assert await slack_says(server, "link", secret="wrong-signing-secret") == 401
    await slack_api.wait_for("chat.postMessage", count=2)
    await server.app.state.inbox.stop(grace_seconds=5)

    assert len(set(codes)) == 2, codes  # the chat API's code and Telegram's
    logged = caplog.text
    assert "sendMessage" in logged  # the log did see the calls that carry the token
    secrets = {
        "telegram bot token": TOKEN,
        "telegram webhook secret": WEBHOOK_SECRET,
        "slack bot token": payloads.BOT_TOKEN,
        "slack signing secret": payloads.SIGNING_SECRET,
        "jwt secret": SECRET,
        "openai api key": OPENAI_KEY,
        "a wrong link code": "ABCD-EFGH",
        **{f"link code {code}": code for code in codes},
    }
    for name, secret in secrets.items():
        assert secret not in logged, f"the {name} is in the log"
        assert secret.split(":")[-1] not in logged, f"part of the {name} is in the log"


def test_tracebacks_and_arguments_are_redacted_too(caplog: pytest.LogCaptureFixture) -> None:
    protect_logs(load_settings(database_url="sqlite://"))
    caplog.set_level(logging.INFO)
    token = "123456789:" + "A" * 35
    try:
        raise RuntimeError(f"GET https://api.telegram.org/bot{token}/getMe failed")
    except RuntimeError:
        logging.getLogger("test").exception("call failed for %s", "Bearer " + "x" * 40)

    assert token not in caplog.text
    assert "x" * 40 not in caplog.text
    assert caplog.text.count(REDACTED) >= 2
    assert redact("your code is K7QM-3XWD, link K7QM3XWD") == (
        f"your code is {REDACTED}, {REDACTED}"
    )


async def test_a_database_error_names_the_statement_but_not_what_people_wrote(
    database_url: str,
) -> None:
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    from core.storage.db import Database

    database = Database(database_url)
    try:
        async with database.session() as session:
            with pytest.raises(DBAPIError) as raised:
                await session.exec(  # type: ignore[call-overload]
                    text("SELECT * FROM no_such_table WHERE title = :title"),
                    params={"title": "my secret diary entry"},
                )
    finally:
        await database.dispose()

    assert "no_such_table" in str(raised.value)
    assert "my secret diary entry" not in str(raised.value)


def test_jwts_and_credential_parameters_are_redacted_wherever_they_are() -> None:
    jwt = issue_token(SECRET, "ann", now=time.time())
    assert jwt not in redact(f"token {jwt} in prose")
    assert (
        redact(f"POST /mcp?access_token={jwt}&page=2")
        == f"POST /mcp?access_token={REDACTED}&page=2"
    )
    for name in ("token", "key", "api_key", "client_secret", "password", "code", "sig"):
        assert redact(f"/cb?{name}=hunter2&state=ok") == f"/cb?{name}={REDACTED}&state=ok"
    assert redact("GET /api/ann/conversations?limit=5&cursor=abc") == (
        "GET /api/ann/conversations?limit=5&cursor=abc"
    )


def test_uvicorns_own_access_formatter_reads_a_redacted_record() -> None:
    """Records keep their arguments (each redacted) when that reads the same, so a formatter
    that reads them, as uvicorn's does, still formats the line."""
    from uvicorn.logging import AccessFormatter

    protect_logs(load_settings(database_url="sqlite://"))
    record = logging.getLogger("uvicorn.access").makeRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "POST", "/mcp?access_token=abcdef&x=1", "1.1", 401),
        None,
    )
    line = AccessFormatter("%(message)s", use_colors=False).format(record)
    assert line == f'127.0.0.1:5000 - "POST /mcp?access_token={REDACTED}&x=1 HTTP/1.1" 401'


def test_arguments_that_form_a_secret_together_are_redacted_as_one_message() -> None:
    protect_logs(load_settings(database_url="sqlite://"))
    # a token no other test configured as a secret (the redactor keeps every one it was given)
    token = secrets.token_hex(20)
    record = logging.getLogger("test").makeRecord(
        "test", logging.INFO, __file__, 1, "sent %s %s", ("Bearer", token), None
    )
    assert record.getMessage() == f"sent {REDACTED}"
