"""`unlink` detaches this account (the list stays behind); `accounts` shows what is linked."""

from __future__ import annotations

import pytest

from core.chat import ChatService
from core.storage import audit
from core.storage.db import Database
from tests.accounts_rig import Account, account_service, snapshot


@pytest.fixture
def service(database: Database) -> ChatService:
    return account_service(database)


@pytest.fixture
async def linked(service: ChatService, database: Database) -> tuple[Account, Account]:
    slack = Account.on(service, database, "slack", "U-ALICE", "Alice")
    telegram = Account.on(service, database, "telegram", "1001", "alice_tg")
    await slack.say("add pay rent")
    await telegram.say("add buy milk")
    assert (await telegram.command("link", await slack.code())).text.startswith("Linked!")
    return slack, telegram


@pytest.fixture
async def bob(service: ChatService, database: Database) -> Account:
    bob = Account.on(service, database, "slack", "U-BOB", "Bob")
    await bob.say("add bob's plan")
    return bob


async def test_accounts_lists_platforms_and_names_without_ids(
    linked: tuple[Account, Account], bob: Account
) -> None:
    slack, telegram = linked
    reply = await telegram.command("accounts")

    assert reply.private
    assert reply.text == (
        "Your linked accounts, all sharing one task list:\n"
        "• Slack — Alice\n"
        "• Telegram — alice_tg (this account)"
    )
    assert "U-ALICE" not in reply.text and "1001" not in reply.text
    assert "Bob" not in reply.text
    assert await slack.say("my accounts") == (
        "Your linked accounts, all sharing one task list:\n"
        "• Slack — Alice (this account)\n"
        "• Telegram — alice_tg"
    )


async def test_accounts_when_nothing_is_linked(bob: Account) -> None:
    assert await bob.say("accounts") == (
        "Only this account uses your list: Slack — Bob (this account). "
        "To join another, send link here and enter the code there."
    )


async def test_unlink_leaves_the_tasks_and_starts_empty(
    linked: tuple[Account, Account], bob: Account, database: Database
) -> None:
    slack, telegram = linked
    shared = await slack.user_id()
    bobs = await snapshot(database, await bob.user_id())

    reply = await telegram.command("unlink")

    assert reply.private
    assert reply.text == (
        "Unlinked this Telegram account. Your tasks stay with your other accounts (Slack); "
        "from now on this account starts with an empty list."
    )
    assert await slack.user_id() == shared != await telegram.user_id()
    assert await slack.titles() == ["pay rent", "buy milk"]
    assert await telegram.titles() == []
    assert await telegram.say("list") == "You have no pending tasks. Nice work!"
    assert await telegram.say("add fresh start") == "Added #1 “fresh start”."
    assert await slack.titles() == ["pay rent", "buy milk"]
    async with database.session() as session:
        unlinked = await audit.entries(session, user_id=shared, action="account.unlink")
    assert len(unlinked) == 1 and unlinked[0].data == {"detached": "telegram"}
    assert await snapshot(database, await bob.user_id()) == bobs


async def test_the_last_account_cannot_be_unlinked(bob: Account) -> None:
    reply = await bob.command("unlink")
    assert reply.text == "This account isn't linked to any other, so there's nothing to unlink."
    assert await bob.titles() == ["bob's plan"]


async def test_unlink_names_the_account_to_send_it_from(linked: tuple[Account, Account]) -> None:
    slack, telegram = linked
    reply = await slack.command("unlink", "telegram")
    assert reply.text == (
        "Unlink works from the account you want to detach: send unlink from your Telegram account."
    )
    assert await slack.user_id() == await telegram.user_id()


async def test_unlinked_account_can_link_elsewhere(
    linked: tuple[Account, Account], bob: Account
) -> None:
    slack, telegram = linked
    await telegram.say("unlink")
    reply = await telegram.command("link", await bob.code())
    assert reply.text.startswith("Linked! This Telegram account now shares one task list")
    assert await telegram.titles() == ["bob's plan"]
    assert await slack.titles() == ["pay rent", "buy milk"]
