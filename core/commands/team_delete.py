"""Deleting a team task: asked with Confirm / Cancel, and only its creator or its assignee may
ask and confirm. The confirmed delete is one conditional UPDATE, so it happens once."""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands.extensions import CommandCall
from core.conversation.confirmations import request_confirmation
from core.domain import lists
from core.storage import audit
from core.storage.audit import AuditEntry
from core.storage.models import Confirmation, Task, utcnow
from core.types import Action, Button, Reply

CONFIRM_KIND = "delete_team_task"


async def ask_to_delete(call: CommandCall, task: Task) -> Reply | str:
    if call.user.id not in (task.creator_id, task.assignee_id):
        return (
            f"Only the person who added #{task.number} “{task.title}” or the one it is "
            "assigned to can delete it, so I changed nothing."
        )
    confirmation = await request_confirmation(
        call.session,
        user_id=call.user.id,
        kind=CONFIRM_KIND,
        task_id=task.id,
        conversation_id=call.conversation.id,
        subject=f"#{task.number} “{task.title}”",
        ttl_seconds=call.tools.confirmation_ttl_seconds,
        now=call.tools.now,
    )
    return Reply(
        text=f"Delete #{task.number} “{task.title}” from this chat's team list? "
        "Press Confirm to delete it or Cancel to keep it.",
        buttons=[
            Button("Delete it", Action.CONFIRM, confirmation.token, danger=True),
            Button("Cancel", Action.CANCEL, confirmation.token),
        ],
    )


async def confirm_delete(session: AsyncSession, confirmation: Confirmation) -> str:
    """The task goes to the trash if whoever confirms still created or holds it."""
    deleted = confirmation.task_id is not None and (
        await lists.trash(
            session,
            task_id=confirmation.task_id,
            by=confirmation.user_id,
            now=confirmation.decided_at or utcnow(),
        )
        is not None
    )
    message = (
        f"Deleted {confirmation.subject} from the team list."
        if deleted
        else f"{confirmation.subject} was already gone, or is no longer yours to delete."
    )
    await audit.record(
        session,
        AuditEntry(
            user_id=confirmation.user_id,
            conversation_id=confirmation.conversation_id,
            action="delete_team_task.confirmed",
            input={"task_id": str(confirmation.task_id), "subject": confirmation.subject},
            result={"ok": deleted, "message": message},
            ok=deleted,
        ),
    )
    return message
