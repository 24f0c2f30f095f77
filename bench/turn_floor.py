"""The floor of one builtin turn: bare SQLAlchemy Core doing the statements the work needs.

No ORM, no language, no tools: for each kind of turn in `agent_turn.builtin_script`, the
reads and writes a careful hand-written implementation would send, on the same tables,
engine and driver, with rows and JSON of the same shape, in one transaction:

- the person, their row locked (SELECT ... FOR UPDATE)
- their active conversation with its history window, the last 12 messages as the builtin
  engine reads (one SELECT, after the lock, so it sees what the turn before committed)
- the work: an add takes the next number, checks for an open task of that title, inserts
  the task and its change row; "mark it done" reads the task, updates it, writes its change
  row and looks for a reminder to cancel; a listing reads the tasks and the pending
  reminders; a rename reads, updates and writes a change row; completing by title reads the
  titles, then the task, then as "mark it done"
- both messages in one INSERT, the conversation's `updated_at`, the audit row
- COMMIT
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from core.storage.list_models import TaskList
from core.storage.models import Change, Conversation, Identity, Message, Task, ToolCall, User
from core.storage.reminder_models import Reminder

USER = User.__table__  # type: ignore[attr-defined]
IDENTITY = Identity.__table__  # type: ignore[attr-defined]
CONVERSATION = Conversation.__table__  # type: ignore[attr-defined]
MESSAGE = Message.__table__  # type: ignore[attr-defined]
TASK = Task.__table__  # type: ignore[attr-defined]
TASK_LIST = TaskList.__table__  # type: ignore[attr-defined]
CHANGE = Change.__table__  # type: ignore[attr-defined]
TOOL_CALL = ToolCall.__table__  # type: ignore[attr-defined]
REMINDER = Reminder.__table__  # type: ignore[attr-defined]
WINDOW = 12
KINDS = ("add", "done", "list", "add", "rename", "complete")


def now() -> datetime:
    return datetime.now(UTC)


def _described(task: Any) -> dict[str, Any]:
    return {
        "number": task.number,
        "id": str(task.id),
        "title": task.title,
        "description": task.description,
        "completed": task.completed,
        "created_at": task.created_at.isoformat(),
        "due": None,
        "due_has_time": task.due_has_time,
        "due_at": None,
        "priority": task.priority,
        "tags": list(task.tags),
    }


def added(title: str) -> dict[str, Any]:
    """The change row's `after` for a new task."""
    return {
        "title": title,
        "description": "",
        "completed": False,
        "due_at": None,
        "due_has_time": False,
        "priority": "low",
        "tags": [],
        "completed_at": None,
        "deleted_at": None,
        "repeat": None,
    }


def _envelope(message: str, **data: Any) -> dict[str, Any]:
    return {"ok": True, "message": message, "data": data, "error": None, "suggestion": None}


