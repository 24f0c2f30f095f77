"""A listing's Done buttons: one compact button per open task, a page at a time.

Pure: no I/O. A button's token is the task's id, so a press finds the task whatever happened
to the list since it was shown; "More" carries the listing and where its next page starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol
from uuid import UUID

from core.types import Action, Button

MORE_LABEL = "More ›"
FIRST_PAGE_LABEL = "‹ First"
# A More button carries the listing it continues: which tasks, their order and where the
# next page starts ("pending.due.20"), short enough for Telegram's 64-byte callback data.
TRASH = "deleted"  # a More button that pages the trash
_STATUSES = ("pending", "all", "completed", TRASH)
_SORTS = ("number", "due", "priority", "created")


@dataclass(frozen=True)
class MoreToken:
    status: str = "pending"
    sort_by: str = "number"
    start: int = 0

    def token(self) -> str:
        return f"{self.status}.{self.sort_by}.{self.start}"


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


def read_more(token: str) -> MoreToken:
    """The listing a More button continues; a malformed one starts the open list afresh."""
    if token.isdigit() and len(token) <= 9:  # a button sent before the token named its list
        return MoreToken(start=int(token))
    status, _, rest = token.partition(".")
    sort_by, _, start = rest.partition(".")
    if status in _STATUSES and sort_by in _SORTS and start.isdigit() and len(start) <= 9:
        return MoreToken(status, sort_by, int(start))
    return MoreToken()


def done_buttons(
    tasks: Sequence[ListedTask],
    *,
    following: MoreToken | None = None,
    back: MoreToken | None = None,
) -> list[Button]:
    """A Done button per open task of the page; then **More** to the page after it, or
    back to the first page at the end of a listing of several pages."""
    buttons = [
        Button(f"✓ {task.number}", Action.DONE, task_token(task.id))
        for task in tasks
        if not task.completed
    ]
    if following is not None:
        buttons.append(Button(MORE_LABEL, Action.MORE, following.token()))
    elif back is not None:
        buttons.append(Button(FIRST_PAGE_LABEL, Action.MORE, back.token()))
    return buttons


def is_listing_button(button: Button) -> bool:
    return button.action in (Action.DONE, Action.MORE)
