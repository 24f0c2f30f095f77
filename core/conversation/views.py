"""Read-only views of a person's data, for pages and APIs; a stranger sees nothing."""

from __future__ import annotations

from datetime import datetime, tzinfo
from uuid import UUID

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.conversation import conversations
from core.conversation.assigned_views import assigned_here
from core.conversation.confirmations import pending_confirmations
from core.conversation.pages import (
    DEFAULT_PAGE,
    Page,
    conversation_page,
    decode_cursor,
    message_page,
)
from core.domain import task_pages, task_text
from core.domain.task_refs import match_titles
from core.domain.task_selection import list_tasks
from core.domain.when import in_window, local_time
from core.domain.zones import settle_zone
from core.message_text import without_format_chars
from core.people.identities import find_user
from core.storage.models import Task, User
from core.types import Action, Button, Reply, tools_run
from core.views import ConversationView, MessageView, TaskBoard, TaskView

COMPLETED_SHOWN = 30
# The open tasks a board holds at a time (a Slack view has room for at most 100 blocks).
BOARD_PAGE = 50


GROUPS = ("overdue", "today", "later")


def task_view(task: Task, *, now: datetime, zone: tzinfo) -> TaskView:
    """A task for a working surface; a title kept from before format characters were
    dropped at the tools' door shows without them (a Telegram inline result is shared into
    other chats, where a reversed file name could mislead)."""
    due = task_text.due_of(task)
    group = "later"
    if due is not None and in_window(due, "overdue", now=now, zone=zone, completed=task.completed):
        group = "overdue"
    elif due is not None and in_window(due, "today", now=now, zone=zone):
        group = "today"
    return TaskView(
        task.number,
        without_format_chars(task.title),
        without_format_chars(task.description),
        task.completed,
        task.id,
        due_day=due.day(zone).isoformat() if due else "",
        due_time=local_time(due.at, zone).strftime("%H:%M") if due and due.has_time else "",
        priority=task.priority,
        tags=tuple(task.tags),
        details=", ".join(task_text.details(task, now=now, zone=zone)),
        group=group,
    )


def _zone(user: User, default_timezone: str) -> tzinfo:
    return settle_zone(user, None, default_timezone)[0]


async def board(
    session: AsyncSession,
    *,
    platform: str,
    tenant: str,
    user_ref: str,
    completed: bool,
    now: datetime,
    default_timezone: str,
    start: int = 0,
) -> TaskBoard:
    """A page of the open tasks from `start` (overdue and today's first, then by due date and
    priority), the latest completed ones when `completed`, and pending deletes.
    A person who never wrote has an empty board (and no user is made for them)."""
    user = await find_user(session, platform=platform, tenant=tenant, external_id=user_ref)
    if user is None:
        return TaskBoard(open=[])
    zone = _zone(user, default_timezone)
    working = task_pages.Filters(status="pending", sort_by="due")
    page = await task_pages.read_page(
        session, user_id=user.id, filters=working, now=now, zone=zone, start=start,
        limit=BOARD_PAGE,
    )  # fmt: skip
    if start and not page.tasks:  # the list got shorter since: back to the top
        page = await task_pages.read_page(
            session, user_id=user.id, filters=working, now=now, zone=zone, limit=BOARD_PAGE
        )
    found = page.tasks
    done: list[TaskView] = []
    if completed:
        rows = await session.exec(
            select(Task)
            .where(Task.user_id == user.id, col(Task.completed).is_(True))
            .order_by(col(Task.completed_at).desc(), col(Task.number).desc())
            .limit(COMPLETED_SHOWN)
        )
        done = [task_view(t, now=now, zone=zone) for t in rows.all()]
    waiting = await pending_confirmations(session, user_id=user.id, kind="delete_task")
    questions = [
        Reply(
            text=f"Delete {c.subject}?",
            buttons=[
                Button("Delete", Action.CONFIRM, c.token, danger=True),
                Button("Cancel", Action.CANCEL, c.token),
            ],
        )
        for c in waiting
    ]
    shown = [task_view(t, now=now, zone=zone) for t in found]
    assigned = await assigned_here(
        session, user_id=user.id, platform=platform, tenant=tenant,
        show=lambda t: task_view(t, now=now, zone=zone),
    )  # fmt: skip
    return TaskBoard(
        open=shown, completed=done, questions=questions, open_start=page.start,
        open_total=page.total, assigned=assigned,
    )  # fmt: skip


