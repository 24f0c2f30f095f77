"""The task service. Every function takes the owner's user_id and never looks past it."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from enum import Enum
from typing import Literal
from uuid import UUID

from sqlalchemy import bindparam, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain import changes, task_fields
from core.domain.changes import Journal
from core.domain.owned import TASKS
from core.domain.task_inserts import insert_numbered
from core.domain.when import Due
from core.message_text import without_controls, without_format_chars
from core.storage.direct import Prebuilt, fresh, inserted
from core.storage.models import DESCRIPTION_MAX, TITLE_MAX, Task, utcnow


class Keep(Enum):
    """update_task's "leave the due as it is" (None clears it)."""

    DUE = "keep"


KEEP_DUE = Keep.DUE
DueChange = Due | Literal[Keep.DUE] | None


class TaskError(Exception):
    """A request the service refuses, said so a person can act on it."""

    code = "VALIDATION_ERROR"

    def __init__(self, message: str, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion


class InvalidInput(TaskError):
    code = "VALIDATION_ERROR"


class TaskNotFound(TaskError):
    code = "NOT_FOUND"


class AmbiguousTask(TaskError):
    code = "AMBIGUOUS"

    def __init__(self, message: str, candidates: list[Task]) -> None:
        super().__init__(message, "Ask which one they mean, by number.")
        self.candidates = candidates


def plain(text: str | None) -> str:
    """A person's text as a task keeps it: no control characters, no invisible or
    direction-changing format characters (`without_format_chars`)."""
    return without_format_chars(without_controls(text or ""))


def clean_title(title: str | None) -> str:
    cleaned = plain(title).strip()
    if not cleaned:
        raise InvalidInput("A task needs a title.", "Ask what the task should be called.")
    if len(cleaned) > TITLE_MAX:
        raise InvalidInput(
            f"That title is {len(cleaned)} characters; the limit is {TITLE_MAX}.",
            "Ask for a shorter title.",
        )
    return cleaned


def clean_description(description: str | None) -> str:
    cleaned = plain(description).strip()
    if len(cleaned) > DESCRIPTION_MAX:
        raise InvalidInput(
            f"That description is {len(cleaned)} characters; the limit is {DESCRIPTION_MAX}.",
            "Ask for a shorter description.",
        )
    return cleaned


def _refused(error: task_fields.FieldError) -> InvalidInput:
    return InvalidInput(error.message, error.suggestion)


async def create_task(
    session: AsyncSession,
    *,
    user_id: UUID,
    title: str,
    description: str = "",
    due: Due | None = None,
    priority: str = "low",
    tags: Iterable[str] = (),
    now: datetime | None = None,
    journal: Journal | None = None,
    repeat: str | None = None,
) -> Task:
    title = clean_title(title)
    description = clean_description(description)
    try:
        priority = task_fields.clean_priority(priority)
        cleaned_tags = task_fields.clean_tags(tags)
    except task_fields.FieldError as error:
        raise _refused(error) from None
    now = now or utcnow()
    task, row = fresh(
        Task,
        dict(
            user_id=user_id,
            list_id=user_id,  # the person's own list has their id
            creator_id=user_id,
            number=0,  # taken with the insert
            title=title,
            description=description,
            due_at=due.at if due else None,
            due_has_time=due.has_time if due else False,
            priority=priority,
            tags=cleaned_tags,
            repeat=repeat,
            created_at=now,
            updated_at=now,
        ),
    )
    set_committed_value(task, "number", await insert_numbered(session, row))
    inserted(session, task)
    await changes.record(session, journal, row=task, kind="added", summary=label(task), before=None)
    return task


def label(task: Task) -> str:
    return f"#{task.number} “{task.title}”"


# A task edited, and a task marked done. Built once, run as plain Core: the ORM's unit of
# work costs more than the round trip, and the object is kept in step below.
_EDITED = ("title", "description", "priority", "tags", "due_at", "due_has_time", "updated_at")
_EDIT = Prebuilt(
    update(TASKS)
    .where(TASKS.c.id == bindparam("task_id"))
    .values({name: bindparam(name) for name in _EDITED})
)
_COMPLETE = Prebuilt(
    update(TASKS)
    .where(TASKS.c.id == bindparam("task_id"))
    .values(
        completed=True,
        completed_at=bindparam("completed_at"),
        updated_at=bindparam("completed_at"),
    )
)


async def complete_task(
    session: AsyncSession,
    *,
    task: Task,
    now: datetime | None = None,
    journal: Journal | None = None,
) -> bool:
    """Mark done; returns False when it already was."""
    if task.completed:
        return False
    before = changes.snapshot(task)
    at = now or utcnow()
    await _COMPLETE.rows(session, {"task_id": task.id, "completed_at": at})
    for name in ("completed", "completed_at", "updated_at"):
        set_committed_value(task, name, True if name == "completed" else at)
    await changes.record(
        session, journal, row=task, kind="completed", summary=label(task), before=before
    )
    return True


async def reopen_task(session: AsyncSession, *, task: Task, journal: Journal | None = None) -> bool:
    """Set a done task back to pending; returns False when it was not done."""
    if not task.completed:
        return False
    before = changes.snapshot(task)
    task.completed = False
    task.completed_at = None
    task.updated_at = utcnow()
    session.add(task)
    await session.flush()
    await changes.record(
        session, journal, row=task, kind="reopened", summary=label(task), before=before
    )
    return True


async def update_task(
    session: AsyncSession,
    *,
    task: Task,
    title: str | None = None,
    description: str | None = None,
    due: DueChange = KEEP_DUE,
    priority: str | None = None,
    tags: Iterable[str] | None = None,
    add_tags: Iterable[str] = (),
    remove_tags: Iterable[str] = (),
    now: datetime | None = None,
    journal: Journal | None = None,
) -> Task:
    """Change what is given; `due=None` clears the due, leaving it out keeps it."""
    add_tags, remove_tags = list(add_tags), list(remove_tags)
    if (
        title is None
        and description is None
        and due is KEEP_DUE
        and priority is None
        and tags is None
        and not add_tags
        and not remove_tags
    ):
        raise InvalidInput(
            "Nothing to change: give a new title, description, due date, priority or tags."
        )
    new_title = clean_title(title) if title is not None else task.title
    new_description = (
        clean_description(description) if description is not None else task.description
    )
    try:
        new_priority = task_fields.clean_priority(priority) if priority else task.priority
        new_tags = task_fields.changed_tags(
            list(task.tags), replace=tags, add=add_tags, remove=remove_tags
        )
    except task_fields.FieldError as error:
        raise _refused(error) from None
    before = changes.snapshot(task)
    due_at, due_has_time = task.due_at, task.due_has_time
    if due is not KEEP_DUE:
        due_at, due_has_time = (due.at, due.has_time) if isinstance(due, Due) else (None, False)
    edited: dict[str, object] = {"title": new_title, "description": new_description}
    edited["priority"] = new_priority
    edited |= {"tags": new_tags, "due_at": due_at, "due_has_time": due_has_time}
    edited["updated_at"] = now or utcnow()
    await _EDIT.rows(session, {"task_id": task.id, **edited})
    for name, value in edited.items():
        set_committed_value(task, name, value)
    await changes.record(
        session, journal, row=task, kind="updated", summary=label(task), before=before
    )
    return task


async def stop_repeating(
    session: AsyncSession,
    *,
    task: Task,
    now: datetime | None = None,
    journal: Journal | None = None,
) -> None:
    """A recurring task adds no next occurrence any more."""
    before = changes.snapshot(task)
    task.repeat = None
    task.updated_at = now or utcnow()
    session.add(task)
    await session.flush()
    await changes.record(
        session, journal, row=task, kind="updated", summary=label(task), before=before
    )
