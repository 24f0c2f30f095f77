"""Wrong link codes are limited per person and, over everyone, per platform: fresh accounts
buy an attacker nothing. Codes and account lists stay out of groups and channels."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update
from sqlmodel import col, select

from core.chat import ChatService
from core.people.link_codes import PLATFORM_WRONG_CODE_LIMIT, WRONG_CODE, WRONG_CODE_LIMIT
from core.storage.account_models import LinkCode
from core.storage.db import Database
from core.storage.models import ToolCall, utcnow
from tests.accounts_rig import Account, account_service
from tests.test_accounts_codes import wrong


@pytest.fixture
def service(database: Database) -> ChatService:
    return account_service(database)


async def test_fresh_accounts_buy_an_attacker_no_more_tries(
    service: ChatService, database: Database
) -> None:
    alice = Account.on(service, database, "slack", "U-ALICE", "Alice")
    code = await alice.code()
    attackers = [
        Account.on(service, database, "telegram", str(9000 + n), f"fresh {n}")
        for n in range(PLATFORM_WRONG_CODE_LIMIT // WRONG_CODE_LIMIT + 2)
    ]

    answers = []
    for attacker in attackers:
        for _ in range(WRONG_CODE_LIMIT):
            answers.append(await attacker.say(f"link {wrong(code)}"))
    newcomer = Account.on(service, database, "telegram", "12345", "Someone new")
    refused = await newcomer.say(f"link {code}")

    wrong_ones = [a for a in answers if a.startswith("That code doesn't match")]
    assert len(wrong_ones) == PLATFORM_WRONG_CODE_LIMIT
    assert refused.startswith(
        "Too many wrong link codes were entered from Telegram in the last few minutes, so to "
        "keep everyone's accounts safe I'm taking no codes from here for 10 minutes."
    )
    assert await newcomer.user_id() != await alice.user_id()
    slack_bob = Account.on(service, database, "slack", "U-BOB", "Bob")
    assert (await slack_bob.say(f"link {code}")).startswith("Linked!")  # other platforms go on


async def test_the_platform_window_slides(service: ChatService, database: Database) -> None:
    alice = Account.on(service, database, "slack", "U-ALICE", "Alice")
    code = await alice.code()
    for n in range(PLATFORM_WRONG_CODE_LIMIT // WRONG_CODE_LIMIT):
        attacker = Account.on(service, database, "telegram", str(8000 + n), "fresh")
        for _ in range(WRONG_CODE_LIMIT):
            await attacker.say(f"link {wrong(code)}")
    late = Account.on(service, database, "telegram", "4242", "Ann")
    assert (await late.say(f"link {code}")).startswith("Too many wrong link codes")

    async with database.session() as session, session.begin():
        await session.exec(
            update(ToolCall)
            .where(col(ToolCall.tool) == WRONG_CODE)
            .values(created_at=utcnow() - timedelta(minutes=10, seconds=1))
        )
    assert (await late.say(f"link {code}")).startswith("Linked!")


@pytest.mark.parametrize("platform", ["telegram", "slack"])
async def test_a_code_typed_in_a_group_is_cancelled_not_accepted(
    service: ChatService, database: Database, platform: str
) -> None:
    alice = Account.on(service, database, "slack", "U-ALICE", "Alice")
    other = Account.on(service, database, platform, "U-ALICE-2", "Alice too")
    code = await alice.code()

    reply = await other.command("link", code, is_group=True)

    assert reply.text.startswith("Link codes only work in a private chat")
    assert reply.withdraw and reply.private
    assert await other.user_id() != await alice.user_id()
    assert (await other.say(f"link {code}")).startswith("That code was already used.")
    async with database.session() as session:
        [stored] = (await session.exec(select(LinkCode))).all()
    assert stored.used_at is not None


async def test_no_code_and_no_account_list_in_a_slack_channel(
    service: ChatService, database: Database
) -> None:
    alice = Account.on(service, database, "slack", "U-ALICE", "Alice")

    code = await alice.command("link", is_group=True)
    listed = await alice.command("accounts", is_group=True)

    assert code.text.startswith("For your safety I only hand out link codes in a private chat.")
    assert listed.text.startswith("I only list your linked accounts in a private chat.")
    assert "Alice" not in listed.text


async def test_telegram_removes_a_code_typed_in_a_group(database: Database) -> None:
    from tests.fakes.telegram_api import BOT_USERNAME, group_chat, person
    from tests.fakes.telegram_rig import polling_bot, telegram_api

    alice_slack = Account.on(account_service(database), database, "slack", "U-A", "Alice")
    code = await alice_slack.code()
    alice, flat = person(111, "Alice"), group_chat()
    async with (
        telegram_api() as api,
        polling_bot(api, database, account_service(database)) as bot,
    ):
        [reply] = await bot.say(alice, f"@{BOT_USERNAME} link {code}", chat=flat)
        [deleted] = await api.wait_for("deleteMessage")

    assert reply.text.startswith("Link codes only work in a private chat")
    assert deleted.params["chat_id"] == str(flat["id"])
    assert int(deleted.params["message_id"]) == reply.json("reply_parameters")["message_id"]
