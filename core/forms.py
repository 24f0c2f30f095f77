"""A task form (Slack's Add/Edit modal) submitted: checked field by field, then saved through
the same tools as a typed request, exactly once per form.

Every field is checked before anything is written, so a form with errors stores nothing and
the person sees each error beside its field. A form is claimed by its platform id in the
transaction that saves it: the same submission delivered twice saves once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core import tasks as task_service
from core import tools
from core.events import claim_event
from core.identities import user_for
from core.tools import ToolContext

TITLE = "title"
DESCRIPTION = "description"


@dataclass(frozen=True)
class TaskForm:
    """What a person entered. `task_id` None adds a task; otherwise it edits that one."""

    platform: str
    user_ref: str
    form_id: str
    title: str
    description: str = ""
    tenant: str = ""
    task_id: UUID | None = None
    display_name: str | None = None


@dataclass
class FormResult:
    """`errors` by field (nothing was stored), or what was done. `duplicate`: this form was
    already saved, and nothing more happened."""

    errors: dict[str, str] = field(default_factory=dict)
    message: str = ""
    task_number: int | None = None
    duplicate: bool = False


class FormRefused(Exception):
    """The tool refused after the checks (the task was deleted meanwhile): roll back."""

    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__(errors)
        self.errors = errors


def check(form: TaskForm) -> dict[str, str]:
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
    return errors


async def save(session: AsyncSession, form: TaskForm, *, ttl_seconds: int) -> FormResult:
    """Inside the caller's transaction; raises FormRefused when the tool refused."""
    if not await claim_event(session, source=f"{form.platform}:form", event_id=form.form_id):
        return FormResult(duplicate=True)
    user = await user_for(
        session,
        platform=form.platform,
        tenant=form.tenant,
        external_id=form.user_ref,
        display_name=form.display_name,
        lock=True,
    )
    context = ToolContext(session=session, user_id=user.id, confirmation_ttl_seconds=ttl_seconds)
    if form.task_id is None:
        result = await tools.add_task(context, title=form.title, description=form.description)
    else:
        result = await tools.update_task(
            context,
            task_identifier=str(form.task_id),
            new_title=form.title,
            new_description=form.description,
        )
    if not result["ok"]:
        raise FormRefused({TITLE: result["message"]})
    task = (result.get("data") or {}).get("task") or {}
    return FormResult(message=result["message"], task_number=task.get("number"))
