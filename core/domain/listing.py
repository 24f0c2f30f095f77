"""A listing's Done buttons: one compact button per open task, a page at a time.

Pure: no I/O. A button's token is the task's id, so a press finds the task whatever happened
to the list since it was shown; "More" carries the listing and where its next page starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Protocol
from uuid import UUID

from core.domain import task_fields
from core.domain.when import WINDOWS
from core.storage.models import PRIORITIES
from core.types import MAX_PAYLOAD_BYTES, Action, Button

MORE_LABEL = "More ›"
FIRST_PAGE_LABEL = "‹ First"
# A More button carries the listing it continues: which tasks, their order and where the
# next page starts ("pending.due.20"), then any narrowing (a due window, a priority, a date
# range and a tag, the tag last as it may hold dots): short enough for Telegram's 64-byte
# callback data, or the listing offers no More.
TRASH = "deleted"  # a More button that pages the trash
REMINDERS = "reminders"  # ordered as the reminders' listing is: the soonest reminder first
_STATUSES = ("pending", "all", "completed", TRASH)
_SORTS = ("number", "due", "priority", "created", REMINDERS)
_DAY = "%Y%m%d"


@dataclass(frozen=True)
class MoreToken:
    status: str = "pending"
    sort_by: str = "number"
    start: int = 0
    due: str | None = None
    priority: str | None = None
    due_from: date | None = None
    due_to: date | None = None
    tag: str | None = None

    def token(self) -> str:
        head = f"{self.status}.{self.sort_by}.{self.start}"
        narrowing = (self.due, self.priority, self.due_from, self.due_to, self.tag)
        if not any(narrowing):
            return head
        days = (day.strftime(_DAY) if day else "" for day in (self.due_from, self.due_to))
        return ".".join((head, self.due or "", self.priority or "", *days, self.tag or ""))

    def fits(self) -> bool:
        """Whether a button can carry it on every platform."""
        payload = Button(MORE_LABEL, Action.MORE, self.token()).payload
        return len(payload.encode()) <= MAX_PAYLOAD_BYTES


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
    parts = token.split(".", 7)
    status, sort_by, start = [*parts, "", ""][:3]
    if status not in _STATUSES or sort_by not in _SORTS or not start.isdigit() or len(start) > 9:
        return MoreToken()
    if len(parts) == 3:
        return MoreToken(status, sort_by, int(start))
    try:
        due, priority, due_from, due_to, tag = parts[3:]
        return MoreToken(
            status,
            sort_by,
            int(start),
            due=_one_of(due, WINDOWS),
            priority=_one_of(priority, PRIORITIES),
            due_from=_day(due_from),
            due_to=_day(due_to),
            tag=task_fields.clean_tag(tag) if tag else None,
        )
    except (ValueError, task_fields.FieldError):
        return MoreToken()


def _one_of(value: str, allowed: Sequence[str]) -> str | None:
    if value and value not in allowed:
        raise ValueError(value)
    return value or None


def _day(value: str) -> date | None:
    if value and not (value.isdigit() and len(value) == 8):
        raise ValueError(value)
    return datetime.strptime(value, _DAY).date() if value else None


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
