"""A task named only with a typo is asked about with a button per task, never acted on: the
buttons pressed through the console and over Telegram, by their person, once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from sqlmodel import col, select

from core.agent.builtin import BuiltinAgent
from core.storage.db import Database
from core.storage.models import Task
from core.types import Action, Press, Reply
from tests.fakes.telegram_api import callback_update, person
from tests.fakes.telegram_rig import TelegramRig, polling_bot, telegram_api
from tests.harness import ChatDriver, build_chat, builtin_chat

WEDNESDAY = datetime(2026, 3, 11, 10, 0, tzinfo=UTC)
ALICE = person(111, "Alice", "alice")


@pytest.fixture
def chat(database: Database) -> ChatDriver:
    return builtin_chat(database, WEDNESDAY)


async def _press(chat: ChatDriver, reply: Reply, label: str) -> Reply | None:
    [button] = [b for b in reply.buttons if b.label == label]
    return await chat.service.press(
        Press(platform=chat.platform, user_ref=chat.user, token=button.token, action=button.action)
    )


async def _completed(chat: ChatDriver) -> list[str]:
    return [task.title for task in await chat.tasks() if task.completed]


async def test_a_typo_done_asks_and_the_button_completes(chat: ChatDriver) -> None:
    await chat.say("add water the ferns")
    await chat.say("add buy milk")
    asking = await chat.push("done water the fersn")
    assert asking is not None
    assert asking.text.startswith("Did you mean #1 “water the ferns”?")
    assert [b.label for b in asking.buttons] == ["#1 water the ferns", "Cancel"]
    assert await _completed(chat) == []

    pressed = await _press(chat, asking, "#1 water the ferns")
    assert pressed is not None and "water the ferns" in pressed.text
    assert "Undo" in [b.label for b in pressed.buttons]
    assert await _completed(chat) == ["water the ferns"]
    again = await _press(chat, asking, "#1 water the ferns")
    assert again is not None and again.ephemeral and "already" in again.text


async def test_several_guesses_get_a_button_each_and_one_press(chat: ChatDriver) -> None:
    await chat.say("add water the ferns")
    await chat.say("add water the fern pots")
    asking = await chat.push("mark water the fersn as done")
    assert asking is not None
    labels = [b.label for b in asking.buttons]
    assert labels == ["#1 water the ferns", "#2 water the fern pots", "Cancel"]

    await _press(chat, asking, "#2 water the fern pots")
    late = await _press(chat, asking, "#1 water the ferns")
    assert late is not None and late.ephemeral
    assert await _completed(chat) == ["water the fern pots"]
    # the task the press completed is what "it" means next
    assert (await chat.say("delete it")).startswith("Delete #2 “water the fern pots”?")


async def test_only_its_person_presses_and_cancel_changes_nothing(chat: ChatDriver) -> None:
    await chat.say("add water the ferns")
    asking = await chat.push("delete water the fersn")
    assert asking is not None
    [choice] = [b for b in asking.buttons if b.label.startswith("#1")]
    stranger = await chat.service.press(
        Press(platform="console", user_ref="bob", token=choice.token, action=Action.CONFIRM)
    )
    assert stranger is not None and stranger.ephemeral
    cancelled = await _press(chat, asking, "Cancel")
    assert cancelled is not None and cancelled.text == "Okay, I left everything as it was."
    assert await chat.titles() == ["water the ferns"]


async def test_a_typo_due_change_asks_and_the_button_moves_it(chat: ChatDriver) -> None:
    await chat.say("add water the ferns")
    asking = await chat.push("move water the fersn to friday")
    assert asking is not None and asking.text.startswith("Did you mean #1")
    assert [task.due_at for task in await chat.tasks()] == [None]
    await _press(chat, asking, "#1 water the ferns")
    [task] = await chat.tasks()
    assert task.due_at is not None


@pytest.fixture
async def telegram(database: Database) -> AsyncIterator[TelegramRig]:
    chat = build_chat(database, BuiltinAgent(), rate_limit_per_minute=0)
    async with telegram_api() as api, polling_bot(api, database, chat) as rig:
        yield rig


async def test_the_question_is_pressed_over_telegram(telegram: TelegramRig) -> None:
    await telegram.say(ALICE, "add water the ferns")
    await telegram.say(ALICE, "add buy milk")
    [asking] = await telegram.say(ALICE, "done water the fersn")
    assert asking.text.startswith("Did you mean #1 “water the ferns”?")
    assert asking.buttons == ["#1 water the ferns", "Cancel"]

    data = asking.callback_data("#1 water the ferns")
    await telegram.api.push(callback_update(ALICE, asking, data))
    edited = await telegram.answered("editMessageText")
    assert "water the ferns" in edited.text
    async with telegram.database.session() as session:
        tasks = (await session.exec(select(Task).order_by(col(Task.number)))).all()
    assert [(task.title, task.completed) for task in tasks] == [
        ("water the ferns", True),
        ("buy milk", False),
    ]


async def test_a_misread_request_offers_its_readings(chat: ChatDriver) -> None:
    await chat.say("add slides")
    asking = await chat.push("the slides change to friday")
    assert asking is not None and "I changed nothing" in asking.text
    labels = [b.label for b in asking.buttons]
    assert labels == [
        "Move #1 “slides” to 2026-03-13",
        "Add “the slides change to” as a task",
        "Cancel",
    ]
    assert await chat.titles() == ["slides"]
    await _press(chat, asking, "Move #1 “slides” to 2026-03-13")
    [task] = await chat.tasks()
    assert task.title == "slides" and task.due_at is not None


async def test_a_misread_request_can_still_be_added(chat: ChatDriver) -> None:
    asking = await chat.push("slides tomorrow 5pm remind")
    assert asking is not None
    [add] = [b.label for b in asking.buttons if b.label.startswith("Add")]
    await _press(chat, asking, add)
    assert await chat.titles() == ["slides remind"]


async def test_a_typed_yes_to_several_choices_picks_none(chat: ChatDriver) -> None:
    await chat.say("add water the ferns")
    await chat.say("add water the fern pots")
    asking = await chat.push("done water the fersn")
    assert asking is not None
    assert "Which one?" in await chat.say("yes")
    assert await _completed(chat) == []
    await _press(chat, asking, "#2 water the fern pots")  # its buttons still work
    assert await _completed(chat) == ["water the fern pots"]
