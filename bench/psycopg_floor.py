"""The bare floor of one builtin turn: psycopg 3 alone, one connection, prepared statements.

What the simplest hand-written turn would send, in one transaction, for the same rows
(`agent_turn.builtin_script`), with no ORM, no SQLAlchemy and no statement builder: plain SQL
strings, each prepared on the server the first time it runs (`prepare=True`), on one
connection kept open for the whole run.

- lock the person (SELECT ... FOR UPDATE)
- their active conversation and its last 12 messages, newest first (one query)
- the work, reading only what it needs: an add asks whether an open task already has the
  title, takes the next number, inserts the task and its change row; "mark it done" updates
  the task the last reply named (RETURNING what the reply says), writes its change row and
  cancels its reminders; a listing reads the open tasks with their pending reminder; a
  rename reads the task's title, updates it and writes a change row; completing by title
  finds the one open task of that title, then as "mark it done"
- both messages, the conversation's `updated_at`, the audit row
- COMMIT
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg.types.json import Json

from bench.turn_floor import KINDS, WINDOW, _described, _envelope, added, last_number

PERSON = """
SELECT u.id FROM identity i JOIN "user" u ON u.id = i.user_id
WHERE i.platform = 'bench' AND i.tenant = '' AND i.external_id = %s
FOR UPDATE OF u"""
HISTORY = f"""
SELECT c.id, m.role, m.tool_calls
FROM conversation c LEFT JOIN LATERAL (
  SELECT role, tool_calls, created_at FROM message
  WHERE conversation_id = c.id AND user_id = c.user_id
  ORDER BY created_at DESC LIMIT {WINDOW}
) m ON true
WHERE c.user_id = %s AND c.chat_key = 'floor' AND c.active
ORDER BY m.created_at DESC"""
NEW_PERSON = 'INSERT INTO "user" (id, next_task_number, created_at) VALUES (%s, 1, %s)'
NEW_LIST = """
INSERT INTO task_list (id, kind, user_id, title, next_task_number, created_at)
VALUES (%s, 'personal', %s, '', 1, %s)"""
NEW_IDENTITY = """
INSERT INTO identity (id, user_id, platform, tenant, external_id, created_at)
VALUES (%s, %s, 'bench', '', %s, %s)"""
NEW_CONVERSATION = """
INSERT INTO conversation (id, user_id, platform, chat_key, title, active, created_at, updated_at)
VALUES (%s, %s, 'bench', 'floor', %s, true, %s, %s)"""
TITLE_TAKEN = """
SELECT 1 FROM task WHERE user_id = %s AND deleted_at IS NULL AND NOT completed
AND lower(title) = lower(%s) LIMIT 1"""
NEXT_NUMBER = """
UPDATE "user" SET next_task_number = next_task_number + 1 WHERE id = %s
RETURNING next_task_number - 1"""
NEW_TASK = """
INSERT INTO task (id, user_id, list_id, creator_id, number, title, description, completed,
                  due_has_time, priority, tags, created_at, updated_at)
VALUES (%s, %s, %s, %s, %s, %s, '', false, false, 'low', '[]', %s, %s)"""
COLUMNS = "id, number, title, description, completed, created_at, due_has_time, priority, tags"
FINISH = f"""
UPDATE task SET completed = true, updated_at = %s, completed_at = %s
WHERE user_id = %s AND number = %s AND deleted_at IS NULL RETURNING {COLUMNS}"""
CANCEL_REMINDERS = """
UPDATE reminder SET status = 'cancelled'
WHERE task_id = %s AND status IN ('pending', 'sending', 'sent', 'snoozed')"""
BY_TITLE = """
SELECT number FROM task WHERE user_id = %s AND deleted_at IS NULL AND NOT completed
AND lower(title) = lower(%s) LIMIT 2"""
BY_NUMBER = f"SELECT {COLUMNS} FROM task WHERE user_id = %s AND number = %s AND deleted_at IS NULL"
RENAME = "UPDATE task SET title = %s, updated_at = %s WHERE id = %s"
OPEN_TASKS = f"""
SELECT {", ".join(f"t.{column.strip()}" for column in COLUMNS.split(","))}, r.fire_at
FROM task t LEFT JOIN LATERAL (
  SELECT fire_at FROM reminder
  WHERE task_id = t.id AND status IN ('pending', 'sending', 'sent', 'snoozed')
  ORDER BY fire_at LIMIT 1
) r ON true
WHERE t.user_id = %s AND t.deleted_at IS NULL AND NOT t.completed
ORDER BY t.number LIMIT 50"""
CHANGE = """
INSERT INTO change (user_id, token, entity, row_id, kind, summary, before, after,
                    conversation_id, created_at)
