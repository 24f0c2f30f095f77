"""A typed yes or no to a pending confirmation: the button's one decision, by words."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from sqlalchemy import update
from sqlmodel import select

from core.agent.builtin import BuiltinAgent
from core.commands.typed_answers import typed_answer
from core.storage import audit
from core.storage.db import Database
from core.storage.models import Confirmation, utcnow
from core.types import Action, Reply
from tests.api_rig import ApiRig, api_rig
from tests.harness import ChatDriver, build_chat


@pytest.fixture
def chat(database: Database) -> ChatDriver:
    return ChatDriver(build_chat(database, BuiltinAgent()), database)


async def asked(chat: ChatDriver) -> Reply:
    await chat.say("add buy milk")
    await chat.say("add call mom")
    reply = await chat.push("delete 1")
    assert reply is not None and reply.buttons
    return reply


async def status(chat: ChatDriver) -> str:
    async with chat.database.session() as session:
        return (await session.exec(select(Confirmation.status))).one()


@pytest.mark.parametrize(
    ("said", "action"),
    [
        ("yes", Action.CONFIRM),
        ("Yep!", Action.CONFIRM),
        ("sure", Action.CONFIRM),
        ("do it", Action.CONFIRM),
        ("confirm", Action.CONFIRM),
        ("👍", Action.CONFIRM),
        ("yes, delete it", Action.CONFIRM),
        ("yes pls", Action.CONFIRM),
        ("ok thx", Action.CONFIRM),
        ("go ahead please, thanks", Action.CONFIRM),
        ("no", Action.CANCEL),
        ("cancel", Action.CANCEL),
        ("keep it", Action.CANCEL),
        ("stop", Action.CANCEL),
        ("No, don't!", Action.CANCEL),
        ("pls no", Action.CANCEL),
        ("nope, thanks", Action.CANCEL),
        ("thanks", None),
        ("maybe", None),
        ("delete 2", None),
        ("yes and add eggs", None),
        ("ok then, go ahead, thx", Action.CONFIRM),
        ("please", Action.CONFIRM),
        ("👍👍", Action.CONFIRM),
        ("nah, keep it pls", Action.CANCEL),
        ("hold on, no", Action.CANCEL),
        ("no thanks", Action.CANCEL),
        ("wait", None),
        ("yes no", None),
        ("keep it up", None),
    ],
)
def test_the_words_that_answer(said: str, action: Action | None) -> None:
    assert typed_answer(said) is action


async def test_yes_deletes_once_and_the_button_then_refuses(chat: ChatDriver) -> None:
    question = await asked(chat)
    reply = await chat.push("yes")
    assert reply is not None and reply.text == "Deleted #1 “buy milk”."
    assert [button.action for button in reply.buttons] == [Action.UNDO]
    assert await chat.titles() == ["call mom"]

    late = await chat.press("confirm", reply=question)
    assert late is not None and late.ephemeral and "already confirmed" in late.text
    await chat.say("yes")  # nothing pending any more: no second decision
    assert await chat.titles() == ["call mom"]
    async with chat.database.session() as session:
        deletions = await audit.entries(session, action="delete_task.confirmed")
    assert len(deletions) == 1


async def test_no_really_cancels(chat: ChatDriver) -> None:
    question = await asked(chat)
    reply = await chat.say("no")
    assert reply == "Okay, I kept #1 “buy milk”. Nothing was deleted."
    assert await status(chat) == "cancelled"
    late = await chat.press("confirm", reply=question)
    assert late is not None and late.ephemeral and "already cancelled" in late.text
    assert await chat.titles() == ["buy milk", "call mom"]


async def test_anything_else_leaves_it_pending_and_says_how_to_answer(chat: ChatDriver) -> None:
    await asked(chat)
    reply = await chat.say("hmm, maybe")
    assert "say yes" in reply and "no to cancel" in reply
    assert await status(chat) == "pending"
    assert await chat.say("yes") == "Deleted #1 “buy milk”."


async def test_only_the_askers_own_confirmation_in_that_conversation(chat: ChatDriver) -> None:
    await asked(chat)
    bob = chat.as_user("bob")
    await bob.say("yes")
    elsewhere = ChatDriver(chat.service, chat.database, user="alice", chat_ref="another-chat")
    await elsewhere.say("yes")
    assert await status(chat) == "pending"
    assert await chat.titles() == ["buy milk", "call mom"]


async def test_an_expired_question_is_not_answered(chat: ChatDriver) -> None:
    await asked(chat)
    async with chat.database.session() as session, session.begin():
        await session.exec(update(Confirmation).values(expires_at=utcnow() - timedelta(seconds=1)))
    await chat.say("yes")
    assert await chat.titles() == ["buy milk", "call mom"]


async def test_a_typed_yes_racing_the_button_decides_once(chat: ChatDriver) -> None:
    question = await asked(chat)
    typed, pressed = await asyncio.gather(chat.push("yes"), chat.press("confirm", reply=question))
    assert typed is not None and pressed is not None
    assert [typed.text, pressed.text].count("Deleted #1 “buy milk”.") == 1
    assert await chat.titles() == ["call mom"]


async def test_the_answer_says_where_the_question_was_sent(chat: ChatDriver) -> None:
    question = await asked(chat)
    token = question.confirmation_token()
    assert token is not None
    remember = chat.service.remember_message
    # Someone else's note, or one too long for the column, is not kept.
    await remember(platform="console", tenant="", user_ref="bob", token=token, message_ref="x")
    await remember(
        platform="console", tenant="", user_ref="alice", token=token, message_ref="m" * 256
    )
    async with chat.database.session() as session:
        assert (await session.exec(select(Confirmation.message_ref))).one() is None
    await remember(
        platform="console", tenant="", user_ref="alice", token=token, message_ref="chat:7"
    )
    reply = await chat.push("no")
    # The message that carried the buttons is named, so the adapter can edit it.
    assert reply is not None and reply.decided_message_ref == "chat:7"


@pytest.fixture
async def api(database_url: str) -> AsyncIterator[ApiRig]:
    async with api_rig(database_url, rate_limit_per_minute=0) as rig:
        yield rig


async def test_the_api_takes_a_typed_yes_and_an_undo(api: ApiRig) -> None:
    await api.content("ann", "add buy milk")
    body = (await api.say("ann", "delete 1")).json()
    conversation = body["conversation_id"]

    answered = (await api.say("ann", "yes", conversation_id=conversation)).json()

    assert answered["content"] == "Deleted #1 “buy milk”."
    assert answered["pending_confirmations"] == []
    token = answered["undo_token"]
    stranger = await api.client.post(f"/api/bob/undo/{token}", headers=api.auth("bob"))
    unknown = await api.client.post(f"/api/bob/undo/{token[:-2]}", headers=api.auth("bob"))
    undone = await api.client.post(f"/api/ann/undo/{token}", headers=api.auth("ann"))
    again = await api.client.post(f"/api/ann/undo/{token}", headers=api.auth("ann"))
    assert stranger.status_code == unknown.status_code == 404
    assert stranger.json() == unknown.json() == {"detail": "No such change to undo for this user."}
    assert undone.status_code == 200 and undone.json()["outcome"] == "undone"
    assert "back from the trash" in undone.json()["content"]
    assert again.status_code == 409
    assert "buy milk" in await api.content("ann", "list all")
    schema = (await api.client.get("/openapi.json")).json()
    assert "/api/{user_id}/undo/{token}" in schema["paths"]
    assert "undo_token" in schema["components"]["schemas"]["ChatResponse"]["properties"]
