"""On the chat API a reminder is a message in the conversation it was asked in, and its
buttons are pressed with POST /api/{user_id}/reminders/{token}: by its owner, once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any
from uuid import UUID

import pytest
from sqlmodel import select

from adapters.http.reminders import ApiReminderSender
from core.reminders import book
from core.reminders.dispatch import ReminderDispatcher
from core.storage.db import Database
from core.storage.models import Identity, Reminder, Task, utcnow
from tests.api_rig import ApiRig, api_rig
from tests.reminders_rig import StepClock, reminders_of

DONE = "✓ Marked #1 “call mom” as done."


@pytest.fixture
async def api(database_url: str) -> AsyncIterator[ApiRig]:
    async with api_rig(database_url, rate_limit_per_minute=0) as rig:
        yield rig


def database(api: ApiRig) -> Database:
    return api.app.state.services.db


async def delivered(api: ApiRig, user: str = "ann") -> tuple[dict[str, Any], str]:
    """`user` adds “call mom” with a reminder tomorrow, which then comes due: the reminder's
    tool call data as the conversation shows it, and the conversation's id."""
    conversation = (await api.say(user, "/add call mom")).json()["conversation_id"]
    due = utcnow() + timedelta(days=1)
    async with database(api).session() as session, session.begin():
        task = (
            await session.exec(
                select(Task)
                .join(Identity, Identity.user_id == Task.user_id)
                .where(Identity.platform == "api", Identity.external_id == user)
            )
        ).one()
        await book.set_for_task(
            session, task=task, at=due, where=book.Where("api", UUID(conversation))
        )
    sender = ApiReminderSender(database(api))
    dispatcher = ReminderDispatcher(database(api), [sender], clock=StepClock(due))
    assert await dispatcher.run_once() == 1
    last = (await api.messages(user, conversation)).json()["messages"][-1]
    assert (last["role"], last["content"]) == ("assistant", "⏰ Reminder: #1 “call mom”")
    [call] = last["tool_calls"]
    assert call["tool_name"] == "reminder"
    return call["result"]["data"], conversation


async def statuses(api: ApiRig) -> list[str]:
    async with database(api).session() as session:
        task = (await session.exec(select(Task))).one()
    return [reminder.status for reminder in await reminders_of(database(api), task.user_id)]


async def completed(api: ApiRig) -> bool:
    async with database(api).session() as session:
        return (await session.exec(select(Task.completed))).one()


async def test_the_reminder_message_carries_what_a_client_presses(api: ApiRig) -> None:
    data, _ = await delivered(api)
    assert data["actions"] == [
        {"label": "Done", "action": "done"},
        {"label": "Snooze 1 h", "action": "snooze"},
        {"label": "Tomorrow 9:00", "action": "tomorrow"},
    ]
    async with database(api).session() as session:
        [reminder] = (await session.exec(select(Reminder))).all()
    assert data["token"] == reminder.token


async def test_its_owner_presses_done_and_it_is_decided_once(api: ApiRig) -> None:
    data, _ = await delivered(api)

    pressed = await api.press("ann", data["token"], "done")
    again = await api.press("ann", data["token"], "snooze")

    assert pressed.status_code == 200
    assert pressed.json() == {
        "token": data["token"],
        "user_id": "ann",
        "outcome": "done",
        "content": DONE,
    }
    assert again.status_code == 409
    assert again.json() == {"detail": "That reminder was already taken care of."}
    assert await completed(api)
    assert await statuses(api) == ["done"]


async def test_snooze_reminds_again_an_hour_later(api: ApiRig) -> None:
    data, _ = await delivered(api)
    before = utcnow()

    pressed = await api.press("ann", data["token"], "snooze")

    assert pressed.status_code == 200
    assert pressed.json()["outcome"] == "snoozed"
    assert pressed.json()["content"].startswith("⏰ #1 “call mom”: I'll remind you again at ")
    async with database(api).session() as session:
        task = (await session.exec(select(Task))).one()
    by_status = {r.status: r for r in await reminders_of(database(api), task.user_id)}
    assert sorted(by_status) == ["pending", "snoozed"]
    assert by_status["pending"].fire_at - before >= timedelta(hours=1)
    assert not await completed(api)


async def test_a_stranger_cannot_press_someone_elses_reminder(api: ApiRig) -> None:
    data, _ = await delivered(api, "ann")

    stranger = await api.press("eve", data["token"], "done")
    forged = await api.press("ann", data["token"], "done", as_user="eve")

    assert stranger.status_code == 403
    assert stranger.json() == {
        "detail": "Only the person this reminder is for can use its buttons."
    }
    assert forged.status_code == 403
    assert await statuses(api) == ["sent"]
    assert not await completed(api)
    assert (await api.press("ann", data["token"], "done")).status_code == 200


async def test_an_unknown_reminder_or_action_changes_nothing(api: ApiRig) -> None:
    data, _ = await delivered(api)

    unknown = await api.press("ann", "no-such-token", "done")
    internal_name = await api.press("ann", data["token"], "rdone")
    not_a_button = await api.press("ann", data["token"], "delete")

    assert unknown.status_code == 404
    assert unknown.json() == {"detail": "That reminder is gone."}
    assert internal_name.status_code == 400
    assert not_a_button.status_code == 400
    assert "action" in not_a_button.json()["detail"]
    assert await statuses(api) == ["sent"]


async def test_a_retried_press_with_its_key_gets_the_first_answer(api: ApiRig) -> None:
    data, _ = await delivered(api)

    first = await api.press("ann", data["token"], "done", key="press-1")
    retried = await api.press("ann", data["token"], "done", key="press-1")
    other = await api.press("ann", data["token"], "snooze", key="press-1")

    assert (first.status_code, retried.status_code) == (200, 200)
    assert retried.json() == first.json()
    assert retried.headers["Idempotent-Replayed"] == "true"
    assert other.status_code == 422
    assert await statuses(api) == ["done"]
