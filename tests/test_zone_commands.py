"""Each person's time zone: told by the platform, said by the person, shared by linked
accounts, and named when it is only assumed."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlmodel import select

from core.agent.builtin import BuiltinAgent
from core.chat import ChatService
from core.chat.policy import ChatPolicy
from core.clock import PinnedClock
from core.commands.zone_commands import install
from core.storage.db import Database
from core.storage.models import User
from tests.accounts_rig import Account, account_service
from tests.harness import ChatDriver

NOW = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)  # Monday, 09:00 in Berlin


@pytest.fixture
def telegram(database: Database) -> ChatDriver:
    service = ChatService(
        db=database, agent=BuiltinAgent(), policy=ChatPolicy(), clock=PinnedClock(NOW, True)
    )
    install(service)
    return ChatDriver(service, database, user="1001", platform="telegram")


async def zone_of(database: Database) -> list[str | None]:
    async with database.session() as session:
        return [user.timezone for user in (await session.exec(select(User))).all()]


async def test_an_assumed_zone_is_named_until_the_person_says_theirs(
    telegram: ChatDriver, database: Database
) -> None:
    added = await telegram.say("add call the bank tomorrow at 9am")
    assert "Times are in UTC" in added and "my time zone is" in added
    said = await telegram.say("my time zone is Europe/Berlin")
    assert said == "Got it: your time zone is now Europe/Berlin. It's Monday 2 March, 09:00 there."
    assert await zone_of(database) == ["Europe/Berlin"]
    again = await telegram.say("add call the dentist tomorrow at 9am")
    assert "Times are in" not in again
    [bank, dentist] = await telegram.tasks()
    assert bank.due_at == datetime(2026, 3, 3, 9, 0, tzinfo=UTC)  # read in UTC, as it said
    assert dentist.due_at == datetime(2026, 3, 3, 8, 0, tzinfo=UTC)  # read in Berlin


@pytest.mark.parametrize(
    ("said", "zone"),
    [
        ("I'm in Tokyo", "Asia/Tokyo"),
        ("i live in new york", "America/New_York"),
        ("set my timezone to PST", "America/Los_Angeles"),
        ("/timezone Australia/Sydney", "Australia/Sydney"),
    ],
)
async def test_ways_to_say_it(
    telegram: ChatDriver, database: Database, said: str, zone: str
) -> None:
    assert zone in await telegram.say(said)
    assert await zone_of(database) == [zone]


async def test_a_native_command_and_the_question(telegram: ChatDriver) -> None:
    await telegram.push("Europe/Paris", command="timezone")
    assert await telegram.say("what's my time zone?") == (
        "Your time zone is Europe/Paris (it's 09:00 there)."
    )


async def test_unknown_zones_change_nothing(telegram: ChatDriver, database: Database) -> None:
    reply = await telegram.say("my time zone is Mars/Olympus")
    assert "I don't know a time zone called “Mars/Olympus”" in reply
    assert await zone_of(database) == [None]
    meeting = await telegram.say("I'm in a meeting")  # not a place: not about zones
    assert "time zone" not in meeting


async def test_the_platform_zone_is_kept(telegram: ChatDriver, database: Database) -> None:
    await telegram.push("show my tasks", timezone="America/Chicago")
    assert await zone_of(database) == ["America/Chicago"]


async def test_linked_accounts_share_one_zone(database: Database) -> None:
    service = account_service(database)
    install(service)
    slack = Account.on(service, database, "slack", "U-ALICE", "Alice")
    telegram = Account.on(service, database, "telegram", "1001", "alice_tg")
    await slack.say("show my tasks", timezone="Asia/Tokyo")  # Slack's users.info said so
    await telegram.say("add buy milk")
    code = await slack.code()
    await telegram.command("link", code)
    assert await zone_of(database) == ["Asia/Tokyo"]  # one user now, with the zone
