"""The five task tools: typed async functions whose docstrings become their schemas.

The user travels in the context (`ToolContext`, the first parameter), never in the
arguments, so no model output can point a tool at someone else's tasks. The functions
need no agent framework: the chat agent, the slash commands, the builtin engine and the
MCP server all call these same functions (the OpenAI backend adapts them into Agents SDK
function tools). Every call is timed and lands in the
`tool_call` audit; the result is one envelope:
`{"ok", "message", "data", "error", "suggestion"}`.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal
from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core import tasks as task_service
from core.confirmations import request_confirmation
from core.models import Task, ToolCall, iso, utcnow
from core.types import Action, Button

Envelope = dict[str, Any]


@dataclass
class ToolContext:
    """Who the tools act for, and what they did this turn."""

    session: AsyncSession
    user_id: UUID
    conversation_id: UUID | None = None
    confirmation_ttl_seconds: int = 600
    calls: list[dict[str, Any]] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def ok(message: str, **data: Any) -> Envelope:
    return {"ok": True, "message": message, "data": data, "error": None, "suggestion": None}


def failure(code: str, message: str, suggestion: str | None = None, **data: Any) -> Envelope:
    return {
        "ok": False,
        "message": message,
        "data": data or None,
        "error": code,
        "suggestion": suggestion,
    }


def describe(task: Task) -> dict[str, Any]:
    return {
        "number": task.number,
        "id": str(task.id),
        "title": task.title,
        "description": task.description,
        "completed": task.completed,
        "created_at": iso(task.created_at),
    }


def label(task: Task) -> str:
    return f"#{task.number} “{task.title}”"


ToolFunction = Callable[..., Awaitable[Envelope]]


def audited(fn: ToolFunction) -> ToolFunction:
    """Turn refusals into envelopes and write the audit row.

    A database error is not caught here: it has voided the turn's transaction, so nothing
    this turn does can be kept. It propagates, and the turn is retried whole (a dropped
    connection) or rolled back and answered with an apology. No savepoint is needed:
    every tool validates before its first write."""
    signature = inspect.signature(fn)

    @functools.wraps(fn)
    async def wrapper(context: ToolContext, *args: Any, **kwargs: Any) -> Envelope:
        bound = signature.bind(context, *args, **kwargs)
        arguments = {name: value for name, value in bound.arguments.items() if name != "ctx"}
        async with context.lock:
            started = time.perf_counter()
            try:
                result = await fn(context, *args, **kwargs)
            except task_service.AmbiguousTask as refusal:
                result = failure(
                    refusal.code,
                    refusal.message + " Which one do you mean?",
                    refusal.suggestion,
                    candidates=[describe(task) for task in refusal.candidates],
                )
            except task_service.TaskError as refusal:
                result = failure(refusal.code, refusal.message, refusal.suggestion)
            duration_ms = (time.perf_counter() - started) * 1000
            executed_at = utcnow()
            context.session.add(
                ToolCall(
                    user_id=context.user_id,
                    conversation_id=context.conversation_id,
                    tool=fn.__name__,
                    input=arguments,
                    result=result,
                    ok=result["ok"],
                    duration_ms=duration_ms,
                    created_at=executed_at,
                )
            )
            context.calls.append(
                {
                    "tool_name": fn.__name__,
                    "input": arguments,
                    "result": result,
                    "ok": result["ok"],
                    "executed_at": iso(executed_at),
                }
            )
        return result

    return wrapper


@audited
async def add_task(ctx: ToolContext, title: str, description: str = "") -> Envelope:
    """Create a new task for the user.

    Args:
        title: The task's title, 1-200 characters, without words like "add" or "remind me to".
        description: Optional details about the task, at most 1000 characters.
    """
    task = await task_service.create_task(
        ctx.session, user_id=ctx.user_id, title=title, description=description
    )
    details = f" ({task.description})" if task.description else ""
    return ok(f"Added {label(task)}{details}.", task=describe(task))


@audited
async def list_tasks(
    ctx: ToolContext, status: Literal["all", "pending", "completed"] = "all"
) -> Envelope:
    """List the user's tasks, each with its number.

    Args:
        status: Which tasks: "pending" (not done yet), "completed" (done), or "all".
    """
    if status not in task_service.STATUS_FILTERS:
        raise task_service.InvalidInput("The filter must be all, pending or completed.")
    found = await task_service.list_tasks(ctx.session, user_id=ctx.user_id, status=status)
    return ok(
        format_list(found, status),
        status=status,
        count=len(found),
        tasks=[describe(task) for task in found],
    )


def format_list(found: list[Task], status: str) -> str:
    if not found:
        return {
            "pending": "You have no pending tasks. Nice work!",
            "completed": "No completed tasks yet.",
        }.get(status, "Your list is empty. Tell me something to add.")
    noun = "task" if len(found) == 1 else "tasks"
    heading = {
        "pending": f"You have {len(found)} pending {noun}:",
        "completed": f"You have completed {len(found)} {noun}:",
    }.get(status, f"You have {len(found)} {noun}:")
    lines = [heading]
    for task in found:
        mark = "✓ " if task.completed and status != "completed" else ""
        details = f" — {task.description}" if task.description else ""
        lines.append(f"{task.number}. {mark}{task.title}{details}")
    return "\n".join(lines)


@audited
async def complete_task(ctx: ToolContext, task_identifier: str) -> Envelope:
    """Mark one of the user's tasks as done.

    Args:
        task_identifier: The task's number (like "2" or "#2"), its id, or its title or part of it.
    """
    task = await task_service.resolve_task(
        ctx.session, user_id=ctx.user_id, ref=task_identifier, prefer_pending=True
    )
    if not await task_service.complete_task(ctx.session, task=task):
        return ok(f"{label(task)} is already done.", task=describe(task), already_completed=True)
    return ok(f"Marked {label(task)} as done.", task=describe(task), already_completed=False)


@audited
async def update_task(
    ctx: ToolContext,
    task_identifier: str,
    new_title: str | None = None,
    new_description: str | None = None,
) -> Envelope:
    """Change a task's title and/or description.

    Args:
        task_identifier: The task's number (like "2" or "#2"), its id, or its current title.
        new_title: The new title, 1-200 characters; omit to keep the title.
        new_description: The new description, at most 1000 characters; omit to keep it.
    """
    task = await task_service.resolve_task(ctx.session, user_id=ctx.user_id, ref=task_identifier)
    before = task.title
    await task_service.update_task(
        ctx.session, task=task, title=new_title, description=new_description
    )
    changes = []
    if new_title is not None and task.title != before:
        changes.append(f"renamed #{task.number} from “{before}” to “{task.title}”")
    if new_description is not None:
        changes.append(
            f"set the description of #{task.number} to “{task.description}”"
            if task.description
            else f"cleared the description of #{task.number}"
        )
    summary = " and ".join(changes) or f"left {label(task)} as it was"
    return ok(f"Done: I {summary}.", task=describe(task), previous_title=before)


@audited
async def delete_task(ctx: ToolContext, task_identifier: str) -> Envelope:
    """Ask the user to confirm deleting one task. Nothing is deleted until they press Confirm.

    Args:
        task_identifier: The task's number (like "2" or "#2"), its id, or its title or part of it.
    """
    context = ctx
    task = await task_service.resolve_task(
        context.session, user_id=context.user_id, ref=task_identifier
    )
    confirmation = await request_confirmation(
        context.session,
        user_id=context.user_id,
        kind="delete_task",
        task_id=task.id,
        conversation_id=context.conversation_id,
        subject=label(task),
        ttl_seconds=context.confirmation_ttl_seconds,
    )
    context.buttons.extend(delete_buttons(task, confirmation.token))
    return ok(
        f"Delete {label(task)}? Press Confirm to delete it or Cancel to keep it.",
        status="confirmation_required",
        task=describe(task),
    )


def delete_buttons(task: Task, token: str) -> list[Button]:
    short = task.title if len(task.title) <= 30 else task.title[:29] + "…"
    return [
        Button(label=f"Delete “{short}”", action=Action.CONFIRM, token=token, danger=True),
        Button(label="Cancel", action=Action.CANCEL, token=token),
    ]


TOOLS: tuple[ToolFunction, ...] = (add_task, list_tasks, complete_task, delete_task, update_task)
