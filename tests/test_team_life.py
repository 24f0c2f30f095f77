"""A team task's life in the core: reminders for its assignee (or whoever asked), its due,
priority and tags, undo by the member who acted, the team trash, the change log and the audit,
all recorded as the person who acted. Three people in #eng, one in #ops, and an outsider."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from uuid import UUID

from sqlmodel import col, select

from core.reminders.dispatch import ReminderDispatcher
from core.storage import audit
from core.storage.db import Database
from core.storage.models import Change, Identity
from core.storage.reminder_models import Reminder
from core.types import Action, Mention
from tests.harness import ScriptedAgent
from tests.reminders_rig import RecordingSender, StepClock
from tests.test_team_lists import ENG, Team, bob, tasks_on
from tests.test_team_lists import team as team  # the rig: alice, bob, carol in #eng

TOMORROW_NINE = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
REFUSED = "Only members of this chat can use its team list, so I changed nothing."


async def person(database: Database, ref: str) -> UUID:
    async with database.session() as session:
        found = await session.exec(select(Identity).where(Identity.external_id == ref))
        return found.one().user_id


async def reminders(database: Database) -> list[Reminder]:
    async with database.session() as session:
        found = await session.exec(select(Reminder).order_by(col(Reminder.created_at)))
        return list(found.all())


async def changes(database: Database) -> list[Change]:
    async with database.session() as session:
        return list((await session.exec(select(Change).order_by(col(Change.id)))).all())


async def audited(database: Database) -> list[tuple[str, UUID | None, bool]]:
    async with database.session() as session:
        rows = await audit.entries(session)
        return [(row.action, row.user_id, row.ok) for row in rows if "team" in row.action]


async def test_a_reminder_goes_to_the_assignee_privately_when_it_is_due(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add fix the build @bob", mentions=bob())
    said = await team.say("alice", "team remind 1 tomorrow 9am")
    assert said.text == "I'll remind Bob about #1 “fix the build” tomorrow at 09:00."
    [reminder] = await reminders(database)
    [task] = await tasks_on(database, ENG)
    assert (reminder.user_id, reminder.task_id) == (await person(database, "bob"), task.id)
    assert (reminder.fire_at, reminder.status, reminder.platform) == (
        TOMORROW_NINE,
        "pending",
        "slack",
    )

    sender = RecordingSender(platform="slack")
    clock = StepClock(TOMORROW_NINE + timedelta(seconds=1))
    assert await ReminderDispatcher(database, [sender], clock=clock).run_once() == 1
    [notice] = sender.sent
    assert (notice.recipient.user_ref, notice.reply.text) == (
        "bob",
        "⏰ Reminder: #1 “fix the build” (a shared chat's team list)",
    )
    # the change is alice's, under the list's token; the audit says she did it
    alice = await person(database, "alice")
    logged = [(c.entity, c.kind, c.user_id) for c in await changes(database)]
    assert logged == [("task", "added", alice), ("reminder", "reminder_set", alice)]
    assert all(c.token.startswith("t") for c in await changes(database))
    assert await audited(database) == [("team_add", alice, True), ("team_remind", alice, True)]


async def test_a_team_reminder_missed_while_away_is_summarised_with_its_chat(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add fix the build @bob", mentions=bob())
    await team.say("alice", "team remind 1 tomorrow 9am")
    sender = RecordingSender(platform="slack")
    clock = StepClock(TOMORROW_NINE + timedelta(days=2))
    assert await ReminderDispatcher(database, [sender], clock=clock).run_once() == 1
    assert sender.texts == [
        "⏰ While I was away you missed 1 reminder:\n"
        "• #1 “fix the build” (a shared chat's team list), due Tue 24 Nov at 09:00\n"
        "Tell me if you want any of them again."
    ]


async def test_a_reminder_without_an_assignee_is_for_whoever_asked_or_the_person_named(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add deploy")
    mine = await team.say("alice", "team remind 1 friday")
    assert mine.text == "I'll remind you about #1 “deploy” Fri 27 Nov at 09:00."
    carol = (Mention("@carol", "carol", "Carol"),)
    theirs = await team.say("bob", "team remind @carol about 1 tomorrow at 10:30", mentions=carol)
    assert theirs.text == "I'll remind Carol about #1 “deploy” tomorrow at 10:30."
    people = {r.user_id: r.fire_at for r in await reminders(database)}
    assert people == {
        await person(database, "alice"): datetime(2026, 11, 27, 9, 0, tzinfo=UTC),
        await person(database, "carol"): datetime(2026, 11, 24, 10, 30, tzinfo=UTC),
    }


async def test_reminders_are_for_members_only_and_bad_times_change_nothing(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add fix the build")
    assert (await team.say("dave", "team remind 1 tomorrow 9am")).text == REFUSED
    dave = (Mention("@dave", "dave", "Dave"),)
    named = await team.say("alice", "team remind @dave about 1 tomorrow 9am", mentions=dave)
    assert named.text == "Dave is not a member of this chat, so I can't give them a task."
    unread = await team.say("alice", "team remind 1 whenever")
    assert unread.text == "I couldn't read “whenever” as a time, so I set no reminder."
    # "8am", not a bare "8:00": one already past this morning reads as the evening's
    past = await team.say("alice", "team remind 1 today at 8am")
    assert past.text == "Today at 08:00 has already passed."
    assert (await team.say("alice", "team remind 7 tomorrow 9am")).text.startswith(
        "There is no task #7"
    )
    assert await reminders(database) == []
    assert [(a, ok) for a, _, ok in await audited(database)][-3:] == [
        ("team_remind", False),
        ("team_remind", False),
        ("team_remind", False),
    ]


async def test_completing_or_deleting_a_team_task_cancels_its_reminders(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add fix the build @bob", mentions=bob())
    await team.say("alice", "team remind 1 tomorrow 9am")
    await team.say("carol", "team remind me about 1 tomorrow 10am")
    await team.say("bob", "team done 1")
    assert [r.status for r in await reminders(database)] == ["cancelled", "cancelled"]
    undone = await team.say("bob", "team undo")
    assert undone.text.startswith("Undone: ")
    assert [r.status for r in await reminders(database)] == ["pending", "pending"]
    assert [t.completed for t in await tasks_on(database, ENG)] == [False]


async def test_due_priority_and_tags_on_a_team_task(team: Team, database: Database) -> None:
    await team.say("alice", "team add fix the build")
    assert (
        await team.say("bob", "team due 1 friday")
    ).text == "#1 “fix the build” is due Fri 27 Nov."
    high = await team.say("bob", "team priority 1 high")
    assert high.text == "#1 “fix the build” is high priority now."
    tagged = await team.say("carol", "team tag 1 backend #ci")
    assert tagged.text == "#1 “fix the build” tags: #backend #ci."
    assert (await team.say("carol", "team untag 1 ci")).text == "#1 “fix the build” tags: #backend."
    [task] = await tasks_on(database, ENG)
    assert (task.priority, task.tags, task.due_has_time) == ("high", ["backend"], False)
    listed = await team.say("alice", "team")
    assert listed.text.splitlines()[1] == "#1 fix the build (due Fri 27 Nov) [high] #backend"
    assert task.due_at == datetime(2026, 11, 27, tzinfo=UTC)

    refused = await team.say("bob", "team priority 1 urgent")
    assert refused.text == "“urgent” is not a priority: use low, medium or high."
    assert (await team.say("bob", "team due 1 yesterday")).text.endswith("so I didn't set it.")
    assert (await team.say("dave", "team priority 1 low")).text == REFUSED
    [same] = await tasks_on(database, ENG)
    assert (same.priority, same.tags, same.due_at) == ("high", ["backend"], task.due_at)
    cleared = await team.say("bob", "team due 1 none")
    assert cleared.text == "#1 “fix the build” has no due date now."
    authors = [c.user_id for c in await changes(database) if c.kind == "updated"]
    bob_id, carol_id = await person(database, "bob"), await person(database, "carol")
    assert authors == [bob_id, bob_id, carol_id, carol_id, bob_id]


async def test_undo_takes_back_only_your_own_change_and_only_while_a_member(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add fix the build")
    await team.say("alice", "team done 1")
    nothing = await team.say("bob", "team undo")
    assert nothing.text.startswith("Nothing to undo: you have made no change to this chat's")
    # a personal "undo" does not reach the team list
    agent = team.service.agent
    assert isinstance(agent, ScriptedAgent)
    agent.queue(("undo_last_change", {}))
    assert (await team.say("alice", "undo", chat="D-alice")).text.startswith("Nothing to undo")
    assert [t.completed for t in await tasks_on(database, ENG)] == [True]

    team.members.rooms[ENG].discard("alice")
    assert (await team.say("alice", "team undo")).text == REFUSED
    assert [t.completed for t in await tasks_on(database, ENG)] == [True]
    team.members.rooms[ENG].add("alice")
    undone = await team.say("alice", "team undo")
    assert undone.text == "Undone: #1 “fix the build” is not done any more."
    assert [t.completed for t in await tasks_on(database, ENG)] == [False]
    again = await team.say("alice", "team undo")
    assert again.text == "Undone: removed #1 “fix the build”, which you had just added."
    assert await tasks_on(database, ENG) == []


async def test_a_deleted_team_task_is_in_the_team_trash_and_any_member_restores_it(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add fix the build @bob", mentions=bob())
    asked = await team.say("bob", "team delete 1")
    confirmed = await team.press("bob", asked)
    assert confirmed.text == (
        "Deleted #1 “fix the build” from the team list (members can bring it back with "
        "team restore)."
    )
    assert (await team.say("carol", "team trash")).text.splitlines() == [
        "In this chat's team trash (team restore <n> brings one back):",
        "#1 fix the build",
    ]
    assert (await team.say("dave", "team restore 1")).text == REFUSED
    assert [t.deleted_at is not None for t in await tasks_on(database, ENG)] == [True]
    restored = await team.say("carol", "team restore 1")
    assert restored.text == "Restored #1 “fix the build” to this chat's team list."
    [task] = await tasks_on(database, ENG)
    assert (task.deleted_at, task.assignee_id) == (None, await person(database, "bob"))
    assert (await team.say("carol", "team trash")).text == "This chat's team trash is empty."
    assert (await team.say("carol", "team restore 1")).text.startswith("There is no task #1")
    # bob's delete, carol's restore: each recorded as theirs
    kinds = [(c.kind, c.user_id) for c in await changes(database) if c.entity == "task"][1:]
    assert kinds == [
        ("deleted", await person(database, "bob")),
        ("restored", await person(database, "carol")),
    ]
    confirmed_audit = [a for a in await audited(database) if a[0] == "delete_team_task.confirmed"]
    assert confirmed_audit == [("delete_team_task.confirmed", await person(database, "bob"), True)]


async def test_a_reminder_for_someone_in_plain_words(team: Team, database: Database) -> None:
    await team.say("alice", "team add fix the build")
    said = await team.say("alice", "remind @bob about 1 tomorrow at 9", mentions=bob())
    assert said.text == "I'll remind Bob about #1 “fix the build” tomorrow at 09:00."
    [reminder] = await reminders(database)
    assert (reminder.user_id, reminder.fire_at) == (await person(database, "bob"), TOMORROW_NINE)
    unknown = await team.say("alice", "remind @robert about 1 tomorrow at 9")
    assert unknown.text.startswith("I don't know who @robert is here, so I changed nothing.")
    assert len(await reminders(database)) == 1


async def test_a_reminders_done_completes_a_team_task_only_for_its_creator_or_holder(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add water the plants")
    await team.say("carol", "team remind me about 1 tomorrow 9am")
    sender = RecordingSender(platform="slack")
    clock = StepClock(TOMORROW_NINE + timedelta(seconds=1))
    assert await ReminderDispatcher(database, [sender], clock=clock).run_once() == 1
    [notice] = sender.sent
    assert notice.recipient.user_ref == "carol"
    refused = await team.press("carol", notice.reply, Action.REMINDER_DONE)
    assert refused.text == (
        "#1 “water the plants” is not yours to complete here: complete it in its chat."
    )
    assert [r.status for r in await reminders(database)] == ["sent"]  # still live
    assert [t.completed for t in await tasks_on(database, ENG)] == [False]
    assert (await team.say("carol", "team done 1")).text == "Done: #1 “water the plants”."
