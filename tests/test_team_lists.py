"""A channel's team list in the core: three people in two channels, a member-only list, tasks
assigned and the assignee told, deletes confirmed by creator or assignee, one completion when
two people finish the same task at once. Membership is the platform's answer (here a table of
who is in which channel, as a platform's API would give it)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest
from sqlmodel import col, select

from bot.wiring import build_chat
from core.chat import ChatPolicy, ChatService
from core.clock import PinnedClock
from core.domain.lists import Place
from core.storage.db import Database
from core.storage.list_models import TaskList
from core.storage.models import Identity, Task
from core.types import Action, Incoming, Mention, Press, Reply
from tests.harness import ScriptedAgent

NOW = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)  # a Monday
ENG, OPS = "C-eng", "C-ops"


@dataclass
class ChannelMembers:
    """Who is in which channel, as the platform says."""

    rooms: dict[str, set[str]] = field(default_factory=dict)
    asked: list[tuple[str, str]] = field(default_factory=list)

    async def is_member(self, place: Place, user_ref: str) -> bool:
        self.asked.append((place.chat_id, user_ref))
        return user_ref in self.rooms.get(place.chat_id, set())


@dataclass
class Team:
    service: ChatService
    members: ChannelMembers
    sent: int = 0

    async def say(
        self, who: str, text: str, *, chat: str = ENG, mentions: tuple[Mention, ...] = ()
    ) -> Reply:
        self.sent += 1
        command, _, rest = text.partition(" ")
        reply = await self.service.handle(
            Incoming(
                platform="slack",
                tenant="T1",
                user_ref=who,
                chat_ref=chat,
                text=rest if command == "team" else text,
                command="team" if command == "team" else None,
                event_id=f"e{self.sent}",
                display_name=who.capitalize(),
                is_group=chat.startswith("C-"),
                mentions=mentions,
            )
        )
        assert reply is not None
        return reply

    async def press(self, who: str, reply: Reply, action: Action = Action.CONFIRM) -> Reply:
        self.sent += 1
        pressed = await self.service.press(
            Press(
                platform="slack",
                tenant="T1",
                user_ref=who,
                token=reply.buttons[0].token,
                action=action,
                event_id=f"p{self.sent}",
            )
        )
        assert pressed is not None
        return pressed


def bob() -> tuple[Mention, ...]:
    return (Mention("@bob", "bob", "Bob"),)


@pytest.fixture
def team(database: Database) -> Team:
    service = build_chat(
        database,
        agent=ScriptedAgent(),
        policy=ChatPolicy(rate_limit_per_minute=0),
        clock=PinnedClock(NOW, frozen=True),
    )
    members = ChannelMembers({ENG: {"alice", "bob", "carol"}, OPS: {"carol"}})
    service.memberships.register("slack", members)
    return Team(service, members)


async def tasks_on(database: Database, chat: str) -> list[Task]:
    async with database.session() as session:
        found = await session.exec(
            select(Task)
            .join(TaskList, col(TaskList.id) == col(Task.list_id))
            .where(TaskList.chat_id == chat)
            .order_by(col(Task.number))
        )
        return list(found.all())


async def test_a_task_added_for_a_member_is_theirs_and_they_are_told(
    team: Team, database: Database
) -> None:
    added = await team.say("alice", "team add fix the build @bob friday", mentions=bob())
    assert (
        added.text == "Added #1 “fix the build” to this chat's team list for Bob, due Fri 27 Nov."
    )
    assert [(t.platform, t.user_ref, t.chat_ref, t.private) for t in added.tells] == [
        ("slack", "bob", ENG, True)
    ]
    assert added.tells[0].text == "Alice assigned you #1 “fix the build”, due Fri 27 Nov."

    [task] = await tasks_on(database, ENG)
    assert (task.number, task.title, task.user_id) == (1, "fix the build", None)
    async with database.session() as session:
        people = {row.external_id: row for row in (await session.exec(select(Identity))).all()}
    assert task.assignee_id == people["bob"].user_id
    assert task.creator_id == task.assigner_id == people["alice"].user_id
    assert people["bob"].display_name == "Bob"  # bob never wrote: his id and name, no more

    listed = await team.say("carol", "team")
    assert listed.text.splitlines()[1].startswith("#1 fix the build → Bob (due ")
    # the other channel's list is its own, and personal lists do not see team tasks
    assert (await team.say("carol", "team", chat=OPS)).text.startswith(
        "This chat's team list is empty"
    )
    assert "fix the build" not in (await team.say("alice", "/list", chat="D-alice")).text
    assert (
        "#1 fix the build" in (await team.say("bob", "what's assigned to me?", chat="D-bob")).text
    )


async def test_an_outsider_can_neither_read_nor_change_the_list(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add fix the build")
    for said in ("team", "team add sneak in", "team done 1", "team delete 1"):
        reply = await team.say("dave", said)
        assert (
            reply.text == "Only members of this chat can use its team list, so I changed nothing."
        )
    refused = await team.say(
        "alice", "team add deploy @dave", mentions=(Mention("@dave", "dave", "Dave"),)
    )
    assert refused.text == "Dave is not a member of this chat, so I can't give them a task."
    assert [t.title for t in await tasks_on(database, ENG)] == ["fix the build"]
    assert ("C-eng", "dave") in team.members.asked


async def test_an_unknown_name_is_refused_rather_than_guessed(
    team: Team, database: Database
) -> None:
    reply = await team.say("alice", "team add fix the build @robert")
    assert reply.text.startswith("I don't know who @robert is here, so I changed nothing.")
    assert await tasks_on(database, ENG) == []


async def test_completing_tells_the_assigner_in_the_channel(team: Team) -> None:
    await team.say("alice", "team add fix the build @bob", mentions=bob())
    done = await team.say("bob", "team done 1")
    assert done.text == "Done: #1 “fix the build”."
    [told] = done.tells
    assert (told.user_ref, told.chat_ref, told.private) == ("alice", ENG, False)
    assert told.text == "Bob completed #1 “fix the build”, which you assigned."
    assert (await team.say("carol", "team done 1")).text == "#1 “fix the build” was already done."


async def test_assign_reassign_and_unassign_tell_the_people_concerned(team: Team) -> None:
    await team.say("alice", "team add deploy")
    given = await team.say("alice", "team assign 1 to @bob", mentions=bob())
    assert given.text == "#1 “deploy” is now assigned to Bob."
    assert [t.user_ref for t in given.tells] == ["bob"]
    taken = await team.say("carol", "team reassign 1 to me")
    assert taken.text == "#1 “deploy” is now assigned to you."
    assert [(t.user_ref, t.text) for t in taken.tells] == [
        ("bob", "Carol took #1 “deploy” off you; it's no longer yours.")
    ]
    dropped = await team.say("alice", "team unassign 1")
    assert dropped.text == "#1 “deploy” is no longer assigned."
    assert [t.user_ref for t in dropped.tells] == ["carol"]


async def test_only_the_creator_or_the_assignee_may_delete_and_confirm(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add fix the build @bob", mentions=bob())
    refused = await team.say("carol", "team delete 1")
    assert refused.text.startswith("Only the person who added #1 “fix the build”")
    asked = await team.say("bob", "team delete 1")
    assert asked.text.startswith("Delete #1 “fix the build” from this chat's team list?")
    assert [task.deleted_at for task in await tasks_on(database, ENG)] == [None]
    stranger = await team.press("carol", asked)
    assert stranger.text == "Only the person who asked can confirm or cancel this."
    assert [task.deleted_at for task in await tasks_on(database, ENG)] == [None]
    confirmed = await team.press("bob", asked)
    assert confirmed.text.startswith("Deleted #1 “fix the build” from the team list")
    assert (await team.say("alice", "team")).text.startswith("This chat's team list is empty")


async def test_two_people_completing_the_same_task_at_once_complete_it_once(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add fix the build @bob", mentions=bob())
    first, second = await asyncio.gather(
        team.say("bob", "team done 1"), team.say("carol", "team done 1")
    )
    said = sorted([first.text, second.text])
    assert said == ["#1 “fix the build” was already done.", "Done: #1 “fix the build”."]
    [task] = await tasks_on(database, ENG)
    assert task.completed


async def test_a_team_list_needs_a_channel(team: Team) -> None:
    reply = await team.say("alice", "team add milk", chat="D-alice")
    assert reply.text.startswith("A team list belongs to a channel or group")


async def test_forgetting_a_person_leaves_their_team_tasks_without_them(
    team: Team, database: Database
) -> None:
    await team.say("alice", "team add fix the build @bob", mentions=bob())
    asked = await team.say("bob", "forget me", chat="D-bob")
    assert asked.buttons, asked.text
    erased = await team.press("bob", asked)
    assert erased.text.startswith("Done: I erased everything I kept about you")
    [task] = await tasks_on(database, ENG)
    assert (task.title, task.assignee_id, task.completed) == ("fix the build", None, False)
    assert task.creator_id is not None
    assert (await team.say("carol", "team")).text.splitlines()[1] == "#1 fix the build"


async def test_the_team_list_in_plain_words(team: Team, database: Database) -> None:
    added = await team.say("alice", "add fix the build to the team list for friday")
    assert added.text == "Added #1 “fix the build” to this chat's team list, due Fri 27 Nov."
    listed = await team.say("carol", "what's on the team list?")
    assert listed.text.splitlines()[1].startswith("#1 fix the build (due ")
    # in a private chat there is no team list, and "add milk" stays personal
    assert (await team.say("alice", "add milk", chat="D-alice")).text.startswith("Added #1")
    assert [t.title for t in await tasks_on(database, ENG)] == ["fix the build"]
