"""`forget me`: a Confirm button, then not one row of that person left in any table."""

from __future__ import annotations

import pytest
from sqlmodel import SQLModel, select

from core.chat import ChatService
from core.people.erase import subject_hash
from core.storage.account_models import Erasure
from core.storage.db import Database
from core.storage.models import Message
from tests.accounts_rig import Account, account_service, rows_of, snapshot


@pytest.fixture
def service(database: Database) -> ChatService:
    return account_service(database)


@pytest.fixture
async def alice(service: ChatService, database: Database) -> tuple[Account, Account]:
    slack = Account.on(service, database, "slack", "U-ALICE", "Alice Example")
    telegram = Account.on(service, database, "telegram", "700100123", "alice_tg")
    await slack.say("add pay rent")
    await slack.say("add alice's diary")
    await slack.say("delete 1")  # a pending task confirmation, erased too
    await telegram.say("add buy milk")
    await telegram.command("link", await slack.code())
    await slack.command("link")  # a live link code, erased too
    await slack.command("export")
    return slack, telegram


@pytest.fixture
async def bob(service: ChatService, database: Database) -> Account:
    bob = Account.on(service, database, "telegram", "2002", "Bob")
    await bob.say("add bob's plan")
    await bob.say("delete 1")
    return bob


async def everywhere(database: Database, needles: list[str]) -> list[str]:
    """Every table in the schema, row by row: where any of the needles still appears."""
    found = []
    async with database.engine.connect() as connection:
        for table in SQLModel.metadata.sorted_tables:
            for row in (await connection.execute(table.select())).all():
                text = " ".join(str(value) for value in row)
                found += [f"{table.name}: {needle}" for needle in needles if needle in text]
    return found


async def test_forget_me_asks_first_with_buttons(alice: tuple[Account, Account]) -> None:
    slack, _telegram = alice
    reply = await slack.push("forget me")

    assert reply.text == (
        "This erases everything I keep about you: 3 tasks, 2 conversations and your linked "
        "accounts (Slack, Telegram). It can't be undone. Press Forget me to erase it all, "
        "or Cancel to keep it."
    )
    assert [(b.label, b.action.value, b.danger) for b in reply.buttons] == [
        ("Forget me", "confirm", True),
        ("Cancel", "cancel", False),
    ]
    assert await slack.titles() == ["pay rent", "alice's diary", "buy milk"]


async def test_cancel_keeps_everything(
    alice: tuple[Account, Account], bob: Account, database: Database
) -> None:
    slack, telegram = alice
    before = await rows_of(database, await slack.user_id())
    await telegram.command("forget", "me")

    pressed = await telegram.driver.press("cancel")

    assert (
        pressed is not None and pressed.text == "Okay, I kept all your data. Nothing was deleted."
    )
    after = await rows_of(database, await slack.user_id())
    assert after["task"] == before["task"] == 3
    assert after["identity"] == 2
    assert await slack.titles() == ["pay rent", "alice's diary", "buy milk"]


async def test_confirm_erases_every_row_of_the_person(
    alice: tuple[Account, Account], bob: Account, database: Database
) -> None:
    slack, _telegram = alice
    user_id = await slack.user_id()
    assert (await rows_of(database, user_id))["link_code"] == 2  # the used code and a live one
    bobs = await snapshot(database, await bob.user_id())
    bob_rows = await rows_of(database, await bob.user_id())
    needles = [
        str(user_id),
        user_id.hex,
        "U-ALICE",
        "700100123",
        "Alice Example",
        "alice_tg",
        "pay rent",
        "alice's diary",
        "buy milk",
    ]
    before = {hit.split(":")[0] for hit in await everywhere(database, needles)}
    assert before >= {"user", "identity", "task", "conversation", "message", "tool_call"}
    assert before >= {"confirmation", "link_code"}
    await slack.push("forget me")

    pressed = await slack.driver.press("confirm")

    assert pressed is not None
    assert pressed.text.startswith("Done: I erased everything I kept about you — 3 tasks, ")
    assert pressed.text.endswith(
        "and 2 linked accounts. If you write to me again, you start with an empty list."
    )
    assert set((await rows_of(database, user_id)).values()) == {0}
    assert await everywhere(database, needles) == []
    async with database.session() as session:
        erasures = (await session.exec(select(Erasure))).all()
    assert len(erasures) == 1
    assert erasures[0].subject_hash == subject_hash(user_id)
    assert erasures[0].counts["task"] == 3 and erasures[0].counts["identity"] == 2
    assert await snapshot(database, await bob.user_id()) == bobs
    assert await rows_of(database, await bob.user_id()) == bob_rows


async def test_after_forgetting_each_account_starts_fresh(
    alice: tuple[Account, Account], database: Database
) -> None:
    slack, telegram = alice
    await telegram.say("forget me")
    await telegram.driver.press("confirm")

    assert await telegram.say("list") == "You have no pending tasks. Nice work!"
    assert await slack.say("add new life") == "Added #1 “new life”."
    assert await slack.user_id() != await telegram.user_id()
    async with database.session() as session:
        contents = [m.content for m in (await session.exec(select(Message))).all()]
    assert "add pay rent" not in contents


async def test_a_stranger_cannot_press_forget_me(
    alice: tuple[Account, Account], bob: Account
) -> None:
    slack, _telegram = alice
    asked = await slack.push("forget me")

    pressed = await bob.driver.press("confirm", reply=asked)

    assert pressed is not None and pressed.ephemeral
    assert await slack.titles() == ["pay rent", "alice's diary", "buy milk"]


async def test_linking_voids_a_pending_forget_me(
    alice: tuple[Account, Account], service: ChatService, database: Database
) -> None:
    slack, _telegram = alice
    asked = await slack.push("forget me")
    console = Account.on(service, database, "console", "alice", "alice")
    await console.command("link", await slack.code())

    pressed = await slack.driver.press("confirm", reply=asked)

    assert pressed is not None and "expired, so nothing was deleted" in pressed.text
    assert await console.titles() == ["pay rent", "alice's diary", "buy milk"]
