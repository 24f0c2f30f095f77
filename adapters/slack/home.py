"""The App Home tab as a working surface: pure Block Kit, no I/O.

Open tasks are a checklist (tick to complete) with an overflow menu each (Edit, Delete); an
**Add task** button opens the task form, deletes still wait for their Delete button, and a
toggle shows the latest completed tasks. A view holds at most 100 blocks, so a long list is
shown a page at a time with a **Show more** button.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from adapters.slack.home_assigned import assigned_blocks
from adapters.slack.render import SECTION_LIMIT, button_elements, escape, section
from adapters.slack.translate import ACTION_PREFIX, HomeState, Payload
from core.domain.listing import task_token
from core.types import Action
from core.views import TaskBoard, TaskView

HOME_BLOCK_LIMIT = 100
OPTION_TEXT_LIMIT = 75
QUESTIONS_SHOWN = 3
GROUP_TITLES = {"overdue": "Overdue", "today": "Today", "later": "Later"}

ADD_ACTION = f"{ACTION_PREFIX}home_add"
COMPLETED_ACTION = f"{ACTION_PREFIX}home_completed"
PAGE_ACTION = f"{ACTION_PREFIX}home_page"
DONE_ACTION = f"{ACTION_PREFIX}home_done"
MENU_ACTION = f"{ACTION_PREFIX}task_menu"
EDIT_PREFIX = "edit|"

Block = dict[str, Any]


def home_view(board: TaskBoard, state: HomeState, *, notice: str | None = None) -> Block:
    top = _top(board, state, notice)
    bottom = assigned_blocks(board.assigned)
    bottom += _completed(board.completed) if state.completed else []
    grouped = any(task.due_day for task in board.open)
    room = HOME_BLOCK_LIMIT - len(top) - len(bottom) - 1  # one for the paging buttons
    if grouped:
        room -= len(GROUP_TITLES)
    start = board.open_start
    shown = board.open[:room]
    middle = _grouped(shown) if grouped else [_task_block(task) for task in shown]
    if not middle:
        middle = [
            section("Nothing open. Press *Add task*, or send me a message like _add buy milk_.")
        ]
    paging = _paging(start, len(shown), board.open_count)
    blocks = top + middle + ([paging] if paging else []) + bottom
    shown_state = HomeState(completed=state.completed, start=start)
    return {"type": "home", "private_metadata": shown_state.metadata(), "blocks": blocks}


def _top(board: TaskBoard, state: HomeState, notice: str | None) -> list[Block]:
    toggle = "Hide completed" if state.completed else "Show completed"
    blocks: list[Block] = [
        {"type": "header", "text": {"type": "plain_text", "text": "Your tasks"}},
        {
            "type": "actions",
            "block_id": "home_controls",
            "elements": [
                _button("Add task", ADD_ACTION, "add", style="primary"),
                _button(toggle, COMPLETED_ACTION, "hide" if state.completed else "show"),
            ],
        },
    ]
    if notice:
        blocks.append(_context(escape(notice)))
    for question in board.questions[:QUESTIONS_SHOWN]:
        blocks.append(section(_cut(escape(question.text), SECTION_LIMIT)))
        blocks.append({"type": "actions", "elements": button_elements(question.buttons)})
    blocks.append({"type": "divider"})
    return blocks


def _grouped(tasks: list[TaskView]) -> list[Block]:
    """Overdue, today, later, as the lists are; each heading only when it has tasks."""
    blocks: list[Block] = []
    for group, title in GROUP_TITLES.items():
        members = [task for task in tasks if task.group == group]
        if members:
            blocks.append(_context(f"*{title}*"))
            blocks.extend(_task_block(task) for task in members)
    return blocks


def _task_block(task: TaskView) -> Block:
    """One open task: a checkbox to complete it, and a menu to edit or delete it."""
    token = task_token(task.id) if task.id else ""
    prefix = f"*#{task.number}* "
    option: Block = {
        "text": {
            "type": "mrkdwn",
            "text": prefix + _fit(task.title, OPTION_TEXT_LIMIT - len(prefix)),
        },
        "value": f"{Action.DONE.value}|{token}",
    }
    about = " — ".join(part for part in (task.details, task.description) if part)
    if about:
        option["description"] = {
            "type": "plain_text",
            "text": _plain_cut(about, OPTION_TEXT_LIMIT),
        }
    menu = {
        "type": "overflow",
        "action_id": MENU_ACTION,
        "options": [
            _option("Edit", f"{EDIT_PREFIX}{token}"),
            _option("Delete", f"{Action.DELETE.value}|{token}"),
        ],
    }
    return {
        "type": "actions",
        "block_id": f"task_{token}",
        "elements": [{"type": "checkboxes", "action_id": DONE_ACTION, "options": [option]}, menu],
    }


def _paging(start: int, shown: int, total: int) -> Block | None:
    buttons = []
    if start > 0:
        buttons.append(_button("Back to the top", PAGE_ACTION, "0"))
    if start + shown < total:
        rest = total - start - shown
        buttons.append(_button(f"Show more ({rest})", PAGE_ACTION, str(start + shown)))
    return {"type": "actions", "block_id": "home_paging", "elements": buttons} if buttons else None


def _completed(tasks: list[TaskView]) -> list[Block]:
    blocks: list[Block] = [
        {"type": "divider"},
        {"type": "header", "text": {"type": "plain_text", "text": "Completed"}},
    ]
    if not tasks:
        return [*blocks, _context("Nothing completed yet.")]
    lines = [f"~#{task.number} {escape(task.title)}~" for task in tasks]
    text = ""
    for line in lines:  # as many as fit in one section
        if len(text) + len(line) + 1 > SECTION_LIMIT:
            break
        text = f"{text}\n{line}" if text else line
    return [*blocks, section(text)]


def _button(label: str, action_id: str, value: str, *, style: str | None = None) -> Block:
    element: Block = {
        "type": "button",
        "text": {"type": "plain_text", "text": label, "emoji": True},
        "action_id": action_id,
        "value": value,
    }
    if style:
        element["style"] = style
    return element


def _option(label: str, value: str) -> Block:
    return {"text": {"type": "plain_text", "text": label, "emoji": True}, "value": value}


def _context(mrkdwn: str) -> Block:
    return {"type": "context", "elements": [{"type": "mrkdwn", "text": _cut(mrkdwn, 2000)}]}


def _fit(title: str, limit: int) -> str:
    """The title, escaped, within `limit` characters once escaped; cut with an ellipsis."""
    escaped = escape(title)
    if len(escaped) <= limit:
        return escaped
    cut = ""
    for char in title:
        if len(cut) + len(escape(char)) > limit - 1:
            break
        cut += escape(char)
    return cut + "…"


def _plain_cut(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def view_change(body: Payload) -> tuple[str, HomeState] | None:
    """A press that only changes what the Home tab shows: (user, the state to show)."""
    actions = body.get("actions") or []
    view = body.get("view")
    user = (body.get("user") or {}).get("id")
    if not actions or not isinstance(view, dict) or view.get("type") != "home" or not user:
        return None
    action = actions[0]
    current = HomeState.of_view(view)
    value = str(action.get("value") or "")
    if action.get("action_id") == COMPLETED_ACTION:
        return str(user), HomeState(completed=value == "show", start=current.start)
    if action.get("action_id") == PAGE_ACTION:
        start = int(value) if value.isdigit() else 0
        return str(user), HomeState(completed=current.completed, start=start)
    return None


def edited_task(value: str) -> UUID | None:
    """The task an overflow menu's Edit names; None for any other choice."""
    if not value.startswith(EDIT_PREFIX):
        return None
    try:
        return UUID(hex=value.removeprefix(EDIT_PREFIX))
    except ValueError:
        return None
