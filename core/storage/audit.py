"""The audit: one `tool_call` row for everything done on a person's behalf.

Tools, confirmed presses, reminder and undo buttons, account commands and the calls a model
got wrong are all written by `record` (the only writer) as an `AuditEntry`, and read back
through the helpers below. The wrong link-code limit counts audit rows too: a wrong code
is audited under an action of its own, so its tries need no table of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID, uuid4

# More columns than sqlmodel's typed select() takes.
from sqlalchemy import ColumnElement, bindparam, func, insert
from sqlalchemy import select as select_columns
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession
from sqlmodel.sql.expression import SelectOfScalar

from core.storage import deferred
from core.storage.direct import Prebuilt
from core.storage.models import ToolCall, iso, utcnow


@dataclass(frozen=True)
class AuditEntry:
    """Who had what done, with what input, and how it came out.

    `action` is a tool's name, or what a button or command did ("delete_task.confirmed",
    "account.link"). `result` is what the person (or the model) was answered: a tool's
    envelope, or the same keys (`ok`, `message`, `error`, `data`) for the rest."""

    user_id: UUID
    action: str
    ok: bool
    input: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] = field(default_factory=dict)
    conversation_id: UUID | None = None
    duration_ms: float = 0.0
    at: datetime = field(default_factory=utcnow)

    @property
    def message(self) -> str | None:
        found = self.result.get("message")
        return found if isinstance(found, str) else None

    @property
    def error(self) -> str | None:
        """The refusal's code (`NOT_FOUND`, `VALIDATION_ERROR`), None when it went through."""
        found = self.result.get("error")
        return found if isinstance(found, str) else None

    @property
    def data(self) -> dict[str, Any] | None:
        found = self.result.get("data")
        return found if isinstance(found, dict) else None

    def as_history(self) -> dict[str, Any]:
        """The call as the assistant message that answered it keeps it (`tool_calls`)."""
        return {
            "tool_name": self.action,
            "input": self.input,
            "result": self.result,
            "ok": self.ok,
            "executed_at": iso(self.at),
        }


ACTION_MAX = 64


_TOOL_CALL = ToolCall.__table__  # type: ignore[attr-defined]
_INSERT_TOOL_CALL = Prebuilt(
    insert(_TOOL_CALL).values({column.name: bindparam(column.name) for column in _TOOL_CALL.c})
)


async def record(session: AsyncSession, entry: AuditEntry) -> None:
    """Write one audit row in the caller's transaction: the audit's only writer.

    Prebuilt, on the turn's connection: an audit row never changes, so the ORM's unit of
    work would only add cost to every turn. A turn's rows go with its messages (`deferred`)."""
    await deferred.insert(
        session,
        _TOOL_CALL,
        _INSERT_TOOL_CALL,
        {
            "id": uuid4(),
            "user_id": entry.user_id,
            "conversation_id": entry.conversation_id,
            "tool": entry.action[:ACTION_MAX],
            "input": entry.input,
            "result": entry.result,
            "ok": entry.ok,
            "duration_ms": entry.duration_ms,
            "created_at": entry.at,
        },
    )


async def entries(
    session: AsyncSession, *, user_id: UUID | None = None, action: str | None = None
) -> list[AuditEntry]:
    """A person's audit (everyone's without `user_id`), oldest first.

    Plain columns, not model objects: an export can hold tens of thousands of rows."""
    query = select_columns(
        col(ToolCall.user_id),
        col(ToolCall.tool),
        col(ToolCall.ok),
        col(ToolCall.input),
        col(ToolCall.result),
        col(ToolCall.conversation_id),
        col(ToolCall.duration_ms),
        col(ToolCall.created_at),
    ).order_by(col(ToolCall.created_at), col(ToolCall.id))
    if user_id is not None:
        query = query.where(col(ToolCall.user_id) == user_id)
    if action is not None:
        query = query.where(col(ToolCall.tool) == action)
    await deferred.write_held(session)
    columns = await session.connection()  # the same transaction
    return [
        AuditEntry(
            user_id=who,
            action=action_done,
            ok=ok,
            input=arguments,
            result=result,
            conversation_id=conversation_id,
            duration_ms=duration_ms,
            at=at,
        )
        for who, action_done, ok, arguments, result, conversation_id, duration_ms, at in (
            await columns.execute(query)
        ).all()
    ]


def _since(
    since: datetime,
    *,
    action: str | None,
    user_id: UUID | None,
    users: SelectOfScalar[UUID] | None,
) -> list[ColumnElement[bool]]:
    where = [col(ToolCall.created_at) > since]
    if action is not None:
        where.append(col(ToolCall.tool) == action)
    if user_id is not None:
        where.append(col(ToolCall.user_id) == user_id)
    if users is not None:
        where.append(col(ToolCall.user_id).in_(users))
    return where


async def count_since(
    session: AsyncSession,
    since: datetime,
    *,
    action: str | None = None,
    user_id: UUID | None = None,
    users: SelectOfScalar[UUID] | None = None,
) -> int:
    """Rows written after `since`: of one action, one person, or the people `users` selects."""
    query = select(func.count()).select_from(ToolCall)
    query = query.where(*_since(since, action=action, user_id=user_id, users=users))
    await deferred.write_held(session)
    return int((await session.exec(query)).one())


async def moment_since(
    session: AsyncSession,
    since: datetime,
    *,
    action: str | None = None,
    user_id: UUID | None = None,
    users: SelectOfScalar[UUID] | None = None,
    newest_first: bool = False,
    skip: int = 0,
) -> datetime | None:
    """When the row at position `skip` after `since` was written (oldest first, or newest)."""
    when = col(ToolCall.created_at)
    query = (
        select(ToolCall.created_at)
        .where(*_since(since, action=action, user_id=user_id, users=users))
        .order_by(when.desc() if newest_first else when)
        .offset(skip)
        .limit(1)
    )
    await deferred.write_held(session)
    return (await session.exec(query)).first()
