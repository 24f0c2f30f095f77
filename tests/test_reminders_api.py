"""On the chat API a reminder is a message in the conversation it was asked in, and its
buttons are pressed with POST /api/{user_id}/reminders/{token}: by its owner, once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from sqlmodel import select

from core.storage.models import Task, utcnow
from core.storage.reminder_models import Reminder
from tests.api_rig import ApiRig, api_rig, deliver_reminder
from tests.reminders_rig import reminders_of

DONE = "✓ Marked #1 “call mom” as done."


@pytest.fixture
async def api(database_url: str) -> AsyncIterator[ApiRig]:
    async with api_rig(database_url, rate_limit_per_minute=0) as rig:
        yield rig


async def statuses(api: ApiRig) -> list[str]:
    async with api.database.session() as session:
        task = (await session.exec(select(Task))).one()
    return [reminder.status for reminder in await reminders_of(api.database, task.user_id)]


async def completed(api: ApiRig) -> bool:
    async with api.database.session() as session:
        return (await session.exec(select(Task.completed))).one()


async def test_the_reminder_message_carries_what_a_client_presses(api: ApiRig) -> None:
    data, _ = await deliver_reminder(api)
    assert data["actions"] == [
        {"label": "Done", "action": "done"},
        {"label": "Snooze 1 h", "action": "snooze"},
        {"label": "Tomorrow 9:00", "action": "tomorrow"},
    ]
    async with api.database.session() as session:
        [reminder] = (await session.exec(select(Reminder))).all()
    assert data["token"] == reminder.token


async def test_its_owner_presses_done_and_it_is_decided_once(api: ApiRig) -> None:
    data, _ = await deliver_reminder(api)

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
    data, _ = await deliver_reminder(api)
    before = utcnow()

    pressed = await api.press("ann", data["token"], "snooze")

    assert pressed.status_code == 200
    assert pressed.json()["outcome"] == "snoozed"
    assert pressed.json()["content"].startswith("⏰ #1 “call mom”: I'll remind you again at ")
    async with api.database.session() as session:
        task = (await session.exec(select(Task))).one()
    by_status = {r.status: r for r in await reminders_of(api.database, task.user_id)}
    assert sorted(by_status) == ["pending", "snoozed"]
    assert by_status["pending"].fire_at - before >= timedelta(hours=1)
    assert not await completed(api)


async def test_a_stranger_cannot_press_someone_elses_reminder(api: ApiRig) -> None:
    data, _ = await deliver_reminder(api, "ann")

    stranger = await api.press("eve", data["token"], "done")
    unknown = await api.press("eve", "r" + "x" * 24, "done")
    forged = await api.press("ann", data["token"], "done", as_user="eve")

    assert stranger.status_code == unknown.status_code == 404
    assert stranger.json() == unknown.json() == {"detail": "No such reminder for this user."}
    assert forged.status_code == 403
    assert await statuses(api) == ["sent"]
    assert not await completed(api)
    assert (await api.press("ann", data["token"], "done")).status_code == 200


async def test_an_unknown_reminder_or_action_changes_nothing(api: ApiRig) -> None:
    data, _ = await deliver_reminder(api)

    unknown = await api.press("ann", "no-such-token", "done")
    internal_name = await api.press("ann", data["token"], "rdone")
    not_a_button = await api.press("ann", data["token"], "delete")

    assert unknown.status_code == 404
    assert unknown.json() == {"detail": "No such reminder for this user."}
    assert internal_name.status_code == 400
    assert not_a_button.status_code == 400
    assert "action" in not_a_button.json()["detail"]
    assert await statuses(api) == ["sent"]


async def test_a_retried_press_with_its_key_gets_the_first_answer(api: ApiRig) -> None:
    data, _ = await deliver_reminder(api)

    first = await api.press("ann", data["token"], "done", key="press-1")
    retried = await api.press("ann", data["token"], "done", key="press-1")
    other = await api.press("ann", data["token"], "snooze", key="press-1")

    assert (first.status_code, retried.status_code) == (200, 200)
    assert retried.json() == first.json()
    assert retried.headers["Idempotent-Replayed"] == "true"
    assert other.status_code == 422
    assert await statuses(api) == ["done"]
