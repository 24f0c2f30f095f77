"""What a pressed choice of a question does (`core/tools/asking.py`): the one tool call its
button names, through the same tools (and audit) as a typed request, for the presser alone."""

from __future__ import annotations

from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from core import tools
from core.domain.zones import settle_zone
from core.storage.models import Confirmation, User, utcnow
from core.tools import ToolContext, ToolFunction
from core.tools.asking import ASK_KIND
from core.types import Reply

__all__ = ["ASK_KIND", "CANCELLED", "EXPIRED", "confirm_choice"]

CANCELLED = "Okay, I left everything as it was."
EXPIRED = "This question expired, so I changed nothing. Ask me again if you still want it."
NO_CHOICE = "There were several to choose from, so I changed nothing. Tell me the number you meant."

# The calls a choice may make: the ones a typed request could make after the same question.
_CHOOSABLE: dict[str, ToolFunction] = {
    "add_task": tools.add_task,
    "complete_task": tools.complete_task,
    "update_task": tools.update_task,
    "delete_task": tools.delete_task,
}


def _chosen(details: dict[str, Any]) -> dict[str, Any] | None:
    choices = [c for c in details.get("choices") or [] if isinstance(c, dict)]
    index = details.get("chosen")
    if index is None and len(choices) == 1:
        index = 0  # a typed "yes" to a question of one choice
    if not isinstance(index, int) or not 0 <= index < len(choices):
        return None
    return choices[index]


async def confirm_choice(session: AsyncSession, confirmation: Confirmation) -> Reply:
    """Make the chosen call; its reply carries that call's own buttons (Undo, a delete's
    Confirm) and calls, so the conversation knows what was done."""
    choice = _chosen(confirmation.details or {})
    tool = _CHOOSABLE.get(str(choice.get("tool"))) if choice is not None else None
    if choice is None or tool is None:
        return Reply(text=NO_CHOICE)
    context = ToolContext(
        session=session,
        user_id=confirmation.user_id,
        conversation_id=confirmation.conversation_id,
        now=confirmation.decided_at or utcnow(),
    )
    user = await session.get(User, confirmation.user_id)
    if user is not None:
        context.zone, context.zone_assumed = settle_zone(user, None, "UTC")
    arguments = choice.get("arguments")
    result = await tool(context, **(arguments if isinstance(arguments, dict) else {}))
    text = result.message
    if result.ok and tool is tools.complete_task and not result.data.get("already_completed"):
        text += " Nice work!"
    return Reply(text=text, buttons=list(context.buttons), tool_calls=context.calls)