async def task_of(
    session: AsyncSession,
    *,
    platform: str,
    tenant: str,
    user_ref: str,
    task_id: UUID,
    now: datetime,
    default_timezone: str,
) -> TaskView | None:
    """One of the person's tasks (to edit it); None when it is not theirs or is gone."""
    user = await find_user(session, platform=platform, tenant=tenant, external_id=user_ref)
    if user is None:
        return None
    found = await session.exec(select(Task).where(Task.user_id == user.id, Task.id == task_id))
    task = found.first()
    zone = _zone(user, default_timezone)
    return task_view(task, now=now, zone=zone) if task is not None else None


async def conversation_list(
    session: AsyncSession,
    *,
    platform: str,
    tenant: str,
    user_ref: str,
    limit: int = DEFAULT_PAGE,
    cursor: str | None = None,
) -> Page[ConversationView]:
    """BadCursor for a cursor this list never handed out."""
    user = await find_user(session, platform=platform, tenant=tenant, external_id=user_ref)
    if user is None:
        if cursor is not None:
            decode_cursor(cursor)  # a stranger's bad cursor is as bad as anyone's
        return Page([])
    found = await conversation_page(session, user_id=user.id, limit=limit, cursor=cursor)
    views = [
        ConversationView(c.id, c.title, c.platform, c.created_at, c.updated_at) for c in found.items
    ]
    return Page(views, found.next_cursor)


async def conversation_messages(
    session: AsyncSession,
    *,
    platform: str,
    tenant: str,
    user_ref: str,
    conversation_id: UUID,
    limit: int = DEFAULT_PAGE,
    cursor: str | None = None,
) -> Page[MessageView] | None:
    """None when the conversation is not this person's (or does not exist)."""
    user = await find_user(session, platform=platform, tenant=tenant, external_id=user_ref)
    if user is None:
        return None
    found = await conversations.get_conversation(
        session, user_id=user.id, conversation_id=conversation_id
    )
    if found is None:
        return None
    rows = await message_page(
        session, user_id=user.id, conversation_id=conversation_id, limit=limit, cursor=cursor
    )
    views = [
        MessageView(m.id, m.role, m.content, tools_run(list(m.tool_calls)), m.created_at)
        for m in rows.items
    ]
    return Page(views, rows.next_cursor)


WAITING = "Still waiting for your answer (asked from another app):"


async def waiting_confirmations(
    session: AsyncSession, *, platform: str, tenant: str, user_ref: str
) -> Reply | None:
    """The deletes the person has not decided yet, with their buttons (an MCP client that
    could not ask them leaves one waiting); None when nothing waits."""
    user = await find_user(session, platform=platform, tenant=tenant, external_id=user_ref)
    if user is None:
        return None
    waiting = await pending_confirmations(session, user_id=user.id, kind="delete_task")
    if not waiting:
        return None
    lines = [WAITING, *(f"• delete {c.subject}?" for c in waiting)]
    buttons = [
        button
        for c in waiting
        for button in (
            Button(label=f"Delete {c.subject}", action=Action.CONFIRM, token=c.token, danger=True),
            Button(label=f"Keep {c.subject}", action=Action.CANCEL, token=c.token),
        )
    ]
    return Reply(text="\n".join(lines), buttons=buttons, private=True)


async def search_open(
    session: AsyncSession,
    *,
    platform: str,
    tenant: str,
    user_ref: str,
    text: str,
    limit: int,
    now: datetime,
    default_timezone: str,
) -> list[TaskView]:
    """The person's open tasks whose title matches `text` (all of them for no text); a
    person who never wrote has none, and no user is made for them."""
    user = await find_user(session, platform=platform, tenant=tenant, external_id=user_ref)
    if user is None:
        return []
    found = await list_tasks(session, user_id=user.id, status="pending")
    if text.strip():
        found = match_titles(found, text)
    zone = _zone(user, default_timezone)
    return [task_view(t, now=now, zone=zone) for t in found[:limit]]
