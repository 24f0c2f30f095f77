"""The buttons a tool's reply carries: a listing's Done and More, and Undo."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from core.domain.listing import TRASH, MoreToken, done_buttons
from core.domain.task_pages import Filters, TaskPage
from core.storage.models import Task
from core.types import Action, Button


def page_buttons(page: TaskPage, filters: Filters) -> list[Button]:
    """Done buttons for the page's open tasks, and **More** when the listing goes on and a
    button can name it."""
    listing = filters.more()
    if page.limit is None:
        return done_buttons(page.tasks)
    return _paged(page, page.tasks, listing)


def trash_buttons(page: TaskPage) -> list[Button]:
    """Only **More** (or back to the first page): a task in the trash is not done."""
    if page.limit is None:
        return []
    return _paged(page, [], MoreToken(TRASH, "number"))


def _paged(page: TaskPage, tasks: Sequence[Task], listing: MoreToken) -> list[Button]:
    following = page.next_start
    if following is not None:
        more = replace(listing, start=following)
        return done_buttons(tasks, following=more if more.fits() else None)
    back = replace(listing, start=0) if page.start > 0 else None
    return done_buttons(tasks, back=back if back and back.fits() else None)


def undo_button(token: str) -> Button:
    return Button(label="Undo", action=Action.UNDO, token=token)
