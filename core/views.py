"""What the chat API shows of the person's data: conversations, messages, tasks and their board."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

from core.types import Reply


@dataclass(frozen=True)
class ConversationView:
    """A conversation as its owner lists it (the chat API)."""

    id: UUID
    title: str
    platform: str
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class MessageView:
    """One stored line of a conversation, as its owner reads it back (the chat API)."""

    id: UUID
    role: str
    content: str
    tool_calls: list[dict[str, Any]]
    created_at: datetime


@dataclass(frozen=True)
class TaskView:
    """A task as a person sees it in a listing (Slack's App Home)."""

    number: int
    title: str
    description: str = ""
    completed: bool = False
    id: UUID | None = None
    # In the person's zone: the due day ("YYYY-MM-DD") and time ("HH:MM") when set, and
    # how a listing shows the due, priority and tags ("due tomorrow, ‼️ high, #errands").
    due_day: str = ""
    due_time: str = ""
    priority: str = "low"
    tags: tuple[str, ...] = ()
    details: str = ""
    # Where a working surface files it: "overdue", "today" or "later".
    group: str = "later"


@dataclass(frozen=True)
class AssignedHere:
    """The team tasks a person holds in one chat (a Slack channel), as their Home shows them."""

    chat_ref: str
    tasks: tuple[TaskView, ...]


@dataclass(frozen=True)
class TaskBoard:
    """A person's tasks as a working surface shows them (Slack's App Home): the open ones,
    the completed ones when asked for, and the deletes still waiting for their button."""

    open: list[TaskView]
    completed: list[TaskView] = field(default_factory=list)
    questions: list[Reply] = field(default_factory=list)
    # `open` is a page of the open tasks: where it starts, and how many there are in all
    open_start: int = 0
    open_total: int | None = None
    # the team tasks assigned to the person in this workspace, by channel
    assigned: list[AssignedHere] = field(default_factory=list)

    @property
    def open_count(self) -> int:
        return len(self.open) if self.open_total is None else self.open_total
