"""A task form (Slack's Add/Edit modal) submitted: checked field by field, then saved through
the same tools as a typed request, exactly once per form.

Every field is checked before anything is written, so a form with errors stores nothing and
the person sees each error beside its field. A form is claimed by its platform id in the
transaction that saves it: the same submission delivered twice saves once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core import tools
from core.delivery.events import claim_event
from core.domain import task_fields
from core.domain import tasks as task_service
from core.domain.zones import settle_zone
from core.people.identities import user_for
from core.tools import ToolContext

TITLE = "title"
DESCRIPTION = "description"
DUE = "due"
DUE_TIME = "due_time"
PRIORITY = "priority"
TAGS = "tags"


@dataclass(frozen=True)
class TaskForm:
    """What a person entered. `task_id` None adds a task; otherwise it edits that one.
    `due_day` is "YYYY-MM-DD" and `due_time` "HH:MM" in the person's zone; empty for none
    (on an edit that had a due, `had_due`, an emptied day removes it)."""

    platform: str
    user_ref: str
    form_id: str
    title: str
    description: str = ""
    tenant: str = ""
    task_id: UUID | None = None
    display_name: str | None = None
    due_day: str = ""
    due_time: str = ""
    priority: str = "low"
    tags: str = ""
    had_due: bool = False

    @property
    def due(self) -> str | None:
        if not self.due_day:
            return None
        return f"{self.due_day}T{self.due_time}" if self.due_time else self.due_day

    def tag_list(self) -> list[str]:
        return [tag for tag in re.split(r"[\s,]+", self.tags) if tag.strip("#")]


@dataclass
class FormResult:
    """`errors` by field (nothing was stored), or what was done. `duplicate`: this form was
    already saved, and nothing more happened."""

    errors: dict[str, str] = field(default_factory=dict)
    message: str = ""
    task_number: int | None = None
    duplicate: bool = False


class FormRefused(Exception):
    """The form cannot be saved (its fields, or the tool refused): roll back."""

    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__(errors)
        self.errors = errors


def check(form: TaskForm, *, now: datetime, zone: tzinfo) -> dict[str, str]:
    """Each field's problem, in words the person can act on; empty when all is well."""
    errors: dict[str, str] = {}
    for name, clean, value in (
        (TITLE, task_service.clean_title, form.title),
        (DESCRIPTION, task_service.clean_description, form.description),
    ):
        try:
            clean(value)
        except task_service.InvalidInput as problem:
            errors[name] = problem.message
    try:
        task_fields.clean_priority(form.priority or "low")
    except task_fields.FieldError as problem:
        errors[PRIORITY] = problem.message
    try:
        task_fields.clean_tags(form.tag_list())
    except task_fields.FieldError as problem:
        errors[TAGS] = problem.message
    if form.due_time and not form.due_day:
        errors[DUE] = "Pick a day for that time."
    elif form.due is not None:
        try:
            due = task_fields.read_due(form.due, zone)
            if form.task_id is None:
                task_fields.check_new_due(due, now=now, zone=zone)
            else:  # an edit may keep a due already past; whether it moved, the tool knows
                task_fields.check_horizon(due.at, now=now)
        except task_fields.FieldError as problem:
            errors[DUE] = problem.message
    return errors


async def save(
    session: AsyncSession,
    form: TaskForm,
    *,
    ttl_seconds: int,
    now: datetime,
    default_timezone: str,
) -> FormResult:
    """Inside the caller's transaction; raises FormRefused when a field or the tool refused."""
    user = await user_for(
        session,
        platform=form.platform,
        tenant=form.tenant,
        external_id=form.user_ref,
        display_name=form.display_name,
        lock=True,
    )
    zone, assumed = settle_zone(user, None, default_timezone)
    errors = check(form, now=now, zone=zone)
    if errors:
        raise FormRefused(errors)
    if not await claim_event(session, source=f"{form.platform}:form", event_id=form.form_id):
        return FormResult(duplicate=True)
    context = ToolContext(
        session=session,
        user_id=user.id,
        confirmation_ttl_seconds=ttl_seconds,
        now=now,
        zone=zone,
        zone_assumed=assumed,
    )
    priority = task_fields.clean_priority(form.priority or "low")
    if form.task_id is None:
        result = await tools.add_task(
            context,
            title=form.title,
            description=form.description,
            due=form.due,
            priority=priority,
            tags=form.tag_list(),
        )
    else:
        result = await tools.update_task(
            context,
            task_identifier=str(form.task_id),
            new_title=form.title,
            new_description=form.description,
            due=form.due,
            clear_due=form.due is None and form.had_due,
            priority=priority,
            tags=form.tag_list(),
        )
    if not result.ok:
        raise FormRefused({TITLE: result.message})
    task = result.data.get("task") or {}
    return FormResult(message=result.message, task_number=task.get("number"))
