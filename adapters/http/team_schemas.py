"""The chat API's team list bodies: a list by its id, its open tasks, a new one."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field


class TeamListBody(BaseModel):
    id: UUID = Field(description="The list's id: the only way the API names a team list.")
    platform: str = Field(description="`slack` or `telegram`.")
    chat_id: str = Field(description="The channel or group it belongs to.")
    open_tasks: int


class TeamListsResponse(BaseModel):
    lists: list[TeamListBody]


class TeamTaskBody(BaseModel):
    number: int
    title: str
    completed: bool
    due_at: datetime | None
    assigned_to_you: bool


class TeamTasksResponse(BaseModel):
    list_id: UUID
    tasks: list[TeamTaskBody]


class TeamAddRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str = Field(min_length=1, max_length=200)


class TeamTaskResponse(BaseModel):
    list_id: UUID
    task: TeamTaskBody
    outcome: str = Field(description="`added`, `done`, or `already_done`.")
