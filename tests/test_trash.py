"""Soft delete: the trash, restore, empty, purge; reopen; undo across linked accounts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

from core.agent.builtin import BuiltinAgent
from core.chat import ChatService
from core.commands.export import export_user
from core.domain.trash import purge_expired
from core.people.erase import counts_for
from core.reminders import book as reminder_book
from core.storage import audit
from core.storage.db import Database
from core.storage.models import Change, Task
from core.storage.reminder_models import Reminder
from tests.accounts_rig import Account, account_service
from tests.harness import ChatDriver, build_chat


@pytest.fixture
def chat(database: Database) -> ChatDriver:
    return ChatDriver(build_chat(database, BuiltinAgent()), database)


async def delete(chat: ChatDriver, ref: str) -> None:
    asked = await chat.push(f"delete {ref}")
    assert asked is not None and asked.buttons, asked
    pressed = await chat.press("confirm", reply=asked)
    assert pressed is not None and pressed.text.startswith("Deleted"), pressed


async def test_a_deleted_task_is_invisible_but_kept(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    await chat.say("add buy milk")
    await delete(chat, "1")

    listing = await chat.say("list all")
    assert "water plants" not in listing and "buy milk" in listing
    assert "no task #1" in (await chat.say("done 1")).lower()
    assert "water plants" not in await chat.say("how many tasks do I have?")
    assert [task.title for task in await chat.tasks(in_trash=True)] == ["water plants"]
    assert "Added #3" in await chat.say("add call mom")  # its number stays its own


async def test_show_the_trash_and_restore_by_title_or_number(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    await chat.say("add buy milk")
    await chat.say("add call mom")
    await delete(chat, "1")
    await delete(chat, "3")

    trash = await chat.say("show my deleted tasks")
    assert "water plants" in trash and "call mom" in trash and "buy milk" not in trash

    assert "Restored #1 “water plants”" in await chat.say("restore water plants")
    assert "Restored #3 “call mom”" in await chat.say("undelete #3")
    assert "trash is empty" in await chat.say("what's in the trash?")
    assert [(t.number, t.title) for t in await chat.tasks()] == [
        (1, "water plants"),
        (2, "buy milk"),
        (3, "call mom"),
    ]


async def test_restore_refuses_what_is_not_in_the_trash(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    assert "in the trash" in await chat.say("restore buy milk")
    assert await chat.titles() == ["buy milk"]


async def test_restore_asks_when_several_deleted_tasks_match(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    await chat.say("add buy oat milk")
    await delete(chat, "1")
    await delete(chat, "2")
    asked = await chat.say("restore milk")
    assert "#1" in asked and "#2" in asked and "?" in asked
    assert await chat.titles() == []


async def test_a_restore_can_be_undone(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    await delete(chat, "1")
    await chat.say("restore 1")
    assert "back in the trash" in await chat.say("undo")
    assert await chat.titles() == []


async def test_empty_the_trash_waits_for_its_button(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    await chat.say("add buy milk")
    await delete(chat, "1")
    asked = await chat.push("empty the trash")
    assert asked is not None and [b.action.value for b in asked.buttons] == ["confirm", "cancel"]
    assert len(await chat.tasks(in_trash=True)) == 1

    pressed = await chat.press("confirm", reply=asked)

    assert pressed is not None and "1 task erased for good" in pressed.text
    assert await chat.tasks(in_trash=True) == []
    assert await chat.titles() == ["buy milk"]
    async with chat.database.session() as session:
        assert (await session.exec(select(Change).where(Change.kind == "deleted"))).all() == []
        done = [entry.action for entry in await audit.entries(session)]
    assert "empty_trash.confirmed" in done


async def test_a_typed_no_keeps_the_trash(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    await delete(chat, "1")
    await chat.say("empty the trash")
    assert "Nothing was deleted" in await chat.say("no")
    assert len(await chat.tasks(in_trash=True)) == 1


async def test_purge_erases_what_stayed_in_the_trash_past_its_days(chat: ChatDriver) -> None:
    await chat.say("add old one")
    await chat.say("add recent one")
    await chat.say("add kept one")
    await delete(chat, "1")
    await delete(chat, "2")
    now = datetime.now(UTC)
    async with chat.database.session() as session, session.begin():
        for task in (await session.exec(select(Task))).all():
            if task.title == "old one":
                task.deleted_at = now - timedelta(days=31)
            elif task.title == "recent one":
                task.deleted_at = now - timedelta(days=29)
            session.add(task)

    assert await purge_expired(chat.database, keep_days=30, now=now) == 1

    assert [t.title for t in await chat.tasks(in_trash=True)] == ["recent one"]
    assert await chat.titles() == ["kept one"]
    assert await purge_expired(chat.database, keep_days=30, now=now) == 0


async def test_export_holds_the_trash_and_forget_me_erases_it(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    await delete(chat, "1")
    user_id = await chat.user_id()
    async with chat.database.session() as session:
        document = await export_user(session, user_id=user_id)
        counts = await counts_for(session, user_id=user_id)
    [task] = document["tasks"]
    assert task["title"] == "water plants" and task["deleted_at"] is not None
    assert counts["task"] == 1 and counts["change"] == 2  # the add and the delete


@pytest.mark.parametrize(
    "said",
    [
        "reopen buy milk",
        "reopen #1",
        "mark buy milk as not done",
        "untick 1",
        "buy milk isn't done yet",
        "I didn't finish buy milk after all",
    ],
)
async def test_reopen_sets_a_done_task_back_to_pending(chat: ChatDriver, said: str) -> None:
    await chat.say("add buy milk")
    await chat.say("add call mom")
    await chat.say("done 1")
    reply = await chat.say(said)
    assert "Reopened #1 “buy milk”" in reply, reply
    assert [(t.title, t.completed) for t in await chat.tasks()] == [
        ("buy milk", False),
        ("call mom", False),
    ]


async def test_reopen_it_after_completing(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    await chat.say("done 1")
    assert "Reopened #1" in await chat.say("I didn't finish it after all")


async def test_reopen_of_an_open_task_changes_nothing(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    assert "still open" in await chat.say("reopen buy milk")
    assert "Nothing to undo" not in await chat.say("undo")  # the add is still the last change
    assert await chat.titles() == []


@pytest.fixture
def service(database: Database) -> ChatService:
    return account_service(database, BuiltinAgent())  # type: ignore[arg-type]


async def test_undo_reaches_across_linked_accounts(
    service: ChatService, database: Database
) -> None:
    slack = Account.on(service, database, "slack", "U-ALICE", "Alice")
    telegram = Account.on(service, database, "telegram", "1001", "alice_tg")
    await slack.say("add water plants")
    code = await slack.code()
    await telegram.command("link", code)
    await telegram.say("done 1")

    assert "not done any more" in await slack.say("undo")
    assert "removed #1" in await telegram.say("undo")
    assert await slack.titles() == []


async def test_a_linked_accounts_own_changes_come_along(
    service: ChatService, database: Database
) -> None:
    """The joining account's recent change moves with its task: undo from the other one."""
    slack = Account.on(service, database, "slack", "U-ALICE", "Alice")
    telegram = Account.on(service, database, "telegram", "1001", "alice_tg")
    await slack.say("add water plants")
    await telegram.say("add fix bike")
    code = await slack.code()
    await telegram.command("link", code)

    assert "removed #2 “fix bike”" in await slack.say("undo")
    assert await telegram.titles() == ["water plants"]


async def test_a_deleted_tasks_reminder_stops_and_comes_back_with_undo(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    async with chat.database.session() as session, session.begin():
        [task] = (await session.exec(select(Task))).all()
        await reminder_book.set_for_task(
            session,
            task=task,
            at=datetime.now(UTC) + timedelta(hours=2),
            where=reminder_book.Where("console"),
        )
    await delete(chat, "1")
    assert await reminder_states(chat) == ["cancelled"]

    assert "its reminder is set again" in await chat.say("undo")
    assert await reminder_states(chat) == ["pending"]
    assert await chat.titles() == ["water plants"]


async def reminder_states(chat: ChatDriver) -> list[str]:
    async with chat.database.session() as session:
        return list((await session.exec(select(Reminder.status))).all())
