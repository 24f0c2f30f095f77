"""Reminders are fair between people: due work is claimed by turns, so one person's many
reminders of a minute do not hold back another's; and one person may keep only so many
reminders waiting (MAX_PENDING_REMINDERS)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.agent.builtin import BuiltinAgent
from core.domain import tasks as task_service
from core.domain.task_selection import list_tasks
from core.people.identities import user_for
from core.reminders import book
from core.reminders.dispatch import DispatchPolicy, ReminderDispatcher
from core.storage.db import Database
from tests.api_rig import api_rig
from tests.reminders_rig import RecordingSender, StepClock, reminders_of, wakeups


async def _reminders(database: Database, person: str, titles: list[str], clock: StepClock) -> None:
    """`person`'s tasks, each with a reminder a minute from now, as the tools set them."""
    async with database.session() as session, session.begin():
        user = await user_for(session, platform="console", tenant="", external_id=person)
        for title in titles:
            task = await task_service.create_task(session, user_id=user.id, title=title)
            await book.set_for_task(
                session, task=task, at=clock.at + timedelta(minutes=1), where=book.Where("console")
            )


@pytest.mark.slow
async def test_one_person_s_many_reminders_do_not_hold_back_another_s(database: Database) -> None:
    clock, sender = StepClock(), RecordingSender()
    batch = DispatchPolicy().batch
    await _reminders(database, "alice", [f"alarm {n}" for n in range(batch + 50)], clock)
    await _reminders(database, "bob", ["call the dentist"], clock)  # set after all of Alice's
    dispatcher = ReminderDispatcher(database, [sender], clock=clock)

    clock.advance(minutes=1)
    assert await dispatcher.run_once() == batch
    first_round = [notice.recipient.user_ref for notice in sender.sent]
    assert "bob" in first_round
    assert first_round.count("alice") == batch - 1
    assert await dispatcher.run_once() == 51
    assert len(sender.sent) == batch + 51
    assert {item.status for item in await wakeups(database)} == {"done"}


async def test_a_person_may_keep_only_so_many_reminders_waiting(database_url: str) -> None:
    async with api_rig(database_url, agent=BuiltinAgent(), max_pending_reminders=2) as api:
        first = await api.content("ann", "remind me to water the plants tomorrow at 9am")
        second = await api.content("ann", "remind me to call mom tomorrow at 10am")
        refused = await api.content("ann", "remind me to pay rent tomorrow at 11am")
        moved = await api.content("ann", "remind me about #1 tomorrow at 8am")
        async with api.database.session() as session:
            user = await user_for(session, platform="api", tenant="", external_id="ann")
            titles = [task.title for task in await list_tasks(session, user_id=user.id)]
        waiting = await reminders_of(api.database, user.id)

    assert "I'll remind you" in first and "I'll remind you" in second
    assert refused.startswith("You already have 2 reminders waiting")
    assert "I'll remind you" in moved  # moving a task's own reminder needs no room
    assert titles == ["water the plants", "call mom"]  # the refused request stored nothing
    assert [reminder.status for reminder in waiting] == ["pending", "pending"]
