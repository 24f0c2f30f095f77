"""The core conversation loop, through ChatService, on both databases."""

from __future__ import annotations

from sqlmodel import select

from core.storage.models import Identity, User
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


async def test_the_name_and_zone_a_platform_tells_are_kept_and_follow_changes(
    chat: ChatDriver,
) -> None:
    await chat.say("add buy milk", display_name="Ada", timezone="Europe/Berlin")
    await chat.say("list", display_name="Ada L.", timezone="Asia/Tokyo")
    user_id = await chat.user_id()
    async with chat.database.session() as session:
        identity = (await session.exec(select(Identity).where(Identity.user_id == user_id))).one()
        user = await session.get(User, user_id)
    assert identity.display_name == "Ada L." and user is not None
    assert user.timezone == "Asia/Tokyo"
    assert await chat.titles() == ["buy milk"]
