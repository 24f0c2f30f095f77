"""Which tools there are, by name: the one place a caller looks a tool up (never by
attribute on the package), so a name that is not a tool is a type error, not a crash."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from core.tools.adding import add_task
from core.tools.auditing import ToolFunction
from core.tools.completing import complete_task
from core.tools.listing import list_tasks
from core.tools.removing import delete_task, empty_trash, restore_task
from core.tools.undoing import undo_last_change
from core.tools.updating import update_task

ToolName = Literal[
    "add_task",
    "list_tasks",
    "complete_task",
    "delete_task",
    "update_task",
    "restore_task",
    "empty_trash",
    "undo_last_change",
]

TOOLS: tuple[ToolFunction, ...] = (add_task, list_tasks, complete_task, delete_task, update_task)
# Taking things back: the chat agents have these too. The MCP server offers only the five
# (emptying the trash waits for a chat button, which an MCP client cannot press).
TAKE_BACK_TOOLS: tuple[ToolFunction, ...] = (restore_task, empty_trash, undo_last_change)
CHAT_TOOLS: tuple[ToolFunction, ...] = TOOLS + TAKE_BACK_TOOLS

TOOL_REGISTRY: Mapping[ToolName, ToolFunction] = MappingProxyType(
    {
        "add_task": add_task,
        "list_tasks": list_tasks,
        "complete_task": complete_task,
        "delete_task": delete_task,
        "update_task": update_task,
        "restore_task": restore_task,
        "empty_trash": empty_trash,
        "undo_last_change": undo_last_change,
    }
)