VALUES (%s, %s, 'task', %s, %s, %s, %s, %s, %s, %s)"""
MESSAGES = """
INSERT INTO message (id, conversation_id, user_id, role, content, tool_calls, created_at)
VALUES (%s, %s, %s, 'user', %s, '[]', %s), (%s, %s, %s, 'assistant', %s, %s, %s)"""
TOUCH = "UPDATE conversation SET updated_at = %s WHERE id = %s"
AUDIT = """
INSERT INTO tool_call (id, user_id, conversation_id, tool, input, result, ok, duration_ms,
                       created_at)
VALUES (%s, %s, %s, %s, %s, %s, true, %s, %s)"""

Result = tuple[str, dict[str, Any], dict[str, Any]]


class Task:
    """A task row as the reply describes it."""

    def __init__(self, row: Sequence[Any]) -> None:
        (
            self.id,
            self.number,
            self.title,
            self.description,
            self.completed,
            self.created_at,
            self.due_has_time,
            self.priority,
            self.tags,
        ) = row[:9]


class PsycopgTurns:
    """One person's turns on one psycopg connection, each one transaction."""

    def __init__(self, conninfo: str, *, user_ref: str) -> None:
        self.conninfo = conninfo
        self.user_ref = user_ref
        self.connection: psycopg.AsyncConnection[Any] | None = None
        self.counter = [0]  # statements sent, BEGIN and COMMIT aside

    async def close(self) -> None:
        if self.connection is not None:
            await self.connection.close()

    async def run(self, query: str, params: Sequence[Any]) -> psycopg.AsyncCursor[Any]:
        assert self.connection is not None
        self.counter[0] += 1
        return await self.connection.execute(query, params, prepare=True)

    async def turn(self, turn: int, text: str) -> str:
        if self.connection is None:
            self.connection = await psycopg.AsyncConnection.connect(self.conninfo)
        async with self.connection.transaction():
            return await self._turn(KINDS[turn % len(KINDS)], text)

    async def _turn(self, kind: str, text: str) -> str:
        started = datetime.now(UTC)
        found = await (await self.run(PERSON, (self.user_ref,))).fetchone()
        if found is None:
            user_id = uuid.uuid4()
            await self.run(NEW_PERSON, (user_id, started))
            await self.run(NEW_LIST, (user_id, user_id, started))
            await self.run(NEW_IDENTITY, (uuid.uuid4(), user_id, self.user_ref, started))
        else:
            user_id = found[0]
        rows = await (await self.run(HISTORY, (user_id,))).fetchall()
        if rows:
            conversation_id = rows[0][0]
        else:
            conversation_id = uuid.uuid4()
            opened = (conversation_id, user_id, text[:50], started, started)
            await self.run(NEW_CONVERSATION, opened)
        history = [row[2] for row in rows if row[1] is not None]
        token = f"u{secrets.token_urlsafe(18)}"
        tool, arguments, result = await getattr(self, f"_{kind}")(
            user_id, conversation_id, token, text, history, started
        )
        finished = datetime.now(UTC)
        call = {
            "tool_name": tool,
            "input": arguments,
            "result": result,
            "ok": True,
            "executed_at": finished.isoformat(),
        }
        said = result["message"]
        await self.run(
            MESSAGES,
            (uuid.uuid4(), conversation_id, user_id, text, started,
             uuid.uuid4(), conversation_id, user_id, said, Json([call]), finished),
        )  # fmt: skip
        await self.run(TOUCH, (finished, conversation_id))
        duration = (finished - started).total_seconds() * 1000
        await self.run(
            AUDIT,
            (uuid.uuid4(), user_id, conversation_id, tool, Json(arguments), Json(result),
             duration, finished),
        )  # fmt: skip
        return str(said)

    async def _change(
        self,
        user_id: uuid.UUID,
        conversation_id: uuid.UUID,
        token: str,
        task: Task,
        kind: str,
        before: dict[str, Any] | None,
        after: dict[str, Any],
        at: datetime,
    ) -> None:
        summary = f"#{task.number} “{task.title}”"
        await self.run(
            CHANGE,
            (user_id, token, task.id, kind, summary, Json(before), Json(after),
             conversation_id, at),
        )  # fmt: skip

    async def _add(
        self,
        user_id: uuid.UUID,
        conversation_id: uuid.UUID,
        token: str,
        text: str,
        history: list[Any],
        at: datetime,
    ) -> Result:
        title = text.removeprefix("add ").removeprefix("remind me to ")
        if await (await self.run(TITLE_TAKEN, (user_id, title))).fetchone():
            raise RuntimeError("the script never adds a duplicate")
        number = (await (await self.run(NEXT_NUMBER, (user_id,))).fetchone() or (0,))[0]
        task_id = uuid.uuid4()
        await self.run(NEW_TASK, (task_id, user_id, user_id, user_id, number, title, at, at))
        task = Task((task_id, number, title, "", False, at, False, "low", []))
        after = added(title)
        await self._change(user_id, conversation_id, token, task, "added", None, after, at)
        said = f"Added #{number} “{title}”."
        return "add_task", {"title": title}, _envelope(said, task=_described(task))

    async def _finish(
        self, user_id: uuid.UUID, conversation_id: uuid.UUID, token: str, number: int, at: datetime
    ) -> Result:
        task = Task(await (await self.run(FINISH, (at, at, user_id, number))).fetchone() or ())
        await self.run(CANCEL_REMINDERS, (task.id,))
        before = {"completed": False, "completed_at": None}
        after = {"completed": True, "completed_at": at.isoformat()}
        await self._change(user_id, conversation_id, token, task, "completed", before, after, at)
        said = f"Marked #{task.number} “{task.title}” as done."
        arguments = {"task_identifier": str(number)}
        return "complete_task", arguments, _envelope(said, task=_described(task))

    async def _done(
        self,
        user_id: uuid.UUID,
        conversation_id: uuid.UUID,
        token: str,
        text: str,
        history: list[Any],
        at: datetime,
    ) -> Result:
        return await self._finish(user_id, conversation_id, token, last_number(history), at)

    async def _complete(
        self,
        user_id: uuid.UUID,
        conversation_id: uuid.UUID,
        token: str,
        text: str,
        history: list[Any],
        at: datetime,
    ) -> Result:
        wanted = text.removeprefix("complete ")
        found = await (await self.run(BY_TITLE, (user_id, wanted))).fetchall()
        if len(found) != 1:
            raise RuntimeError("the script completes one open task by its title")
        return await self._finish(user_id, conversation_id, token, found[0][0], at)

    async def _rename(
        self,
        user_id: uuid.UUID,
        conversation_id: uuid.UUID,
        token: str,
        text: str,
        history: list[Any],
        at: datetime,
    ) -> Result:
        number = last_number(history)
        task = Task(await (await self.run(BY_NUMBER, (user_id, number))).fetchone() or ())
        title = text.removeprefix("rename it to ")
        await self.run(RENAME, (title, at, task.id))
        before, after = {"title": task.title}, {"title": title}
        await self._change(user_id, conversation_id, token, task, "updated", before, after, at)
        said = f"Renamed #{number} from “{task.title}” to “{title}”."
        arguments = {"task_identifier": str(number), "new_title": title}
        return "update_task", arguments, _envelope(said, task=_described(task))

    async def _list(
        self,
        user_id: uuid.UUID,
        conversation_id: uuid.UUID,
        token: str,
        text: str,
        history: list[Any],
        at: datetime,
    ) -> Result:
        rows = await (await self.run(OPEN_TASKS, (user_id,))).fetchall()
        tasks = [Task(row) for row in rows]
        lines = [f"You have {len(tasks)} pending tasks:"]
        lines += [f"{task.number}. {task.title}" for task in tasks]
        described = [
            _described(task) | {"reminder": None if row[9] is None else row[9].isoformat()}
            for task, row in zip(tasks, rows, strict=True)
        ]
        data = {"status": "pending", "count": len(tasks), "tasks": described}
        return "list_tasks", {"status": "pending"}, _envelope("\n".join(lines), **data)
