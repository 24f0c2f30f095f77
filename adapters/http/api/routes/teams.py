"""Team lists by id: the ones the person may see, a list's open tasks, add, complete.
A list the person may not see (not a member of its chat, as its platform says now) is 404
with the same answer as one that does not exist, and nothing changes.
(No `from __future__ import annotations`: FastAPI reads these annotations at runtime.)
"""

from dataclasses import asdict
from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Depends, HTTPException, Path

from adapters.http.api.deps import PLATFORM, ChatDep, CurrentUser
from adapters.http.api.routes.team_changes import Changes
from adapters.http.errors import error_responses
from adapters.http.team_schemas import (
    TeamAddRequest,
    TeamListBody,
    TeamListsResponse,
    TeamTaskBody,
    TeamTaskResponse,
    TeamTasksResponse,
)
from core.domain.tasks import InvalidInput, TaskNotFound
from core.people.team_access import Caller, NotVisible, TeamAccess, TeamTask

router = APIRouter()
NOT_FOUND = {404: "No team list with that id is open to you (or no such task on it)."}


def team_access(chat: ChatDep) -> TeamAccess:
    return TeamAccess(chat.db, chat.memberships, chat.clock)


Teams = Annotated[TeamAccess, Depends(team_access)]
ListId = Annotated[UUID, Path(description="A team list's id, from GET /teams.")]


def _body(task: TeamTask) -> TeamTaskBody:
    return TeamTaskBody(**asdict(task))


@router.get("/teams", response_model=TeamListsResponse, responses=error_responses(429))
async def team_lists(user_id: CurrentUser, teams: Teams) -> TeamListsResponse:
    """The team lists of the channels and groups the person works in (has added to, or holds
    a task on, with a linked Slack or Telegram account), each re-checked with its platform."""
    shown = await teams.visible(Caller(PLATFORM, user_id))
    return TeamListsResponse(
        lists=[
            TeamListBody(id=s.id, platform=s.platform, chat_id=s.chat_id, open_tasks=s.open_tasks)
            for s in shown
        ]
    )


@router.get(
    "/teams/{list_id}/tasks",
    response_model=TeamTasksResponse,
    responses=error_responses(404, 429, about=NOT_FOUND),
)
async def team_tasks(user_id: CurrentUser, teams: Teams, list_id: ListId) -> TeamTasksResponse:
    """The list's open tasks, by number."""
    try:
        tasks = await teams.tasks(Caller(PLATFORM, user_id), list_id)
    except NotVisible as refused:
        raise HTTPException(404, str(refused)) from None
    return TeamTasksResponse(list_id=list_id, tasks=[_body(task) for task in tasks])


@router.post(
    "/teams/{list_id}/tasks",
    response_model=TeamTaskResponse,
    responses=error_responses(400, 404, 429, about=NOT_FOUND),
)
async def add_team_task(
    user_id: CurrentUser, teams: Teams, list_id: ListId, body: TeamAddRequest
) -> TeamTaskResponse:
    """Add a task to the list, created by the person."""
    try:
        task = await teams.add(Caller(PLATFORM, user_id), list_id, body.title)
    except NotVisible as refused:
        raise HTTPException(404, str(refused)) from None
    except InvalidInput as bad:
        raise HTTPException(400, str(bad)) from None
    return TeamTaskResponse(list_id=list_id, task=_body(task), outcome="added")


@router.post(
    "/teams/{list_id}/tasks/{number}/done",
    response_model=TeamTaskResponse,
    responses=error_responses(404, 409, 429, about=NOT_FOUND),
)
async def complete_team_task(
    user_id: CurrentUser, changes: Changes, list_id: ListId, number: Annotated[int, Path(ge=1)]
) -> TeamTaskResponse:
    """Complete task `number`: once; 409 when someone had already completed it. Whoever
    assigned it is told in its chat."""
    try:
        task, changed = await changes.complete(Caller(PLATFORM, user_id), list_id, number)
    except (NotVisible, TaskNotFound) as refused:
        raise HTTPException(404, str(refused)) from None
    if not changed:
        raise HTTPException(409, f"#{task.number} “{task.title}” was already done.")
    return TeamTaskResponse(list_id=list_id, task=_body(task), outcome="done")
