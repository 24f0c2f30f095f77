"""Everything todobot keeps about a person, as one JSON document they can take away.

Every query filters by the person's user id, so nothing of anyone else can slip in.
"""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import datetime
from typing import Any
from uuid import UUID

# More columns than sqlmodel's typed select() takes.
from sqlalchemy import select as select_columns
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands.team_export import team_tasks_of
from core.conversation import conversations
from core.domain.task_text import due_of
from core.domain.when import iso_local, zone_named
from core.people.accounts import identities, platform_name
from core.storage import audit
from core.storage.models import Message, Task, User, iso, utcnow

FORMAT = "todobot-export"
VERSION = 1


async def export_user(session: AsyncSession, *, user_id: UUID) -> dict[str, Any]:
    """The person's accounts, tasks, conversations with every message, and their audit."""
    user = (await session.exec(select(User).where(User.id == user_id))).one()
    zone = zone_named(user.timezone) or zone_named("UTC")
    assert zone is not None
    tasks = (
        await session.exec(select(Task).where(Task.user_id == user_id).order_by(col(Task.number)))
    ).all()
    columns = await session.connection()  # the same transaction, rows of plain columns
    # Plain columns, not model objects: an export can hold tens of thousands of messages.
    lines: dict[UUID, list[dict[str, Any]]] = defaultdict(list)
    for row in (
        await columns.execute(
            select_columns(
                col(Message.conversation_id),
                col(Message.id),
                col(Message.role),
                col(Message.content),
                col(Message.tool_calls),
                col(Message.created_at),
            )
            .where(col(Message.user_id) == user_id)
            .order_by(col(Message.conversation_id), col(Message.created_at))
        )
    ).all():
        conversation_id, message_id, role, content, tool_calls, created_at = row
        lines[conversation_id].append(
            {
                "id": str(message_id),
                "role": role,
                "content": content,
                "tool_calls": tool_calls,
                "created_at": iso(created_at),
            }
        )
    threads = [
        {
            "id": str(conversation.id),
            "platform": conversation.platform,
            "title": conversation.title,
            "active": conversation.active,
            "created_at": iso(conversation.created_at),
            "updated_at": iso(conversation.updated_at),
            "messages": lines[conversation.id],
        }
        for conversation in sorted(
            await conversations.list_conversations(session, user_id=user_id),
            key=lambda found: found.created_at,
        )
    ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": iso(utcnow()),
        "user": {
            "id": str(user.id),
            "display_name": user.display_name,
            "tz": user.timezone,
            "created_at": iso(user.created_at),
        },
        "accounts": [
            {
                "platform": platform_name(identity.platform),
                "workspace": identity.tenant or None,
                "account_id": identity.external_id,
                "display_name": identity.display_name,
                "linked_at": iso(identity.created_at),
            }
            for identity in await identities(session, user_id=user_id)
        ],
        "tasks": [
            {
                "number": task.number,
                "id": str(task.id),
                "title": task.title,
                "description": task.description,
                "completed": task.completed,
                "created_at": iso(task.created_at),
                "updated_at": iso(task.updated_at),
                "completed_at": iso(task.completed_at) if task.completed_at else None,
                "due": iso_local(due, zone) if (due := due_of(task)) else None,
                "due_has_time": task.due_has_time,
                "priority": task.priority,
                "tags": list(task.tags),
                # set while the task is in the trash (deleted, not yet purged)
                "deleted_at": iso(task.deleted_at) if task.deleted_at else None,
            }
            for task in tasks
        ],
        # tasks on a channel's or group's list that the person created or holds
        "team_tasks": await team_tasks_of(session, user_id=user_id, zone=zone),
        "conversations": threads,
        "audit": [
            {
                "tool": entry.action,
                "ok": entry.ok,
                "input": entry.input,
                "result": entry.result,
                "duration_ms": entry.duration_ms,
                "created_at": iso(entry.at),
            }
            for entry in await audit.entries(session, user_id=user_id)
        ],
    }


def export_bytes(document: dict[str, Any]) -> bytes:
    # No indent: the C encoder only runs without one, and an export can be large.
    return json.dumps(document, ensure_ascii=False).encode()


def export_filename(moment: datetime) -> str:
    return f"todobot-export-{moment.strftime('%Y-%m-%d')}.json"
