"""What a task's own button does: Done completes it, Delete asks to delete it, More pages a
listing. The change goes through the same tools (and so the same audit) as a typed request;
the task is looked up in the presser's list only, so a stranger's press changes nothing."""

from __future__ import annotations

from datetime import datetime

from sqlmodel.ext.asyncio.session import AsyncSession

from core import tools
from core.domain import tasks as task_service
from core.domain.listing import done_buttons, page_start, task_ref
from core.domain.zones import settle_zone
from core.storage.models import User
from core.tools import ToolContext
from core.types import Action, Press, Reply

NOT_ON_YOUR_LIST = "That task isn't on your list (any more), so I changed nothing."


async def press_task_button(
    session: AsyncSession,
    press: Press,
    *,
    user: User,
    ttl_seconds: int,
    default_timezone: str,
    now: datetime,
) -> Reply:
    """Inside the press's transaction, after its delivery was claimed."""
    zone, assumed = settle_zone(user, None, default_timezone)
    context = ToolContext(
        session=session,
        user_id=user.id,
        confirmation_ttl_seconds=ttl_seconds,
        now=now,
        zone=zone,
        zone_assumed=assumed,
    )
    if press.action is Action.MORE:
        reply = await listing(context, start=page_start(press.token))
        reply.outcome = "listed"
        return reply
    ref = task_ref(press.token)
    if ref is None:
        return Reply(text=NOT_ON_YOUR_LIST, ephemeral=True, outcome="not_found")
    if press.action is Action.DELETE:
        result = await tools.delete_task(context, task_identifier=ref)
        if not result["ok"]:
            return Reply(text=NOT_ON_YOUR_LIST, ephemeral=True, outcome="not_found")
        return Reply(
            text=result["message"],
            buttons=list(context.buttons),
            tool_calls=context.calls,
            outcome="confirmation_required",
        )
    result = await tools.complete_task(context, task_identifier=ref)
    if not result["ok"]:
        return Reply(text=NOT_ON_YOUR_LIST, ephemeral=True, outcome="not_found")
    reply = await listing(context, note=result["message"])
    reply.tool_calls = context.calls
    reply.outcome = "done"
    return reply


async def listing(context: ToolContext, *, start: int = 0, note: str | None = None) -> Reply:
    """The person's open tasks with Done buttons from `start`: what a pressed listing becomes."""
    found = await task_service.list_tasks(
        context.session, user_id=context.user_id, status="pending"
    )
    text = tools.format_list(found, "pending", context=context)
    return Reply(text=f"{note}\n{text}" if note else text, buttons=done_buttons(found, start=start))
