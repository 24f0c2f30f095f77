"""Helpers for driving todobot's MCP server with the SDK's own client."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from mcp_types import CallToolResult, ElicitRequestParams, ElicitResult, ReadResourceResult
from sqlmodel import col, select

from core.storage import audit as audit_log
from core.storage.db import Database
from core.storage.models import Confirmation, Task


@dataclass
class Person:
    """An elicitation callback: the person answering the client's question the same way."""

    action: str = "accept"
    delete: bool = True
    questions: list[str] = field(default_factory=list)

    async def __call__(self, _context: Any, params: ElicitRequestParams) -> ElicitResult:
        self.questions.append(params.message)
        content = {"delete": self.delete} if self.action == "accept" else None
        return ElicitResult(action=self.action, content=content)  # type: ignore[arg-type]


def envelope(result: CallToolResult) -> dict[str, Any]:
    """The structured envelope, which the text content repeats as JSON."""
    assert result.structured_content is not None
    assert json.loads(result.content[0].text) == result.structured_content  # type: ignore[union-attr]
    assert result.is_error is (not result.structured_content["ok"])
    return result.structured_content


def open_tasks(result: ReadResourceResult) -> list[str]:
    return [task["title"] for task in json.loads(result.contents[0].text)["tasks"]]  # type: ignore[union-attr]


async def titles(database: Database) -> list[str]:
    async with database.session() as session:
        listed = select(Task).where(col(Task.deleted_at).is_(None))  # the trash is not shown
        rows = await session.exec(listed.order_by(col(Task.number)))
        return [task.title for task in rows.all()]


async def audit(database: Database) -> list[str]:
    async with database.session() as session:
        return [entry.action for entry in await audit_log.entries(session)]


async def confirmations(database: Database) -> list[str]:
    async with database.session() as session:
        rows = await session.exec(select(Confirmation).order_by(col(Confirmation.created_at)))
        return [row.status for row in rows.all()]
