"""`export`: the person's tasks and history as a JSON file, and nothing of anyone else."""

from __future__ import annotations

import json

import pytest

from core.chat import ChatService
from core.commands.export import export_user
from core.storage import audit
from core.storage.db import Database
from tests.accounts_rig import Account, account_service


@pytest.fixture
def service(database: Database) -> ChatService:
    return account_service(database)


@pytest.fixture
async def alice(service: ChatService, database: Database) -> tuple[Account, Account]:
    slack = Account.on(service, database, "slack", "U-ALICE", "Alice")
    telegram = Account.on(service, database, "telegram", "1001", "alice_tg")
    await slack.say("add pay rent")
    await slack.say("done 1")
    await telegram.say("add buy milk")
    await telegram.command("link", await slack.code())
    return slack, telegram


@pytest.fixture
async def bob(service: ChatService, database: Database) -> Account:
    bob = Account.on(service, database, "slack", "U-BOB", "Bob")
    await bob.say("add bob's secret plan")
    return bob


async def test_export_sends_a_json_file(alice: tuple[Account, Account], bob: Account) -> None:
    slack, _telegram = alice
    reply = await slack.command("export")

    assert reply.private and reply.attachment is not None
    assert reply.attachment.filename.startswith("todobot-export-")
    assert reply.attachment.filename.endswith(".json")
    assert reply.attachment.mime_type == "application/json"
    document = json.loads(reply.attachment.content)
    assert reply.text == (
        "Here is everything I keep about you: 2 tasks and 2 conversations with "
        f"{sum(len(c['messages']) for c in document['conversations'])} messages, "
        f"in {reply.attachment.filename}."
    )
    assert document["format"] == "todobot-export"
    assert [(t["number"], t["title"], t["completed"]) for t in document["tasks"]] == [
        (1, "pay rent", True),
        (2, "buy milk", False),
    ]
    assert sorted((a["platform"], a["display_name"]) for a in document["accounts"]) == [
        ("Slack", "Alice"),
        ("Telegram", "alice_tg"),
    ]
    said = {
        conversation["platform"]: [
            message["content"] for message in conversation["messages"] if message["role"] == "user"
        ]
        for conversation in document["conversations"]
    }
    assert said["slack"] == ["add pay rent", "done 1", "/link", "/export"]
    assert said["telegram"][0] == "add buy milk"
    assert said["telegram"][1].startswith("/link ")
    assert any(call["tool"] == "account.link" for call in document["audit"])
    raw = reply.attachment.content.decode()
    assert "bob" not in raw.lower() and "U-BOB" not in raw


async def test_export_in_plain_words_from_the_other_account(
    alice: tuple[Account, Account],
) -> None:
    _slack, telegram = alice
    reply = await telegram.push("export my data")
    assert reply.attachment is not None
    document = json.loads(reply.attachment.content)
    assert [t["title"] for t in document["tasks"]] == ["pay rent", "buy milk"]


async def test_export_is_audited(alice: tuple[Account, Account], database: Database) -> None:
    slack, _telegram = alice
    await slack.command("export")
    async with database.session() as session:
        rows = await audit.entries(session, user_id=await slack.user_id(), action="account.export")
    assert len(rows) == 1 and rows[0].data["tasks"] == 2


async def test_no_export_file_in_a_telegram_group(alice: tuple[Account, Account]) -> None:
    _slack, telegram = alice
    reply = await telegram.command("export", is_group=True, private_replies=False)
    assert reply.attachment is None
    assert "only send it in a private chat" in reply.text


async def test_export_user_for_the_api(
    alice: tuple[Account, Account], bob: Account, database: Database
) -> None:
    async with database.session() as session:
        document = await export_user(session, user_id=await bob.user_id())
    assert [t["title"] for t in document["tasks"]] == ["bob's secret plan"]
    assert [a["account_id"] for a in document["accounts"]] == ["U-BOB"]
    assert len(document["conversations"]) == 1
    assert "pay rent" not in json.dumps(document)
