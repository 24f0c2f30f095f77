"""The core conversation loop, through ChatService, on both databases."""

from __future__ import annotations

from tests.harness import ChatDriver


async def test_add_then_list(chat: ChatDriver) -> None:
    assert await chat.say("add buy milk") == "Added #1 “buy milk”."
    assert "1. buy milk" in await chat.say("list")
    assert await chat.titles() == ["buy milk"]


async def test_delete_waits_for_confirm(chat: ChatDriver) -> None:
    await chat.say("add buy milk")
    reply = await chat.push("delete 1")
    assert reply is not None and [b.action.value for b in reply.buttons] == ["confirm", "cancel"]
    assert await chat.titles() == ["buy milk"]
    pressed = await chat.press("confirm")
    assert pressed is not None and pressed.text == "Deleted #1 “buy milk”."
    assert await chat.titles() == []