class CoreTurns:
    """One person's turns on `engine`, each one transaction of Core statements."""

    def __init__(self, engine: AsyncEngine, *, user_ref: str) -> None:
        self.engine = engine
        self.user_ref = user_ref

    async def turn(self, turn: int, text: str) -> str:
        async with self.engine.begin() as connection:
            return await self._turn(connection, KINDS[turn % len(KINDS)], text)

    async def _turn(self, connection: AsyncConnection, kind: str, text: str) -> str:
        started = now()
        user_id = await self._person(connection)
        if user_id is None:
            user_id = await self._first_contact(connection)
        conversation_id, history = await self._conversation(connection, user_id)
        if conversation_id is None:
            conversation_id = uuid.uuid4()
            await connection.execute(
                insert(CONVERSATION).values(
                    id=conversation_id,
                    user_id=user_id,
                    platform="bench",
                    chat_key="floor",
                    title=text[:50],
                    active=True,
                    created_at=started,
                    updated_at=started,
                )
            )
        token = f"u{secrets.token_urlsafe(18)}"
        tool, arguments, result = await WORK[kind](
            connection, user_id, conversation_id, token, text, history, started
        )
        finished = now()
        call = {
            "tool_name": tool,
            "input": arguments,
            "result": result,
            "ok": True,
            "executed_at": finished.isoformat(),
        }
        await connection.execute(
            insert(MESSAGE).values(
                [
                    {
                        "id": uuid.uuid4(),
                        "conversation_id": conversation_id,
                        "user_id": user_id,
                        "role": "user",
                        "content": text,
                        "tool_calls": [],
                        "created_at": started,
                    },
                    {
                        "id": uuid.uuid4(),
                        "conversation_id": conversation_id,
                        "user_id": user_id,
                        "role": "assistant",
                        "content": result["message"],
                        "tool_calls": [call],
                        "created_at": finished,
                    },
                ]
            )
        )
        await connection.execute(
            update(CONVERSATION)
            .where(CONVERSATION.c.id == conversation_id)
            .values(updated_at=finished)
        )
        await connection.execute(
            insert(TOOL_CALL).values(
                id=uuid.uuid4(),
                user_id=user_id,
                conversation_id=conversation_id,
                tool=tool,
                input=arguments,
                result=result,
                ok=True,
                duration_ms=(finished - started).total_seconds() * 1000,
                created_at=finished,
            )
        )
        return str(result["message"])

    async def _person(self, connection: AsyncConnection) -> uuid.UUID | None:
        query = (
            select(USER.c.id, USER.c.timezone)
            .select_from(IDENTITY.join(USER, USER.c.id == IDENTITY.c.user_id))
            .where(
                IDENTITY.c.platform == "bench",
                IDENTITY.c.tenant == "",
                IDENTITY.c.external_id == self.user_ref,
            )
            .with_for_update(of=USER)
        )
        found = (await connection.execute(query)).first()
        return None if found is None else found.id

    async def _conversation(
        self, connection: AsyncConnection, user_id: uuid.UUID
    ) -> tuple[uuid.UUID | None, list[Any]]:
        """The active conversation's id and its last messages, newest first."""
        chosen = (
            select(CONVERSATION.c.id)
            .where(
                CONVERSATION.c.user_id == user_id,
                CONVERSATION.c.chat_key == "floor",
                CONVERSATION.c.active.is_(True),
            )
            .order_by(CONVERSATION.c.updated_at.desc())
            .limit(1)
            .scalar_subquery()
        )
        window = (
            select(
                MESSAGE.c.conversation_id,
                MESSAGE.c.role,
                MESSAGE.c.content,
                MESSAGE.c.tool_calls,
                MESSAGE.c.created_at,
            )
            .where(MESSAGE.c.conversation_id == chosen, MESSAGE.c.user_id == user_id)
            .order_by(MESSAGE.c.created_at.desc())
            .limit(WINDOW)
            .subquery()
        )
        rows = (
            await connection.execute(
                select(CONVERSATION.c.id, window.c.role, window.c.content, window.c.tool_calls)
                .select_from(
                    CONVERSATION.outerjoin(window, window.c.conversation_id == CONVERSATION.c.id)
                )
                .where(CONVERSATION.c.id == chosen)
                .order_by(window.c.created_at.desc())
            )
        ).all()
        if not rows:
            return None, []
        return rows[0].id, [row for row in rows if row.role is not None]

    async def _first_contact(self, connection: AsyncConnection) -> uuid.UUID:
        user_id = uuid.uuid4()
        await connection.execute(insert(USER).values(id=user_id, next_task_number=1))
        await connection.execute(
            insert(TASK_LIST).values(id=user_id, kind="personal", user_id=user_id)
        )
        await connection.execute(
            insert(IDENTITY).values(
                id=uuid.uuid4(),
                user_id=user_id,
                platform="bench",
                tenant="",
                external_id=self.user_ref,
                created_at=now(),
            )
        )
        return user_id


def last_number(history: Sequence[Sequence[dict[str, Any]] | None]) -> int:
    """The task the last reply was about ("it"): the newest tool result naming one, in the
    tool calls of the history's messages, newest first."""
    for tool_calls in history:
        for call in reversed(tool_calls or []):
            task = (call["result"].get("data") or {}).get("task")
            if task:
                return int(task["number"])
    raise LookupError("no task to refer to")


def _task_columns() -> list[Any]:
    return [column for column in TASK.c]


async def _change(
    connection: AsyncConnection,
    user_id: uuid.UUID,
    conversation_id: uuid.UUID,
    token: str,
    task: Any,
    kind: str,
    before: dict[str, Any] | None,
    after: dict[str, Any],
    at: datetime,
) -> None:
    await connection.execute(
        insert(CHANGE).values(
            user_id=user_id,
            token=token,
            entity="task",
            row_id=task.id,
            kind=kind,
            summary=f"#{task.number} “{task.title}”",
            before=before,
            after=after,
            conversation_id=conversation_id,
            created_at=at,
        )
    )


