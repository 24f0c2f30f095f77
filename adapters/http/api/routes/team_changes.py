"""Team tasks changed by id: give one to a member (or yourself), take it back, delete it
through the Confirm every delete asks for. A list the person may not see is 404, exactly as
one that does not exist, and nothing changes.
(No `from __future__ import annotations`: FastAPI reads these annotations at runtime.)
"""

from dataclasses import asdict
from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Depends, HTTPException, Path

from adapters.http.api.deps import PLATFORM, ChatDep, CurrentUser
from adapters.http.errors import error_responses
from adapters.http.schemas import PendingConfirmation
from adapters.http.team_schemas import (
    TeamAssignRequest,
    TeamDeleteResponse,
    TeamTaskBody,
    TeamTaskResponse,
)
from core.commands.team_remote import TeamRemote
from core.domain.tasks import InvalidInput, TaskNotFound
from core.people.team_access import Caller, NotVisible, TeamAccess

router = APIRouter()
NOT_FOUND = {404: "No team list with that id is open to you (or no such task on it)."}


def team_remote(chat: ChatDep) -> TeamRemote:
    access = TeamAccess(chat.db, chat.memberships, chat.clock)
    return TeamRemote(access, chat.policy.confirmation_ttl_seconds)


Changes = Annotated[TeamRemote, Depends(team_remote)]
ListId = Annotated[UUID, Path(description="A team list's id, from GET /teams.")]
Number = Annotated[int, Path(ge=1, description="The task's number on that list.")]
TASK = "/teams/{list_id}/tasks/{number}"


@router.put(
    f"{TASK}/assignee",
    response_model=TeamTaskResponse,
    responses=error_responses(400, 404, 429, about=NOT_FOUND),
)
async def assign_team_task(
    user_id: CurrentUser, changes: Changes, list_id: ListId, number: Number, body: TeamAssignRequest
) -> TeamTaskResponse:
    """Give the task to `to` (`me`, or a member's account id): a task has one assignee, who
    must be in the list's chat as its platform says. They are told, with Done and Open the
    list; the person who held it before is told it moved."""
    try:
        task = await changes.assign(Caller(PLATFORM, user_id), list_id, number, body.to)
    except (NotVisible, TaskNotFound) as refused:
        raise HTTPException(404, str(refused)) from None
    except InvalidInput as bad:
        raise HTTPException(400, str(bad)) from None
    return TeamTaskResponse(list_id=list_id, task=TeamTaskBody(**asdict(task)), outcome="assigned")


@router.delete(
    f"{TASK}/assignee",
    response_model=TeamTaskResponse,
    responses=error_responses(404, 429, about=NOT_FOUND),
)
async def unassign_team_task(
    user_id: CurrentUser, changes: Changes, list_id: ListId, number: Number
) -> TeamTaskResponse:
    """The task belongs to nobody again; whoever held it is told."""
    try:
        task = await changes.unassign(Caller(PLATFORM, user_id), list_id, number)
    except (NotVisible, TaskNotFound) as refused:
        raise HTTPException(404, str(refused)) from None
    body = TeamTaskBody(**asdict(task))
    return TeamTaskResponse(list_id=list_id, task=body, outcome="unassigned")


@router.post(
    f"{TASK}/delete",
    response_model=TeamDeleteResponse,
    responses=error_responses(400, 404, 429, about=NOT_FOUND),
)
async def delete_team_task(
    user_id: CurrentUser, changes: Changes, list_id: ListId, number: Number
) -> TeamDeleteResponse:
    """Ask to delete the task (only its creator or its assignee may): nothing is deleted until
    the person confirms with POST /api/{user_id}/confirmations/{token}."""
    try:
        task, token = await changes.ask_delete(Caller(PLATFORM, user_id), list_id, number)
    except (NotVisible, TaskNotFound) as refused:
        raise HTTPException(404, str(refused)) from None
    except InvalidInput as bad:
        raise HTTPException(400, str(bad)) from None
    pending = PendingConfirmation(
        token=token, label=f"#{task.number} “{task.title}”", actions=["confirm", "cancel"]
    )
    return TeamDeleteResponse(
        list_id=list_id,
        task=TeamTaskBody(**asdict(task)),
        outcome="confirmation_required",
        pending_confirmations=[pending],
    )
