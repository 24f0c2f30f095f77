"""What a task's own button does: Done completes it, Delete asks to delete it, More pages a
listing. The change goes through the same tools (and so the same audit) as a typed request;
the task is looked up in the presser's list only, so a stranger's press changes nothing."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from sqlmodel.ext.asyncio.session import AsyncSession

from core import tools
from core.domain.listing import REMINDERS, TRASH, MoreToken, read_more, task_ref
from core.domain.task_pages import LIST_PAGE, Filters, read_trash
from core.domain.zones import settle_zone
from core.reminders import tooling as reminder_tools
from core.storage.models import User
from core.tools import ToolContext
from core.tools.buttons import page_buttons, trash_buttons
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
        reply = await listing(context, more=read_more(press.token))
        if press.page_controls:
            reply.buttons = [b for b in reply.buttons if b.action is Action.MORE]
        reply.outcome = "listed"
        return reply
    ref = task_ref(press.token)
    if ref is None:
        return Reply(text=NOT_ON_YOUR_LIST, ephemeral=True, outcome="not_found")
    if press.action is Action.DELETE:
        result = await tools.delete_task(context, task_identifier=ref)
        if not result.ok:
            return Reply(text=NOT_ON_YOUR_LIST, ephemeral=True, outcome="not_found")
        return Reply(
            text=result.message,
            buttons=list(context.buttons),
            tool_calls=context.calls,
            outcome="confirmation_required",
        )
    result = await tools.complete_task(context, task_identifier=ref)
    if not result.ok:
        return Reply(text=NOT_ON_YOUR_LIST, ephemeral=True, outcome="not_found")
    reply = await listing(context, note=result.message)
    reply.tool_calls = context.calls
    reply.outcome = "done"
    return reply


async def listing(
    context: ToolContext, *, more: MoreToken | None = None, note: str | None = None
) -> Reply:
    """A page of the person's tasks with Done buttons: what a pressed listing becomes (the
    open ones from the first, or the page a More button names)."""
    more = more or MoreToken()
    if more.status == TRASH:
        return await trash(context, start=more.start)
    filters = Filters.named(more)
    if more.sort_by == REMINDERS:  # the reminders' listing, soonest first
        waiting = await reminder_tools.pending_times(context.session, user_id=context.user_id)
        filters = replace(filters, reminders=waiting)
    page = await tools.read_listing(context, filters, start=more.start, limit=LIST_PAGE)
    if more.start and not page.tasks:  # the list got shorter since: start again
        page = await tools.read_listing(context, filters, start=0, limit=LIST_PAGE)
    text = tools.format_page(page, filters, context=context)
    return Reply(text=f"{note}\n{text}" if note else text, buttons=page_buttons(page, filters))


async def trash(context: ToolContext, *, start: int) -> Reply:
    """The trash's page a More button names (from the first when it got shorter since)."""
    page = await read_trash(context.session, user_id=context.user_id, start=start)
    if start and not page.tasks:
        page = await read_trash(context.session, user_id=context.user_id)
    return Reply(text=tools.format_trash(page), buttons=trash_buttons(page))
