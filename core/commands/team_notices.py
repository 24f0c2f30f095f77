"""What the people concerned are told when a team task changes hands: the assignee privately,
with Done and Open the list buttons; a previous holder that it moved; the assigner, in the
chat, that it was completed."""

from __future__ import annotations

from datetime import datetime, tzinfo
from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands.team_views import account_of, place_of_list
from core.commands.team_words import due_words
from core.domain.lists import Place
from core.storage.list_models import TaskList
from core.storage.models import Task
from core.types import Action, Button, Tell

DONE_LABEL = "Done"
OPEN_LABEL = "Open the list"


def task_buttons(task: Task) -> tuple[Button, ...]:
    return (
        Button(DONE_LABEL, Action.TEAM_DONE, task.id.hex),
        Button(OPEN_LABEL, Action.TEAM_OPEN, task.id.hex),
    )


def given(shared: TaskList, ref: str, task: Task, *, by: str, now: datetime, zone: tzinfo) -> Tell:
    """The new assignee, privately, with the task's buttons."""
    text = f"{by} assigned you #{task.number} “{task.title}”{due_words(task, now=now, zone=zone)}."
    place = place_of_list(shared)
    return Tell(
        platform=place.platform,
        tenant=place.tenant,
        user_ref=ref,
        text=text,
        chat_ref=place.chat_id,
        buttons=task_buttons(task),
        place_name=shared.title or None,
    )


async def taken_from(
    session: AsyncSession, shared: TaskList, task: Task, previous: UUID, *, by: str, to: str | None
) -> Tell | None:
    """The person who held the task, privately: it went to someone else (`to`), or was taken
    off them (by the one who took it, or to nobody)."""
    place = place_of_list(shared)
    ref = await account_of(session, previous, place.platform, place.tenant)
    if ref is None:
        return None
    moved = (
        f"gave #{task.number} “{task.title}” to {to}"
        if to
        else (f"took #{task.number} “{task.title}” off you")
    )
    text = f"{by} {moved}; it's no longer yours."
    where = shared.title or None
    return Tell(place.platform, place.tenant, ref, text, chat_ref=place.chat_id, place_name=where)


async def completed(
    session: AsyncSession, place: Place, task: Task, *, by: str, by_id: UUID
) -> Tell | None:
    """Whoever assigned the task, in its chat: it was completed (unless they did it)."""
    assigner = task.assigner_id
    if assigner is None or assigner == by_id:
        return None
    ref = await account_of(session, assigner, place.platform, place.tenant)
    if ref is None:
        return None
    text = f"{by} completed #{task.number} “{task.title}”, which you assigned."
    return Tell(place.platform, place.tenant, ref, text, chat_ref=place.chat_id, private=False)
