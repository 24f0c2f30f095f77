"""Assignment said in words, tasks named by their titles, and people forgotten, in the core:
the same people and channels as tests/test_team_lists.py, membership from the platform's
table. Only a member can be given a task, and every refusal changes nothing."""

from __future__ import annotations

import pytest

from core.commands.team_assign_phrases import recognise_assignment
from core.storage.db import Database
from tests.test_team_lists import ENG, Team, bob, tasks_on, team

__all__ = ["team"]


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("assign 3 to @bob", "assign 3 to @bob"),
        ("reassign 3 to me", "assign 3 to me"),
        ("Please assign #3 to @bob.", "assign #3 to @bob"),
        ("give the deploy task to @carol", "assign the deploy task to @carol"),
        ("hand 2 to @bob please", "assign 2 to @bob"),
        ("unassign 3", "unassign 3"),
        ("take me off the deploy task", "unassign the deploy task"),
    ],
)
def test_assignment_phrasings_read_as_the_team_command(said: str, read: str) -> None:
    assert recognise_assignment(said) == ("team", read)


@pytest.mark.parametrize(
    "said", ["give the dog a bath", "give milk to the cat", "add assign reports to bob"]
)
def test_other_requests_are_left_alone(said: str) -> None:
    assert recognise_assignment(said) is None


async def test_words_give_a_task_named_by_its_title(team: Team, database: Database) -> None:
    await team.say("alice", "team add deploy the api")
    await team.say("alice", "team add deploy the docs")
    await team.say("alice", "team add write the notes")
    several = await team.say("alice", "give the deploy task to @bob", mentions=bob())
    assert several.text == (
        "Several tasks match “the deploy task” (#1 “deploy the api”, #2 “deploy the docs”): "
        "say its number."
    )
    none = await team.say("alice", "assign the budget to me")
    assert none.text == "No open task on this chat's list matches “the budget”."
    given = await team.say("alice", "give the notes task to @bob", mentions=bob())
    assert given.text == "#3 “write the notes” is now assigned to Bob."
    [told] = given.tells
    assert [b.label for b in told.buttons] == ["Done", "Open the list"]
    again = await team.say("carol", "assign 3 to @bob", mentions=bob())
    assert again.text == "#3 “write the notes” was already assigned to Bob."
    assert again.tells == []
    assert [t.assignee_id is not None for t in await tasks_on(database, ENG)] == [
        False,
        False,
        True,
    ]


async def test_a_forgotten_creator_shows_as_a_former_member(team: Team, database: Database) -> None:
    await team.say("alice", "team add fix the build @bob", mentions=bob())
    asked = await team.say("alice", "forget me", chat="D-alice")
    await team.press("alice", asked)
    listed = await team.say("carol", "team")
    assert listed.text.splitlines() == [
        "This chat's team list:",
        "#1 fix the build → Bob (added by a former member)",
    ]
    asked = await team.say("bob", "forget me", chat="D-bob")
    await team.press("bob", asked)
    listed = await team.say("carol", "team")
    assert listed.text.splitlines()[1] == "#1 fix the build (added by a former member)"
    [task] = await tasks_on(database, ENG)
    assert (task.creator_id, task.assignee_id, task.assigner_id) == (None, None, None)
