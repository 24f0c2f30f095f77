"""A new task written under its person's next number, taken in the same transaction."""

from __future__ import annotations

from sqlalchemy import bindparam, insert, update
from sqlalchemy import select as select_columns
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.owned import TASKS, USERS
from core.storage.direct import Prebuilt
from core.storage.models import User
from core.storage.turn_connection import turn_connection

# Built once, on the table rather than the mapped class: the ORM's version compares every
# object the turn has loaded against the WHERE clause to keep them in step, which costs more
# than the round trip. The one object that can be out of step is brought in line below.
_NEXT_NUMBER = (
    update(USERS)
    .where(USERS.c.id == bindparam("user_id"))
    .values(next_task_number=USERS.c.next_task_number + 1)
)
_TAKE_NUMBER = Prebuilt(_NEXT_NUMBER.returning(USERS.c.next_task_number))
# A new task, every column given. Built once, run as plain Core: the ORM's unit of work
# costs more than the round trip, and the object is kept in step by the caller.
_INSERT_TASK = Prebuilt(insert(TASKS).values({c.name: bindparam(c.name) for c in TASKS.c}))


# On PostgreSQL the number is taken in the INSERT's own statement, a round trip fewer on
# every add: the UPDATE in a WITH, its new number read by the INSERT's SELECT.
_TAKEN = _NEXT_NUMBER.returning((USERS.c.next_task_number - 1).label("number")).cte("taken")
_NUMBER_AND_INSERT = Prebuilt(
    insert(TASKS)
    .from_select(
        [c.name for c in TASKS.c],
        select_columns(
            *(
                _TAKEN.c.number if c.name == "number" else bindparam(c.name, type_=c.type)
                for c in TASKS.c
            )
        ),
    )
    .returning(TASKS.c.number)
)


async def insert_numbered(session: AsyncSession, row: dict[str, object]) -> int:
    """Insert the task `row` under its person's next number, taken atomically (the row lock
    orders concurrent adds); the number."""
    user_id = row["user_id"]
    if (await turn_connection(session)).dialect.name == "postgresql":
        [[number]] = await _NUMBER_AND_INSERT.rows(session, row)
    else:
        [[taken]] = await _TAKE_NUMBER.run(session, {"user_id": user_id})
        number = taken - 1
        await _INSERT_TASK.rows(session, row | {"number": number})
    loaded = session.identity_map.get(identity_key(User, user_id))
    if loaded is not None:
        set_committed_value(loaded, "next_task_number", number + 1)
    return int(number)
