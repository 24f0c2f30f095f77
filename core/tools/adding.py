"""`add_task`."""

from __future__ import annotations

from typing import Literal

from core.domain import task_text
from core.domain import tasks as task_service
from core.domain.task_text import label
from core.reminders import tooling as reminder_tools
from core.tools.auditing import audited
from core.tools.context import ToolContext
from core.tools.envelope import Envelope, ok
from core.tools.fields import checked_due, describe, zone_note
from core.tools.reminding import plan_reminder_argument, set_planned_reminder


@audited
async def add_task(
    ctx: ToolContext,
    title: str,
    description: str = "",
    due: str | None = None,
    priority: Literal["low", "medium", "high"] = "low",
    tags: list[str] | None = None,
    remind_at: str | None = None,
    remind_before_due_minutes: int | None = None,
    repeat: str | None = None,
) -> Envelope:
    """Create a new task for the user, optionally with a reminder or repeating.

    Args:
        title: The task's title, 1-200 characters, without words like "add" or "remind me to"
            and without the due date, priority or tags.
        description: Optional details about the task, at most 1000 characters.
        due: Optional due date in the user's local time: "YYYY-MM-DD" for a day, or
            "YYYY-MM-DDTHH:MM" when a time was said. Today or later.
        priority: "low" (the default), "medium" or "high".
        tags: Optional tags, at most 5, each 1-30 characters, without "#".
        remind_at: When to remind the user, in their local time: "YYYY-MM-DDTHH:MM" (a bare
            "YYYY-MM-DD" means 09:00 that day). Must be in the future.
        remind_before_due_minutes: Instead of remind_at: remind this many minutes before
            the due date (needs `due`).
        repeat: Make it recurring: an RFC 5545 RRULE such as "FREQ=WEEKLY;BYDAY=MO" (every
            Monday), "FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR". Without
            `due`, the first occurrence is its due. Completing it adds the next one.
    """
    context = ctx
    rule = reminder_tools.repeat_rule(repeat)
    due_at = checked_due(due, context) or await reminder_tools.first_due(
        rule, context.now, context.zone
    )
    task_service.clean_title(title)  # refused before the reminder's checks name a task
    planned = await plan_reminder_argument(
        context,
        task_id=None,
        named="That task",
        due=due_at,
        completed=False,
        remind_at=remind_at,
        before_due=remind_before_due_minutes,
    )
    task = await task_service.create_task(
        context.session,
        user_id=context.user_id,
        title=title,
        description=description,
        due=due_at,
        priority=priority,
        tags=tags or (),
        now=context.now,
        journal=context.journal,
        repeat=rule,
    )
    extras = task_text.added_details(task, now=context.now, zone=context.zone)
    context.dates.extend(task_text.mentions(task, now=context.now, zone=context.zone))
    details = f" ({task.description})" if task.description else ""
    said = f"Added {label(task)}{details}" + (f", {extras}" if extras else "") + "."
    if rule:
        said += " It repeats: when you finish it, I'll add the next one."
    reminder = await set_planned_reminder(context, task, planned)
    if reminder is not None:
        said += " " + reminder[0]
    return ok(
        said + zone_note(context, task),
        task=describe(task, context.zone),
        **({"reminder": reminder[1]} if reminder else {}),
    )
