"""Deleting a team task: asked with Confirm / Cancel, and only its creator or its assignee may
ask and confirm. The confirmed delete is one conditional UPDATE, so it happens once."""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands.delete_audit import record_confirmed_delete
from core.commands.extensions import CommandCall
from core.commands.team_record import undo_button
from core.conversation.confirmations import request_confirmation
from core.domain import lists
from core.domain.changes import team_journal
from core.reminders.team_reminders import cancel_team_reminders
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


async def confirm_delete(session: AsyncSession, confirmation: Confirmation) -> Reply:
    """The task goes to the trash if whoever confirms still created or holds it; its
    reminders are cancelled. Both are recorded as theirs, so `team undo`, or the Undo button
    the outcome carries, takes them back."""
    task = None if confirmation.task_id is None else await session.get(Task, confirmation.task_id)
    deleted, journal = False, None
    if task is not None and task.user_id is None:
        now = confirmation.decided_at or utcnow()
        by, asked_in = confirmation.user_id, confirmation.conversation_id
        journal = team_journal(task.list_id, by, asked_in, now)
        gone = await lists.trash(session, task_id=task.id, by=by, now=now, journal=journal)
        deleted = gone is not None
        if gone is not None:
            await cancel_team_reminders(session, task=gone, journal=journal)
    message = (
        f"Deleted {confirmation.subject} from the team list (members can bring it back with "
        "team restore)."
        if deleted
        else f"{confirmation.subject} was already gone, or is no longer yours to delete."
    )
    await record_confirmed_delete(
        session, confirmation, kind=CONFIRM_KIND, deleted=deleted, message=message
    )
    undo = [undo_button(journal)] if journal is not None and journal.recorded else []
    return Reply(text=message, buttons=undo)
