"""A listing's Done buttons: one compact button per open task, a page at a time.

Pure: no I/O. A button's token is the task's id, so a press finds the task whatever happened
to the list since it was shown; "More" carries where the next page starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol
from uuid import UUID

from core.types import Action, Button

LISTING_PAGE = 10
MORE_LABEL = "More ›"
FIRST_PAGE_LABEL = "‹ First"


class ListedTask(Protocol):
    @property
    def id(self) -> UUID: ...

    @property
    def number(self) -> int: ...

    @property
    def completed(self) -> bool: ...


def task_token(task_id: UUID) -> str:
    return task_id.hex


def task_ref(token: str) -> str | None:
    """The task id a Done/Delete token names, as the tools read ids; None when malformed."""
    try:
        return str(UUID(hex=token))
    except ValueError:
        return None


def page_start(token: str) -> int:
    return int(token) if token.isdigit() else 0


def done_buttons(tasks: Sequence[ListedTask], *, start: int = 0) -> list[Button]:
    """Done buttons for the open tasks from `start`, at most a page; then a way to the next
    page (or back to the first) when there are more than fit."""
    open_tasks = [task for task in tasks if not task.completed]
    if start >= len(open_tasks):
        start = 0
    page = open_tasks[start : start + LISTING_PAGE]
    buttons = [Button(f"✓ {task.number}", Action.DONE, task_token(task.id)) for task in page]
    if len(open_tasks) > LISTING_PAGE:
        following = start + LISTING_PAGE
        if following < len(open_tasks):
            buttons.append(Button(MORE_LABEL, Action.MORE, str(following)))
        else:
            buttons.append(Button(FIRST_PAGE_LABEL, Action.MORE, "0"))
    return buttons


def is_listing_button(button: Button) -> bool:
    return button.action in (Action.DONE, Action.MORE)
