"""Linking Slack, Telegram and console accounts: one person, one task list."""

from __future__ import annotations

import pytest
from sqlmodel import col, select

from core.chat import ChatService
from core.people.link_codes import code_hash, normalize
from core.storage import audit
from core.storage.account_models import LinkCode
from core.storage.db import Database
from core.storage.models import Conversation, Message, User
from tests.accounts_rig import Account, account_service, snapshot


@pytest.fixture
def service(database: Database) -> ChatService:
    return account_service(database)


@pytest.fixture
def slack(service: ChatService, database: Database) -> Account:
    return Account.on(service, database, "slack", "U-ALICE", "Alice")


@pytest.fixture
def telegram(service: ChatService, database: Database) -> Account:
    return Account.on(service, database, "telegram", "1001", "alice_tg")


@pytest.fixture
async def bob(service: ChatService, database: Database) -> Account:
    bob = Account.on(service, database, "telegram", "2002", "Bob")
    await bob.say("add bob's secret")
    return bob


async def test_link_from_slack_to_telegram(
    slack: Account, telegram: Account, bob: Account, database: Database
) -> None:
    before = await snapshot(database, await bob.user_id())
    await slack.say("add buy milk")
    code = await slack.code()

    linked = await telegram.command("link", code)

    assert linked.private
    assert linked.text.startswith("Linked! This Telegram account now shares one task list with")
    assert await telegram.user_id() == await slack.user_id()
    assert await telegram.titles() == ["buy milk"]
    await telegram.say("add call mom")
    assert "2. call mom" in await slack.say("list")
    assert await snapshot(database, await bob.user_id()) == before


async def test_link_from_telegram_to_slack(slack: Account, telegram: Account) -> None:
    await telegram.say("add water plants")
    code = await telegram.code()

    linked = await slack.command("link", code.lower().replace("-", " "))

    assert "This Slack account now shares one task list with your Telegram account" in linked.text
    assert await slack.titles() == ["water plants"]
    await slack.say("done 1")
    assert "✓ water plants" in await telegram.say("list all")


async def test_merge_renumbers_after_the_existing_tasks(
    slack: Account, telegram: Account, database: Database
) -> None:
    for title in ("pay rent", "file taxes", "book dentist"):
        await slack.say(f"add {title}")
    for title in ("buy milk", "call mom"):
        await telegram.say(f"add {title}")
    await telegram.say("done 2")
    telegram_user = await telegram.user_id()
    code = await slack.code()

    linked = await telegram.command("link", code)

    assert "I added the 2 tasks you had here after your others: " in linked.text
    assert "“buy milk” is now #4, “call mom” is now #5" in linked.text
    assert "Your conversation from here is kept too." in linked.text
    assert await slack.numbered() == [
        (1, "pay rent"),
        (2, "file taxes"),
        (3, "book dentist"),
        (4, "buy milk"),
        (5, "call mom"),
    ]
    assert [task.completed for task in await slack.driver.tasks()] == [
        False,
        False,
        False,
        False,
        True,
    ]
    assert await telegram.say("add walk the dog") == "Added #6 “walk the dog”."
    user_id = await slack.user_id()
    async with database.session() as session:
        assert await session.get(User, telegram_user) is None
        threads = (
            await session.exec(select(Conversation).where(Conversation.user_id == user_id))
        ).all()
        assert sorted(thread.platform for thread in threads) == ["slack", "telegram"]
        moved = (
            await session.exec(
                select(Message)
                .where(Message.user_id == user_id, col(Message.content).contains("call mom"))
                .order_by(col(Message.created_at))
            )
        ).all()
        assert [message.content for message in moved][:1] == ["add call mom"]
        tools = [entry.action for entry in await audit.entries(session, user_id=user_id)]
        assert tools.count("add_task") == 6 and "complete_task" in tools
        assert "account.link" in tools
        leftovers = (
            await session.exec(select(Message).where(Message.user_id == telegram_user))
        ).all()
        assert leftovers == []


async def test_codes_are_stored_hashed_and_hidden_from_history(
    slack: Account, telegram: Account, database: Database
) -> None:
    code = await slack.code()
    async with database.session() as session:
        stored = (await session.exec(select(LinkCode))).one()
        assert stored.code_hash == code_hash(code) != normalize(code)
        contents = [message.content for message in (await session.exec(select(Message))).all()]
        calls = await audit.entries(session)
    assert not any(normalize(code) in normalize(text) for text in contents)
    assert any("••••-••••" in text for text in contents)
    assert all(normalize(code) not in normalize(str(call.result)) for call in calls)
    assert stored.expires_at > stored.created_at


async def test_console_plain_words_link(service: ChatService, database: Database) -> None:
    console = Account.on(service, database, "console", "alice", "alice")
    telegram = Account.on(service, database, "telegram", "1001", "Alice")
    await telegram.say("add buy milk")
    reply = await console.push("link")
    code = reply.text.split("Your link code is ")[1][:9]

    assert reply.private
    linked = await telegram.say(f"link {code}")

    assert linked.startswith("Linked! This Telegram account now shares one task list")
    assert "1. buy milk" in await console.say("/list")


async def test_link_my_telegram_in_plain_words(
    slack: Account, telegram: Account, service: ChatService
) -> None:
    reply = await slack.push("Link my Telegram, please")
    assert reply.private and reply.text.startswith("Your link code is ")
    assert service.agent.turns == []  # type: ignore[attr-defined]
    code = reply.text.split("Your link code is ")[1][:9]
    assert (await telegram.say(f"link {code}")).startswith("Linked!")


async def test_unrelated_link_words_still_reach_the_agent(
    slack: Account, service: ChatService
) -> None:
    await slack.say("link the report to the ticket")
    assert [turn.text for turn in service.agent.turns] == ["link the report to the ticket"]  # type: ignore[attr-defined]


async def test_a_pending_delete_survives_the_merge(slack: Account, telegram: Account) -> None:
    await slack.say("add pay rent")
    await telegram.say("add old junk")
    asked = await telegram.push("delete 1")
    assert asked.buttons

    await telegram.command("link", await slack.code())
    pressed = await telegram.driver.press("confirm", reply=asked)

    assert pressed is not None and pressed.text == "Deleted #2 “old junk”."
    assert await slack.numbered() == [(1, "pay rent")]
