"""Undo: every change kind taken back, the window, several steps, the Undo button, races."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlmodel import col, select

from core.agent.builtin import BuiltinAgent
from core.storage import audit
from core.storage.db import Database
from core.storage.models import Change, utcnow
from core.types import Action, Press, Reply
from tests.harness import ChatDriver, build_chat


@pytest.fixture
def chat(database: Database) -> ChatDriver:
    """Alice, with the builtin engine, so the words are read as a person writes them."""
    return ChatDriver(build_chat(database, BuiltinAgent()), database)


async def state(chat: ChatDriver) -> list[tuple[int, str, str, bool]]:
    return [(t.number, t.title, t.description, t.completed) for t in await chat.tasks()]


async def later(chat: ChatDriver, seconds: int) -> None:
    """Let `seconds` pass for every change recorded so far."""
    async with chat.database.session() as session, session.begin():
        for change in (await session.exec(select(Change))).all():
            change.created_at -= timedelta(seconds=seconds)
            session.add(change)


async def delete_confirmed(chat: ChatDriver, ref: str) -> Reply:
    asked = await chat.push(f"delete {ref}")
    assert asked is not None and asked.buttons
    pressed = await chat.press("confirm", reply=asked)
    assert pressed is not None and pressed.text.startswith("Deleted")
    return pressed


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("add call mom", "undo"),
        ("done 1", "undo that"),
        ("rename 1 to water the garden", "oops"),
        ("add description 'the ferns too' to 1", "revert"),
        ("reopen 2", "take that back"),
    ],
)
async def test_each_change_kind_is_taken_back(chat: ChatDriver, change: str, said: str) -> None:
    await chat.say("add water plants")
    await chat.say("add pay rent")
    await chat.say("done 2")
    before = await state(chat)
    reply = await chat.push(change)
    assert reply is not None and await state(chat) != before, reply.text
    assert [button.action for button in reply.buttons] == [Action.UNDO]

    undone = await chat.say(said)

    assert undone.startswith("Undone:"), undone
    assert await state(chat) == before


async def test_a_confirmed_delete_is_undone_with_its_number(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    await chat.say("add buy milk")
    await delete_confirmed(chat, "1")
    assert await chat.titles() == ["buy milk"]

    assert "back from the trash" in await chat.say("undo")
    assert await state(chat) == [(1, "water plants", "", False), (2, "buy milk", "", False)]


async def test_nothing_to_undo_says_so_and_changes_nothing(chat: ChatDriver) -> None:
    assert "Nothing to undo" in await chat.say("undo")
    await chat.say("add water plants")
    await chat.say("undo")
    assert "Nothing to undo" in await chat.say("undo")
    assert await chat.titles() == []


async def test_the_window_closes_after_ten_minutes(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    await chat.say("done 1")
    await later(chat, 9 * 60)
    await chat.say("add buy milk")
    await later(chat, 2 * 60)  # the done is now 11 minutes old, the add 2

    assert "removed #2" in await chat.say("undo")
    assert "Nothing to undo" in await chat.say("undo")
    assert await state(chat) == [(1, "water plants", "", True)]


async def test_said_again_it_steps_back_change_by_change(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    await chat.say("add buy milk")
    await chat.say("done 1")
    await chat.say("rename 2 to buy oat milk")

    assert "called “buy milk” again" in await chat.say("undo")
    assert "not done any more" in await chat.say("undo again")
    assert "removed #2" in await chat.say("undo")
    assert await state(chat) == [(1, "water plants", "", False)]
    assert "removed #1" in await chat.say("undo")
    assert "Nothing to undo" in await chat.say("undo")
    assert await chat.titles() == []


async def test_undo_is_audited(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    await chat.say("undo")
    async with chat.database.session() as session:
        calls = await audit.entries(session)
    assert [(call.action, call.ok) for call in calls] == [
        ("add_task", True),
        ("undo_last_change", True),
    ]
    assert calls[1].data["undone"] == ["#1 “water plants”"]


async def test_a_redo_is_not_pretended(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    await chat.say("undo")
    assert "can't redo" in await chat.say("redo")
    assert await chat.titles() == []


async def test_the_undo_button_works_once_for_its_owner(chat: ChatDriver) -> None:
    added = await chat.push("add water plants")
    assert added is not None
    bob = chat.as_user("bob")
    stranger = await chat.service.press(
        Press(platform="console", user_ref="bob", token=added.buttons[0].token, action=Action.UNDO)
    )
    assert stranger is not None and stranger.ephemeral and "Only the person" in stranger.text
    assert await chat.titles() == ["water plants"]
    assert await bob.titles() == []

    pressed = await chat.press("undo", reply=added)
    again = await chat.press("undo", reply=added)

    assert pressed is not None and not pressed.ephemeral and pressed.outcome == "undone"
    assert pressed.text == "Undone: removed #1 “water plants”, which you had just added."
    assert again is not None and again.ephemeral and "already undone" in again.text
    assert await chat.titles() == []
    async with chat.database.session() as session:
        presses = await audit.entries(session, action="undo.pressed")
    assert len(presses) == 1


async def test_the_undo_button_expires_with_the_window(chat: ChatDriver) -> None:
    added = await chat.push("add water plants")
    await later(chat, 601)
    pressed = await chat.press("undo", reply=added)
    assert pressed is not None and pressed.ephemeral and "Too late" in pressed.text
    assert await chat.titles() == ["water plants"]


async def test_an_older_button_never_undoes_a_newer_change(chat: ChatDriver) -> None:
    """Undoing the rename would also throw away the later one: refused, nothing moves."""
    await chat.say("add call mom")
    first = await chat.push("rename 1 to call dad")
    await chat.say("rename 1 to call grandma")
    pressed = await chat.press("undo", reply=first)
    assert pressed is not None and pressed.ephemeral and "changed since" in pressed.text
    assert await chat.titles() == ["call grandma"]
    assert "called “call dad” again" in await chat.say("undo")


async def test_ten_concurrent_undo_presses_revert_once(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    done = await chat.push("done 1")
    assert done is not None
    replies = await asyncio.gather(*(chat.press("undo", reply=done) for _ in range(10)))
    outcomes = sorted(str(reply.outcome) for reply in replies if reply is not None)
    assert outcomes == ["already_undone"] * 9 + ["undone"]
    assert await state(chat) == [(1, "water plants", "", False)]
    async with chat.database.session() as session:
        undone = (
            await session.exec(select(Change).where(col(Change.undone_at).is_not(None)))
        ).all()
    assert len(undone) == 1


async def test_concurrent_typed_undos_each_take_back_one_turn(chat: ChatDriver) -> None:
    """A person's turns run one at a time: two undos at once are two steps, never one change
    reverted twice or the same change skipped."""
    await chat.say("add water plants")
    await chat.say("add buy milk")
    await chat.say("add call mom")
    replies = await asyncio.gather(chat.say("undo"), chat.say("undo"))
    assert all(reply.startswith("Undone:") for reply in replies)
    assert await chat.titles() == ["water plants"]
    async with chat.database.session() as session:
        undone = (
            await session.exec(select(Change).where(col(Change.undone_at).is_not(None)))
        ).all()
    assert len(undone) == 2


async def test_undo_reaches_only_your_own_changes(chat: ChatDriver) -> None:
    bob = chat.as_user("bob")
    await chat.say("add water plants")
    await bob.say("add fix bike")
    assert "Nothing to undo" not in await chat.say("undo")
    assert await bob.titles() == ["fix bike"]
    assert await chat.titles() == []


async def test_a_change_right_after_an_undo_is_undone_next(chat: ChatDriver) -> None:
    await chat.say("add water plants")
    await chat.say("add buy milk")
    await chat.say("undo")
    await chat.say("done 1")
    assert "not done any more" in await chat.say("undo")
    assert "removed #1" in await chat.say("undo")
    assert await chat.titles() == []


async def test_recorded_values_survive_the_database_roundtrip(chat: ChatDriver) -> None:
    """completed_at is a timestamp: undoing the done writes back exactly what was there."""
    await chat.say("add water plants")
    await chat.say("done 1")
    await chat.say("reopen 1")
    [task] = await chat.tasks()
    assert task.completed_at is None
    await chat.say("undo")
    [task] = await chat.tasks()
    assert task.completed and task.completed_at is not None
    assert abs(task.completed_at - utcnow()) < timedelta(minutes=1)