async def _add(
    connection: AsyncConnection,
    user_id: uuid.UUID,
    conversation_id: uuid.UUID,
    token: str,
    text: str,
    history: Sequence[Any],
    at: datetime,
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    title = text.removeprefix("add ").removeprefix("remind me to ")
    open_tasks = (
        await connection.execute(
            select(*_task_columns()).where(
                TASK.c.user_id == user_id,
                TASK.c.deleted_at.is_(None),
                TASK.c.completed.is_(False),
            )
        )
    ).all()
    if any(task.title.casefold() == title.casefold() for task in open_tasks):
        raise RuntimeError("the script never adds a duplicate")
    number = (
        await connection.execute(
            update(USER)
            .where(USER.c.id == user_id)
            .values(next_task_number=USER.c.next_task_number + 1)
            .returning(USER.c.next_task_number)
        )
    ).scalar_one() - 1
    task_id = uuid.uuid4()
    row = {
        "id": task_id,
        "user_id": user_id,
        "list_id": user_id,
        "creator_id": user_id,
        "number": number,
        "title": title,
        "description": "",
        "completed": False,
        "due_at": None,
        "due_has_time": False,
        "priority": "low",
        "tags": [],
        "created_at": at,
        "updated_at": at,
    }
    await connection.execute(insert(TASK).values(**row))
    task = _Row(row)
    after = added(title)
    await _change(connection, user_id, conversation_id, token, task, "added", None, after, at)
    said = f"Added #{number} “{title}”."
    return "add_task", {"title": title}, _envelope(said, task=_described(task))


async def _by_number(connection: AsyncConnection, user_id: uuid.UUID, number: int) -> Any:
    return (
        await connection.execute(
            select(*_task_columns()).where(
                TASK.c.user_id == user_id, TASK.c.deleted_at.is_(None), TASK.c.number == number
            )
        )
    ).one()


async def _finish(
    connection: AsyncConnection,
    user_id: uuid.UUID,
    conversation_id: uuid.UUID,
    token: str,
    task: Any,
    reference: str,
    at: datetime,
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    await connection.execute(
        update(TASK)
        .where(TASK.c.id == task.id)
        .values(completed=True, updated_at=at, completed_at=at)
    )
    before = {"completed": False, "completed_at": None}
    after = {"completed": True, "completed_at": at.isoformat()}
    await _change(connection, user_id, conversation_id, token, task, "completed", before, after, at)
    await connection.execute(
        select(*[column for column in REMINDER.c]).where(
            REMINDER.c.user_id == user_id,
            REMINDER.c.task_id == task.id,
            REMINDER.c.status.in_(("pending", "sending", "sent", "snoozed")),
        )
    )
    said = f"Marked #{task.number} “{task.title}” as done."
    arguments = {"task_identifier": reference}
    return "complete_task", arguments, _envelope(said, task=_described(task))


async def _done(
    connection: AsyncConnection,
    user_id: uuid.UUID,
    conversation_id: uuid.UUID,
    token: str,
    text: str,
    history: Sequence[Any],
    at: datetime,
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    number = last_number([row.tool_calls for row in history])
    task = await _by_number(connection, user_id, number)
    return await _finish(connection, user_id, conversation_id, token, task, str(number), at)


async def _complete(
    connection: AsyncConnection,
    user_id: uuid.UUID,
    conversation_id: uuid.UUID,
    token: str,
    text: str,
    history: Sequence[Any],
    at: datetime,
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    wanted = text.removeprefix("complete ").casefold()
    titles = (
        await connection.execute(
            select(TASK.c.id, TASK.c.title, TASK.c.completed).where(
                TASK.c.user_id == user_id, TASK.c.deleted_at.is_(None)
            )
        )
    ).all()
    found = [row.id for row in titles if row.title.casefold() == wanted and not row.completed]
    task = (
        await connection.execute(
            select(*_task_columns()).where(TASK.c.user_id == user_id, TASK.c.id.in_(found))
        )
    ).one()
    return await _finish(connection, user_id, conversation_id, token, task, wanted, at)


async def _rename(
    connection: AsyncConnection,
    user_id: uuid.UUID,
    conversation_id: uuid.UUID,
    token: str,
    text: str,
    history: Sequence[Any],
    at: datetime,
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    number = last_number([row.tool_calls for row in history])
    task = await _by_number(connection, user_id, number)
    title = text.removeprefix("rename it to ")
    await connection.execute(
        update(TASK).where(TASK.c.id == task.id).values(title=title, updated_at=at)
    )
    before, after = {"title": task.title}, {"title": title}
    await _change(connection, user_id, conversation_id, token, task, "updated", before, after, at)
    said = f"Renamed #{number} from “{task.title}” to “{title}”."
    arguments = {"task_identifier": str(number), "new_title": title}
    return "update_task", arguments, _envelope(said, task=_described(task))


async def _list(
    connection: AsyncConnection,
    user_id: uuid.UUID,
    conversation_id: uuid.UUID,
    token: str,
    text: str,
    history: Sequence[Any],
    at: datetime,
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    tasks = (
        await connection.execute(
            select(*_task_columns())
            .where(TASK.c.user_id == user_id, TASK.c.deleted_at.is_(None))
            .order_by(TASK.c.number)
        )
    ).all()
    await connection.execute(
        select(REMINDER.c.task_id, REMINDER.c.fire_at)
        .where(
            REMINDER.c.user_id == user_id,
            REMINDER.c.status.in_(("pending", "sending", "sent", "snoozed")),
        )
        .order_by(REMINDER.c.fire_at)
    )
    pending = [task for task in tasks if not task.completed]
    lines = [f"You have {len(pending)} pending tasks:"]
    lines += [f"{task.number}. {task.title}" for task in pending]
    data = {
        "status": "pending",
        "count": len(pending),
        "pending_count": len(pending),
        "completed_count": len(tasks) - len(pending),
        "tasks": [_described(task) | {"reminder": None} for task in pending],
    }
    return "list_tasks", {"status": "pending"}, _envelope("\n".join(lines), **data)


class _Row:
    """A row just inserted, read like a fetched one."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)


WORK = {"add": _add, "done": _done, "list": _list, "rename": _rename, "complete": _complete}
