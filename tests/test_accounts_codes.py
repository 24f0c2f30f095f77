"""Link codes: single use, expiring, rate limited, never shown in a group, never stealing."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import update
from sqlmodel import col, select

from core.chat import ChatService
from core.people.link_codes import ALPHABET, WRONG_CODE
from core.storage.account_models import LinkCode
from core.storage.db import Database
from core.storage.models import Identity, ToolCall, utcnow
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
def mallory(service: ChatService, database: Database) -> Account:
    return Account.on(service, database, "telegram", "6666", "Mallory")


def wrong(code: str) -> str:
    """Another valid-looking code: the last character changed."""
    last = ALPHABET[(ALPHABET.index(code[-1]) + 1) % len(ALPHABET)]
    return code[:-1] + last


async def test_codes_use_the_unambiguous_alphabet(slack: Account) -> None:
    for _ in range(5):
        code = (await slack.code()).replace("-", "")
        assert len(code) >= 8
        assert not set(code) & set("0O1IL")


async def test_expired_code_is_refused(
    slack: Account, telegram: Account, database: Database
) -> None:
    await telegram.say("add buy milk")
    code = await slack.code()
    async with database.session() as session, session.begin():
        await session.exec(update(LinkCode).values(expires_at=utcnow() - timedelta(seconds=1)))

    reply = await telegram.command("link", code)

    assert reply.text.startswith("That code has expired (codes last 10 minutes).")
    assert await telegram.user_id() != await slack.user_id()
    assert await telegram.titles() == ["buy milk"]


async def test_used_code_is_refused(
    slack: Account, telegram: Account, mallory: Account, database: Database
) -> None:
    code = await slack.code()
    assert (await telegram.say(f"link {code}")).startswith("Linked!")
    await mallory.say("add mallory's plan")
    before = await snapshot(database, await mallory.user_id())

    reply = await mallory.command("link", code)

    assert reply.text.startswith("That code was already used. Codes work once")
    assert await mallory.user_id() != await slack.user_id()
    after = await snapshot(database, await mallory.user_id())
    assert after["tasks"] == before["tasks"] and after["identities"] == before["identities"]


async def test_a_new_code_replaces_the_old_one(slack: Account, telegram: Account) -> None:
    old = await slack.code()
    new = await slack.code()

    assert "doesn't match any link code" in await telegram.say(f"link {old}")
    assert (await telegram.say(f"link {new}")).startswith("Linked!")


async def test_wrong_codes_count_down_then_lock(
    slack: Account, telegram: Account, database: Database
) -> None:
    code = await slack.code()
    replies = [await telegram.say(f"link {wrong(code)}") for _ in range(5)]

    assert replies[0] == (
        "That code doesn't match any link code. Check it and try again "
        "(4 tries left in the next 10 minutes)."
    )
    assert "(1 try left" in replies[3]
    assert "5th wrong try, so this account can't enter codes for the next 10 minutes" in replies[4]
    locked = await telegram.say(f"link {code}")
    assert locked == (
        "Too many wrong codes from this account. To keep accounts safe I'll take another code "
        "in 10 minutes."
    )
    assert await telegram.user_id() != await slack.user_id()

    async with database.session() as session, session.begin():
        await session.exec(
            update(ToolCall)
            .where(col(ToolCall.tool) == WRONG_CODE)
            .values(created_at=utcnow() - timedelta(minutes=10, seconds=1))
        )
    assert (await telegram.say(f"link {code}")).startswith("Linked!")


async def test_garbage_counts_as_a_wrong_code(slack: Account, telegram: Account) -> None:
    reply = await telegram.command("link", "not-a-code-at-all")
    assert reply.text.startswith("That code doesn't match any link code.")
    assert "4 tries left" in reply.text


async def test_no_code_in_a_telegram_group(telegram: Account, database: Database) -> None:
    reply = await telegram.command("link", is_group=True)

    assert reply.text == (
        "For your safety I only hand out link codes in a private chat. "
        "Message me directly and send /link there."
    )
    assert "link code is" not in reply.text
    async with database.session() as session:
        assert (await session.exec(select(LinkCode))).all() == []


async def test_own_code_is_refused(slack: Account) -> None:
    code = await slack.code()
    reply = await slack.command("link", code)
    assert reply.text.startswith("That code is this account's own.")


async def test_linked_account_cannot_be_moved_by_a_code(
    service: ChatService, slack: Account, telegram: Account, mallory: Account, database: Database
) -> None:
    assert (await telegram.command("link", await slack.code())).text.startswith("Linked!")
    mallory_slack = Account.on(service, database, "slack", "U-MAL", "Mallory")
    await mallory_slack.say("add mallory's plan")
    code = await mallory_slack.code()

    reply = await telegram.command("link", code)

    assert reply.text == (
        "This account is already linked with others (Slack, Telegram). A code can't move it "
        "to another list: send unlink here first, then enter the code again."
    )
    assert await telegram.user_id() == await slack.user_id()
    again = await slack.command("link", await telegram.code())
    assert again.text.startswith("This account is already linked to the one that made that code.")
    assert (await mallory.command("link", code)).text.startswith("Linked!")


async def test_two_accounts_racing_for_one_code(
    service: ChatService, slack: Account, database: Database
) -> None:
    await slack.say("add pay rent")
    racers = [Account.on(service, database, "telegram", f"30{n}", f"racer {n}") for n in range(4)]
    for racer in racers:
        await racer.say("add racer task")
    code = await slack.code()

    replies = await asyncio.gather(*(racer.command("link", code) for racer in racers))

    texts = [reply.text for reply in replies]
    assert sum(text.startswith("Linked!") for text in texts) == 1
    assert sum(text.startswith("That code was already used.") for text in texts) == 3
    assert await slack.numbered() == [(1, "pay rent"), (2, "racer task")]
    async with database.session() as session:
        owners = (
            await session.exec(select(Identity).where(Identity.user_id == await slack.user_id()))
        ).all()
    assert len(owners) == 2


async def test_two_accounts_entering_each_others_codes_at_once(
    slack: Account, telegram: Account
) -> None:
    await slack.say("add slack task")
    await telegram.say("add telegram task")
    slack_code, telegram_code = await slack.code(), await telegram.code()

    replies = await asyncio.gather(
        slack.command("link", telegram_code), telegram.command("link", slack_code)
    )

    texts = [reply.text for reply in replies]
    assert sum(text.startswith("Linked!") for text in texts) == 1, texts
    other = next(text for text in texts if not text.startswith("Linked!"))
    assert other.startswith(
        ("Your accounts were being linked from the other side", "That code doesn't match")
    ), other
    assert await slack.user_id() == await telegram.user_id()
    assert sorted(await slack.titles()) == ["slack task", "telegram task"]
