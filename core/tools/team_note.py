"""The line a personal listing ends with when team tasks are assigned to the person: their own
list stays theirs, and they learn where the rest of their work is."""

from __future__ import annotations

from core.domain import lists
from core.tools.context import ToolContext


async def assigned_note(context: ToolContext, *, first_page: bool, status: str) -> str:
    """Said once, under the first page of open tasks; empty when nothing on a team list is
    assigned to the person."""
    if not first_page or status == "completed":
        return ""
    held = len(await lists.assigned_to(context.session, user_id=context.user_id))
    if held == 0:
        return ""
    tasks = "a team task" if held == 1 else f"{held} team tasks"
    return f"\nYou also have {tasks} assigned to you — say “what's assigned to me?”"
