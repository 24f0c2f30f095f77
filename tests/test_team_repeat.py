"""Repeating team tasks and reminders before a team task's due, in the core: a task added
"every monday" is due its first Monday and, once done, the next one is on the same list with
its assignee and assigner; `team repeat` sets or stops the repeat of a task already there;
`team remind 1 1 day before` goes off the day before the due and follows it. Bad words change
nothing, and every change is the acting member's, in the log, the audit and `team undo`."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.wiring import build_chat
from core.chat import ChatPolicy
from core.clock import PinnedClock
from core.reminders.dispatch import ReminderDispatcher
from core.storage.db import Database
from tests.harness import ScriptedAgent
from tests.reminders_rig import RecordingSender, StepClock
from tests.test_team_life import audited, changes, person, reminders
from tests.test_team_lists import ENG, NOW, OPS, ChannelMembers, Team, bob, tasks_on

NEXT_ONE = "when it's done, I'll put the next one on this list."


@pytest.fixture
def clock() -> PinnedClock:
    return PinnedClock(NOW, frozen=True)  # Monday 23 Nov 2026, 09:00 UTC


@pytest.fixture
def team(database: Database, clock: PinnedClock) -> Team:
    service = build_chat(
        database, agent=ScriptedAgent(), policy=ChatPolicy(rate_limit_per_minute=0), clock=clock
    )
    members = ChannelMembers({ENG: {"alice", "bob", "carol"}, OPS: {"carol"}})
    service.memberships.register("slack", members)
    return Team(service, members)


async def test_a_repeating_team_task_comes_back_for_its_assignee_when_done(
    team: Team, database: Database, clock: PinnedClock
) -> None:
    added = await team.say("alice", "team add water the plants @bob every monday", mentions=bob())
    assert added.text == (
        "Added #1 “water the plants” to this chat's team list for Bob, due today (Mon 23 Nov). "
        f"It repeats: {NEXT_ONE}"
    )
    assert [tell.user_ref for tell in added.tells] == ["bob"]
    [task] = await tasks_on(database, ENG)
    assert (task.repeat, task.due_at) == ("FREQ=WEEKLY;BYDAY=MO", NOW.replace(hour=0))

    clock.advance(timedelta(days=1))  # done a day late: the next Monday is still a week on
    done = await team.say("bob", "team done 1")
    assert done.text == "Done: #1 “water the plants”. Next one: #2, due Mon 30 Nov."
    first, following = await tasks_on(database, ENG)
    alice, bob_id = await person(database, "alice"), await person(database, "bob")
    assert (first.completed, following.completed) == (True, False)
    assert (following.title, following.repeat, following.due_at) == (
        "water the plants",
        "FREQ=WEEKLY;BYDAY=MO",
        datetime(2026, 11, 30, tzinfo=UTC),
    )
    assert (following.assignee_id, following.assigner_id, following.creator_id) == (
        bob_id,
        alice,
        alice,
    )
    listed = await team.say("carol", "team")
    assert listed.text.splitlines()[1:] == ["#2 water the plants → Bob (due Mon 30 Nov)"]
    # bob's completion and the next one are his, in the log and the audit
    logged = [(c.kind, c.user_id) for c in await changes(database)][1:]
    assert logged == [("completed", bob_id), ("added", bob_id)]
    assert (await audited(database))[-1] == ("team_done", bob_id, True)

    undone = await team.say("bob", "team undo")
    assert undone.text.startswith("Undone: ")
    [again] = await tasks_on(database, ENG)
    assert (again.number, again.completed) == (1, False)


async def test_team_repeat_sets_and_stops_the_repeat_and_bad_words_change_nothing(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add take out the bins")
    for said, answer in [
        ("team repeat 1", "Say which task and how often: team repeat 3 every monday"),
        ("team repeat 1 every hour", "I couldn't read “every hour” as a repeat, so I changed"),
        ("team repeat 1 sometimes", "I couldn't read “sometimes” as a repeat, so I changed"),
        ("team repeat 1 every tuesday bins", "I couldn't read “every tuesday bins” as a repeat"),
        ("team repeat 4 weekly", "There is no task #4"),
        ("team repeat 1 off", "#1 “take out the bins” doesn't repeat, so I changed nothing."),
    ]:
        assert (await team.say("carol", said)).text.startswith(answer), said
    assert (await team.say("dave", "team repeat 1 weekly")).text.startswith("Only members")
    [task] = await tasks_on(database, ENG)
    assert (task.repeat, task.due_at, task.updated_at) == (None, None, task.created_at)
    carol = await person(database, "carol")
    assert [(a, ok) for a, who, ok in await audited(database) if who == carol] == [
        ("team_repeat", False)
    ] * 6

    weekly = await team.say("carol", "team repeat 1 every thursday")
    assert (
        weekly.text == f"#1 “take out the bins” repeats every thursday, due Thu 26 Nov: {NEXT_ONE}"
    )
    [task] = await tasks_on(database, ENG)
    assert (task.repeat, task.due_at) == (
        "FREQ=WEEKLY;BYDAY=TH",
        datetime(2026, 11, 26, tzinfo=UTC),
    )
    assert (await team.say("carol", "team done 1")).text.endswith("Next one: #2, due Thu 3 Dec.")
    # stopping a finished one stops the series where it goes on
    stopped = await team.say("bob", "team repeat 1 off")
    assert stopped.text == "#2 “take out the bins” (the next one after #1) won't repeat any more."
    assert [t.repeat for t in await tasks_on(database, ENG)] == [None, None]
    assert (await team.say("carol", "team done 2")).text == "Done: #2 “take out the bins”."
    assert len(await tasks_on(database, ENG)) == 2
    undone = await team.say("bob", "team undo")
    assert undone.text.startswith("Undone: ")
    assert [t.repeat for t in await tasks_on(database, ENG)] == ["FREQ=WEEKLY;BYDAY=TH"] * 2


async def test_a_reminder_a_day_before_the_due_goes_off_then_and_follows_the_due(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add ship the release @bob friday", mentions=bob())
    said = await team.say("alice", "team remind 1 1 day before")
    assert said.text == (
        "I'll remind Bob about #1 “ship the release” Thu 26 Nov at 09:00, 1 day before it's due."
    )
    [reminder] = await reminders(database)
    bob_id = await person(database, "bob")
    assert (reminder.user_id, reminder.fire_at, reminder.before_due_minutes) == (
        bob_id,
        datetime(2026, 11, 26, 9, 0, tzinfo=UTC),
        24 * 60,
    )
    moved = await team.say("carol", "team due 1 saturday")
    assert moved.text == (
        "#1 “ship the release” is due Sat 28 Nov. Its reminder set before the due follows it."
    )
    [reminder] = await reminders(database)
    friday_nine = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)
    assert reminder.fire_at == friday_nine
    # one undo takes back the due and the reminder that followed it
    assert (await team.say("carol", "team undo")).text.startswith("Undone: ")
    [reminder] = await reminders(database)
    assert reminder.fire_at == datetime(2026, 11, 26, 9, 0, tzinfo=UTC)
    assert [t.due_at for t in await tasks_on(database, ENG)] == [datetime(2026, 11, 27, tzinfo=UTC)]
    await team.say("carol", "team due 1 saturday")

    sender = RecordingSender(platform="slack")
    early = StepClock(friday_nine - timedelta(minutes=1))
    await ReminderDispatcher(database, [sender], clock=early).run_once()  # Thursday's is moved
    assert sender.sent == []
    on_time = StepClock(friday_nine + timedelta(seconds=1))
    await ReminderDispatcher(database, [sender], clock=on_time).run_once()
    [notice] = sender.sent  # once, though the due moved twice
    assert (notice.recipient.user_ref, notice.reply.text) == (
        "bob",
        "⏰ Reminder: #1 “ship the release” (a shared chat's team list)",
    )


async def test_a_reminder_before_the_due_needs_a_due_and_a_time_still_ahead(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add deploy")
    no_due = await team.say("alice", "team remind 1 1 day before")
    assert no_due.text == (
        "#1 “deploy” has no due date, so I set no reminder before it. "
        "Give it one first: team due 1 friday."
    )
    await team.say("alice", "team due 1 tomorrow")
    passed = await team.say("alice", "team remind 1 2 days before it's due")
    assert passed.text == "Yesterday at 09:00 has already passed."
    too_far = await team.say("alice", "team remind 1 6 weeks before")
    assert too_far.text.startswith("A reminder can be from 0 minutes to 30 days before")
    assert await reminders(database) == []
    hour = await team.say("alice", "team remind 1 an hour before")
    assert (
        hour.text == "I'll remind you about #1 “deploy” tomorrow at 08:00, 1 hour before it's due."
    )


async def test_a_repeating_task_carries_its_reminder_to_the_next_one(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add water the plants @bob every friday", mentions=bob())
    await team.say("alice", "team remind 1 1 day before")
    done = await team.say("bob", "team done 1")
    assert done.text == (
        "Done: #1 “water the plants”. Next one: #2, due Fri 4 Dec, with its reminder."
    )
    cancelled, carried = await reminders(database)
    assert (cancelled.status, carried.status) == ("cancelled", "pending")
    assert (carried.user_id, carried.fire_at, carried.before_due_minutes) == (
        await person(database, "bob"),
        datetime(2026, 12, 3, 9, 0, tzinfo=UTC),
        24 * 60,
    )
