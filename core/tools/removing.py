"""`delete_task` (behind a Confirm button), and the trash: `restore_task`, `empty_trash`."""

from __future__ import annotations

from core.conversation.confirmations import request_confirmation
from core.domain import trash as trash_service
from core.domain.listing import is_listing_button
from core.domain.task_refs import resolve_task
from core.domain.task_text import label
from core.reminders import tooling as reminder_tools
from core.storage.models import Task
from core.tools.auditing import audited
from core.tools.context import ToolContext
from core.tools.envelope import Envelope, ok
from core.tools.fields import describe, task_reference
from core.types import Action, Button


@audited
async def delete_task(
    ctx: ToolContext, task_identifier: str | None = None, task_id: int | None = None
) -> Envelope:
    """Ask the user to confirm deleting one task. Nothing is deleted until they press Confirm.

    Args:
        task_identifier: The task's number (like "2" or "#2"), its id, or its title or part of it.
        task_id: Instead of task_identifier: the task's number, as an integer.
    """
    context = ctx
    task = await resolve_task(
        context.session, user_id=context.user_id, ref=task_reference(task_identifier, task_id)
    )
    confirmation = await request_confirmation(
        context.session,
        user_id=context.user_id,
        kind="delete_task",
        task_id=task.id,
        conversation_id=context.conversation_id,
        subject=label(task),
        ttl_seconds=context.confirmation_ttl_seconds,
        now=context.now,
    )
    context.buttons = [b for b in context.buttons if not is_listing_button(b)]
    context.buttons.extend(delete_buttons(task, confirmation.token))
    reminded = await reminder_tools.has_reminder(context.session, task=task)
    return ok(
        f"Delete {label(task)}?"
        + (" Its reminder will be cancelled too." if reminded else "")
        + " Press Confirm to delete it or Cancel to keep it.",
        status="confirmation_required",
        task=describe(task, context.zone),
    )


def delete_buttons(task: Task, token: str) -> list[Button]:
    short = task.title if len(task.title) <= 30 else task.title[:29] + "…"
    return [
        Button(label=f"Delete “{short}”", action=Action.CONFIRM, token=token, danger=True),
        Button(label="Cancel", action=Action.CANCEL, token=token),
    ]


@audited
async def restore_task(ctx: ToolContext, task_identifier: str) -> Envelope:
    """Take a deleted task out of the trash, back onto the list with its old number.

    Args:
        task_identifier: The deleted task's number (like "#2"), its id, or its title or part of it.
    """
    task = await resolve_task(ctx.session, user_id=ctx.user_id, ref=task_identifier, in_trash=True)
    await trash_service.restore_task(ctx.session, task=task, journal=ctx.journal)
    return ok(f"Restored {label(task)} from the trash.", task=describe(task, ctx.zone))


@audited
async def empty_trash(ctx: ToolContext) -> Envelope:
    """Ask the user to confirm erasing every task in their trash for good (no undo after)."""
    trash = await trash_service.list_trash(ctx.session, user_id=ctx.user_id)
    if not trash:
        return ok("Your trash is already empty.", count=0)
    noun = "task" if len(trash) == 1 else "tasks"
    confirmation = await request_confirmation(
        ctx.session,
        user_id=ctx.user_id,
        kind="empty_trash",
        conversation_id=ctx.conversation_id,
        subject=f"the {len(trash)} {noun} in your trash",
        ttl_seconds=ctx.confirmation_ttl_seconds,
        now=ctx.now,
    )
    ctx.buttons.extend(
        [
            Button("Empty the trash", Action.CONFIRM, confirmation.token, danger=True),
            Button("Cancel", Action.CANCEL, confirmation.token),
        ]
    )
    return ok(
        f"Erase the {len(trash)} {noun} in your trash for good? "
        "Press Confirm to empty it or Cancel to keep them.",
        status="confirmation_required",
        count=len(trash),
    )
