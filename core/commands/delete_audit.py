"""The audit row of a confirmed delete, the same for a person's task and a team list's."""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage import audit
from core.storage.audit import AuditEntry
from core.storage.models import Confirmation


async def record_confirmed_delete(
    session: AsyncSession, confirmation: Confirmation, *, kind: str, deleted: bool, message: str
) -> None:
    """`<kind>.confirmed`, by the person who confirmed, with the task and what they were told."""
    await audit.record(
        session,
        AuditEntry(
            user_id=confirmation.user_id,
            conversation_id=confirmation.conversation_id,
            action=f"{kind}.confirmed",
            input={"task_id": str(confirmation.task_id), "subject": confirmation.subject},
            result={"ok": deleted, "message": message},
            ok=deleted,
        ),
    )
