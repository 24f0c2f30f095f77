"""A name finds the same task in a long list as in a short one: the titles a long list is
narrowed to (by the trigram index on PostgreSQL) still hold the task meant."""

from __future__ import annotations

import pytest

from core.agent.builtin import BuiltinAgent
from core.domain.task_titles import NARROW_ABOVE
from core.storage.db import Database
from core.storage.models import Task, User
from tests.harness import ChatDriver, build_chat

NAMED = ["buy milk", "call mom", "pay invoice march", "pay invoice april", "water the plants"]
ERRANDS = NARROW_ABOVE + 100


@pytest.fixture
def chat(database: Database) -> ChatDriver:
    return ChatDriver(build_chat(database, BuiltinAgent(), rate_limit_per_minute=0), database)


async def listed(chat: ChatDriver, errands: int) -> None:
    """The named tasks first (#1–#5), then `errands` others."""
    for title in NAMED:
        await chat.say(f"add {title}")
    user_id = await chat.user_id()
    async with chat.database.session() as session:
        session.add_all(
            Task(
                user_id=user_id,
                list_id=user_id,
                number=len(NAMED) + n,
                title=f"errand {n} for the house",
            )
            for n in range(1, errands + 1)
        )
        person = await session.get_one(User, user_id)
        person.next_task_number = len(NAMED) + errands + 1
        await session.commit()


async def states(chat: ChatDriver) -> list[tuple[int, bool]]:
    return [(task.number, task.completed) for task in await chat.tasks() if task.number <= 5]


@pytest.mark.parametrize(
    "said",
    ["complete buy mlik", "finished calling mom", "I bought some silk", "complete pay invoce march",
     "complete invoice", "delete the april invoice", "got the milk", "complete water plant",
     "complete wtaer the plnats"],
)  # fmt: skip
async def test_a_name_finds_the_same_task_in_a_long_list(chat: ChatDriver, said: str) -> None:
    short, long = chat.as_user("short"), chat.as_user("long")
    await listed(short, 0)
    await listed(long, ERRANDS)
    assert len(await long.tasks()) == len(NAMED) + ERRANDS
    assert await long.say(said) == await short.say(said)
    assert await states(long) == await states(short)
