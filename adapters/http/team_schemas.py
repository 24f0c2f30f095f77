"""The chat API's team list bodies: a list by its id, its open tasks, a new one."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from adapters.http.schemas import PendingConfirmation


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
    assigned_to: str | None = Field(description="Who holds it, by name; null: nobody.")
    created_by: str = Field(description="Who added it, by name; “a former member” once forgotten.")


class TeamTasksResponse(BaseModel):
    list_id: UUID
    tasks: list[TeamTaskBody]


class TeamAddRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str = Field(min_length=1, max_length=200)


class TeamTaskResponse(BaseModel):
    list_id: UUID
    task: TeamTaskBody
    outcome: str = Field(description="`added`, `done`, `assigned` or `unassigned`.")


class TeamAssignRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    to: str = Field(
        min_length=1,
        max_length=128,
        description="`me`, or a member's account id on the list's platform (Slack `U…`, "
        "Telegram's numeric id).",
    )


class TeamDeleteResponse(BaseModel):
    list_id: UUID
    task: TeamTaskBody
    outcome: str = Field(description="`confirmation_required`: nothing is deleted yet.")
    pending_confirmations: list[PendingConfirmation] = Field(
        description="Confirm or cancel with POST /api/{user_id}/confirmations/{token}."
    )
