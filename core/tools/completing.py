"""`complete_task`, which also reopens."""

from __future__ import annotations

from core.domain import tasks as task_service
from core.domain.task_refs import resolve_task
from core.domain.task_text import label
from core.reminders import tooling as reminder_tools
from core.tools.auditing import audited
from core.tools.context import ToolContext
from core.tools.envelope import Envelope, ok
from core.tools.fields import describe, task_reference


@audited
async def complete_task(
    ctx: ToolContext,
    task_identifier: str | None = None,
    task_id: int | None = None,
    done: bool = True,
) -> Envelope:
    """Mark one of the user's tasks as done, or (done=false) reopen a done task as pending.

    Args:
        task_identifier: The task's number (like "2" or "#2"), its id, or its title or part of it.
        task_id: Instead of task_identifier: the task's number, as an integer.
        done: True marks it done; false sets a completed task back to not done (reopens it).
    """
    task_identifier = task_reference(task_identifier, task_id)
    if not done:
        return await _reopen(ctx, task_identifier)
    task = await resolve_task(
        ctx.session, user_id=ctx.user_id, ref=task_identifier, prefer_pending=True
    )
    if not await task_service.complete_task(
        ctx.session, task=task, now=ctx.now, journal=ctx.journal
    ):
        return ok(
            f"{label(task)} is already done.",
            task=describe(task, ctx.zone),
            already_completed=True,
        )
    cancelled = await reminder_tools.cancel_reminder(ctx.session, task=task, journal=ctx.journal)
    following = await reminder_tools.next_occurrence(
        ctx.session, task=task, now=ctx.now, zone=ctx.zone, journal=ctx.journal
    )
    return ok(
        f"Marked {label(task)} as done."
        + (f" {cancelled}" if cancelled else "")
        + (f" {following[0]}" if following else ""),
        task=describe(task, ctx.zone),
        already_completed=False,
        reminder_cancelled=bool(cancelled),
        **({"next": following[1]} if following and following[1] else {}),
    )


async def _reopen(ctx: ToolContext, task_identifier: str) -> Envelope:
    try:
        task = await resolve_task(ctx.session, user_id=ctx.user_id, ref=task_identifier)
    except task_service.AmbiguousTask as several:
        done = [task for task in several.candidates if task.completed]
        if len(done) != 1:
            raise
        task = done[0]
    if not await task_service.reopen_task(ctx.session, task=task, journal=ctx.journal):
        return ok(f"{label(task)} is not done, so it is still open.", task=describe(task, ctx.zone))
    return ok(f"Reopened {label(task)}: it is not done any more.", task=describe(task, ctx.zone))
