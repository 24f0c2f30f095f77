"""What every account command shares: where it runs, and how it lands in the audit."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from core.commands.extensions import CommandCall
from core.people.accounts import identity_of
from core.storage.models import Identity


def in_group(call: CommandCall) -> bool:
    """Written where other people read along (a Telegram group, a Slack channel)."""
    return call.incoming.is_group


async def audit(
    call: CommandCall,
    *,
    action: str,
    message: str,
    ok: bool = True,
    user_id: UUID | None = None,
    error: str | None = None,
    **details: Any,
) -> None:
    """One audit row, and the same call in the assistant message's `tool_calls`."""
    result = {"ok": ok, "message": message, "data": details or None, "error": error}
    await call.tools.record(action, {"platform": call.incoming.platform}, result, user_id=user_id)


async def current_identity(call: CommandCall) -> Identity:
    incoming = call.incoming
    found = await identity_of(
        call.session,
        platform=incoming.platform,
        tenant=incoming.tenant,
        external_id=incoming.user_ref,
    )
    if found is None:
        raise LookupError("the account of this turn has no identity")
    return found
