"""Deletes wait for the owner's button: owner-only, pending-only, unexpired, exactly once."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import update
from sqlmodel import col, select

from core.storage import audit
from core.storage.models import Confirmation, utcnow
from core.types import Action, Press
from tests.harness import ChatDriver


async def test_cancel_keeps_the_task(chat: ChatDriver) -> None:
    await chat.say("add file taxes")
    await chat.push("delete 1")
    pressed = await chat.press("cancel")
    assert pressed is not None and not pressed.ephemeral
    assert pressed.text == "Okay, I kept #1 “file taxes”. Nothing was deleted."
    assert await chat.titles() == ["file taxes"]


async def test_ten_concurrent_presses_delete_exactly_once(chat: ChatDriver) -> None:
    await chat.say("add file taxes")
    await chat.say("add buy milk")
    asked = await chat.push("delete 1")
    assert asked is not None
    replies = await asyncio.gather(*(chat.press("confirm", reply=asked) for _ in range(10)))
    texts = [reply.text for reply in replies if reply is not None]
    assert texts.count("Deleted #1 “file taxes”.") == 1
    assert sum(1 for reply in replies if reply is not None and reply.ephemeral) == 9
    assert await chat.titles() == ["buy milk"]
    async with chat.database.session() as session:
        deletions = await audit.entries(session, action="delete_task.confirmed")
    assert len(deletions) == 1


async def test_confirm_then_cancel_is_refused(chat: ChatDriver) -> None:
    await chat.say("add file taxes")
    asked = await chat.push("delete 1")
    await chat.press("confirm", reply=asked)
    late = await chat.press("cancel", reply=asked)
    assert late is not None and late.ephemeral
    assert late.text == "That was already confirmed; nothing more to do."


async def test_expired_confirmation_changes_nothing(chat: ChatDriver) -> None:
    await chat.say("add file taxes")
    asked = await chat.push("delete 1")
    async with chat.database.session() as session, session.begin():
        await session.exec(update(Confirmation).values(expires_at=utcnow() - timedelta(seconds=1)))
    pressed = await chat.press("confirm", reply=asked)
    assert pressed is not None and not pressed.ephemeral
    assert "expired" in pressed.text and "nothing was deleted" in pressed.text
    assert await chat.titles() == ["file taxes"]
    again = await chat.press("confirm", reply=asked)
    assert again is not None and "expired" in again.text
    async with chat.database.session() as session:
        row = (await session.exec(select(Confirmation))).one()
    assert row.status == "expired"


async def test_unknown_token(chat: ChatDriver) -> None:
    await chat.say("add file taxes")
    reply = await chat.service.press(
        Press(platform="console", user_ref="alice", token="c-forged", action=Action.CONFIRM)
    )
    assert reply is not None and reply.ephemeral and "no longer works" in reply.text
    assert await chat.titles() == ["file taxes"]


async def test_task_gone_before_confirm(chat: ChatDriver) -> None:
    await chat.say("add file taxes")
    first = await chat.push("delete 1")
    second = await chat.push("delete 1")
    await chat.press("confirm", reply=first)
    pressed = await chat.press("confirm", reply=second)
    assert pressed is not None
    assert pressed.text == "#1 “file taxes” was already gone, so there was nothing to delete."


async def test_a_redelivered_press_is_applied_once(chat: ChatDriver) -> None:
    await chat.say("add file taxes")
    asked = await chat.push("delete 1")
    first = await chat.press("confirm", reply=asked, event_id="cb-1")
    second = await chat.press("confirm", reply=asked, event_id="cb-1")
    assert first is not None and second is None


async def test_the_decision_is_remembered_in_the_conversation(chat: ChatDriver) -> None:
    await chat.say("add file taxes")
    await chat.push("delete 1")
    await chat.press("confirm")
    from core.storage.models import Message

    async with chat.database.session() as session:
        last = (
            await session.exec(select(Message).order_by(col(Message.created_at).desc()))
        ).first()
    assert last is not None and last.content == "Deleted #1 “file taxes”."
    assert last.tool_calls[0]["tool_name"] == "delete_task:confirmed"
