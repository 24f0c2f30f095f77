"""Erasing a workspace that removed the app (core/people/tenant_erase.py): its people go as a
"forget me" takes them, except what someone linked elsewhere still reaches, and nothing goes
while the app is installed there, or once the erasure was called off."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlmodel import select

from core.chat import ChatService
from core.people.erase import hash_of
from core.people.tenant_erase import TenantEraser, erase_later, keep
from core.storage.account_models import Erasure, WorkspaceInstall
from core.storage.db import Database
from core.storage.models import Identity, Task
from core.types import Incoming
from tests.accounts_rig import account_service
from tests.reminders_rig import START, StepClock

CODE = re.compile(r"([A-Z2-9]{4}-[A-Z2-9]{4})")


@pytest.fixture
def service(database: Database) -> ChatService:
    return account_service(database)


async def say(
    service: ChatService,
    text: str,
    *,
    user: str,
    tenant: str = "T0ACME",
    platform: str = "slack",
    command: str | None = None,
) -> str:
    reply = await service.handle(
        Incoming(
            platform=platform,
            tenant=tenant,
            user_ref=user,
            chat_ref=f"D{user}",
            text=text,
            command=command,
            is_group=False,
            private_replies=True,
        )
    )
    assert reply is not None
    return reply.text


async def titles(database: Database) -> list[str]:
    async with database.session() as session:
        return sorted((await session.exec(select(Task.title))).all())


async def accounts(database: Database) -> list[tuple[str, str, str]]:
    async with database.session() as session:
        found = await session.exec(select(Identity.platform, Identity.tenant, Identity.external_id))
        return sorted(found.all())


async def book_erasure(database: Database, clock: StepClock) -> None:
    async with database.session() as session, session.begin():
        await erase_later(
            session,
            platform="slack",
            tenants=["T0ACME"],
            requested_at=clock.now(),
            at=clock.now() + timedelta(days=30),
        )


@pytest.fixture
async def acme(service: ChatService, database: Database) -> None:
    """Alice is only in Acme; Carol linked her Telegram account; another Alice is in Globex."""
    await say(service, "add alice's plan", user="U0ALICE")
    await say(service, "add carol's plan", user="U0CAROL")
    code = CODE.search(await say(service, "", user="U0CAROL", command="link"))
    assert code is not None
    await say(service, code.group(1), user="700", tenant="", platform="telegram", command="link")
    await say(service, "add globex plan", user="U0ALICE", tenant="T0GLOBEX")


@pytest.mark.usefixtures("acme")
async def test_the_workspaces_people_are_erased_and_linked_lists_kept(database: Database) -> None:
    clock = StepClock(START)
    await book_erasure(database, clock)
    eraser = TenantEraser(database, clock=clock)

    clock.advance(days=30)
    assert await eraser.run_once() == 1

    assert await titles(database) == ["carol's plan", "globex plan"]
    assert await accounts(database) == [("slack", "T0GLOBEX", "U0ALICE"), ("telegram", "", "700")]
    async with database.session() as session:
        [erasure] = (await session.exec(select(Erasure))).all()
    assert erasure.subject_hash == hash_of("slack:T0ACME:")
    assert (erasure.counts["task"], erasure.counts["identity"]) == (1, 2)
    assert erasure.requested_at == START and erasure.erased_at == clock.now()


@pytest.mark.usefixtures("acme")
async def test_nothing_is_erased_before_its_time_or_once_called_off(database: Database) -> None:
    clock = StepClock(START)
    await book_erasure(database, clock)
    eraser = TenantEraser(database, clock=clock)

    clock.advance(days=29)
    assert await eraser.run_once() == 0
    async with database.session() as session, session.begin():
        await keep(session, platform="slack", tenants=["T0ACME"])
    clock.advance(days=2)
    assert await eraser.run_once() == 0

    assert len(await titles(database)) == 3


@pytest.mark.usefixtures("acme")
async def test_a_workspace_installed_again_is_not_erased(database: Database) -> None:
    clock = StepClock(START)
    await book_erasure(database, clock)
    async with database.session() as session, session.begin():
        session.add(WorkspaceInstall(platform="slack", tenant="T0ACME", bot_token="sealed"))

    clock.advance(days=31)
    assert await TenantEraser(database, clock=clock).run_once() == 1

    assert len(await titles(database)) == 3
    async with database.session() as session:
        assert (await session.exec(select(Erasure))).all() == []
