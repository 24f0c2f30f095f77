"""How a team list and its people are shown: the list's lines with who holds each task, the
place's name as its platform says it (kept on the list once said), and a person's account
there. A place is never shown by its raw id."""

from __future__ import annotations

from datetime import datetime, tzinfo
from uuid import UUID

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands.team_words import task_line
from core.domain import lists
from core.domain.lists import Place
from core.people.membership import Memberships
from core.people.team_people import FORMER_MEMBER, assignee_name, people_names
from core.storage.list_models import TaskList
from core.storage.models import Identity, Task

_UNNAMED = {"slack": "a Slack channel", "telegram": "a Telegram group"}


def place_of_list(shared: TaskList) -> Place:
    return Place(shared.platform or "", shared.tenant or "", shared.chat_id or "")


async def place_name(session: AsyncSession, memberships: Memberships, shared: TaskList) -> str:
    """The list's place by name: what the platform said, kept on the list (asked once)."""
    if shared.title:
        return shared.title
    said = await memberships.name_of(place_of_list(shared))
    if not said:
        return _UNNAMED.get(shared.platform or "", "a shared chat")
    shared.title = said[:200]
    session.add(shared)
    await session.flush()
    return shared.title


async def list_text(
    session: AsyncSession, shared: TaskList, *, now: datetime, zone: tzinfo, heading: str
) -> str:
    tasks = await lists.open_tasks(session, shared=shared)
    if not tasks:
        return "This chat's team list is empty. Add to it with: team add <title> [@person]"
    names = await names_of(session, tasks, shared.platform or "", shared.tenant or "")
    lines = [_line(task, names, now=now, zone=zone) for task in tasks]
    return heading + "\n" + "\n".join(lines)


def _line(task: Task, names: dict[UUID | None, str], *, now: datetime, zone: tzinfo) -> str:
    line = task_line(task, names.get(task.assignee_id), now=now, zone=zone)
    return line if task.creator_id is not None else f"{line} (added by {FORMER_MEMBER})"


async def names_of(
    session: AsyncSession, tasks: list[Task], platform: str, tenant: str
) -> dict[UUID | None, str]:
    """The assignees' names."""
    names = await people_names(session, tasks, platform, tenant)
    return {t.assignee_id: assignee_name(t, names) or "" for t in tasks if t.assignee_id}


async def account_of(
    session: AsyncSession, user_id: UUID, platform: str, tenant: str
) -> str | None:
    found = await session.exec(
        select(Identity.external_id).where(
            Identity.user_id == user_id, Identity.platform == platform, Identity.tenant == tenant
        )
    )
    return found.first()
