"""The reminder add_task and update_task were asked for: planned (checked) before anything
is written, set after."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from core.domain.when import Due
from core.reminders import tooling as reminder_tools
from core.storage.models import Task
from core.tools.context import ToolContext


async def plan_reminder_argument(
    context: ToolContext,
    *,
    task_id: UUID | None,
    named: str,
    due: Due | None,
    completed: bool,
    remind_at: str | None,
    before_due: int | None,
) -> reminder_tools.PlannedReminder | None:
    """The reminder add_task and update_task were asked for (a time, or minutes before the
    due), checked before anything is written: its time, and room under the person's cap."""
    planned = reminder_tools.plan_reminder(
        remind_at,
        before_due,
        due=due,
        named=named,
        completed=completed,
        now=context.now,
        zone=context.zone,
    )
    if planned is not None:
        await reminder_tools.make_room(
            context.session,
            user_id=context.user_id,
            task_id=task_id,
            limit=context.max_pending_reminders,
        )
    return planned


async def set_planned_reminder(
    context: ToolContext, task: Task, planned: reminder_tools.PlannedReminder | None
) -> tuple[str, dict[str, Any]] | None:
    if planned is None:
        return None
    return await reminder_tools.set_reminder(
        context.session,
        task=task,
        planned=planned,
        conversation_id=context.conversation_id,
        now=context.now,
        zone=context.zone,
        journal=context.journal,
    )
