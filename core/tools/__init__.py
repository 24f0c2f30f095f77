"""The task tools: typed async functions whose docstrings become their schemas.

The five task tools (add, list, complete, update, delete), where `complete_task` also
reopens and `list_tasks` also shows the trash, plus three that take things back:
`undo_last_change`, `restore_task` (out of the trash) and `empty_trash`. They are tools of
their own because none of the five can reach a deleted task or a past change.

The user travels in the context (`ToolContext`, the first parameter), never in the
arguments, so no model output can point a tool at someone else's tasks. The functions
need no agent framework: the chat agent, the slash commands, the builtin engine and the
MCP server all call these same functions (the OpenAI backend adapts them into Agents SDK
function tools). Every call is timed and lands in the
`tool_call` audit; the result is one typed `Envelope`, whose JSON is
`{"ok", "message", "data", "error", "suggestion"}`. A caller finds a tool by name in
`TOOL_REGISTRY`.
"""

from core.domain.task_text import label
from core.tools.adding import add_task
from core.tools.auditing import ToolFunction, audited
from core.tools.buttons import undo_button
from core.tools.completing import complete_task
from core.tools.context import DEFAULT_MAX_PENDING_REMINDERS, ToolContext
from core.tools.envelope import Envelope, failure, ok
from core.tools.fields import describe
from core.tools.listing import (
    format_list,
    format_page,
    format_trash,
    list_tasks,
    read_listing,
)
from core.tools.registry import CHAT_TOOLS, TAKE_BACK_TOOLS, TOOL_REGISTRY, TOOLS, ToolName
from core.tools.removing import delete_buttons, delete_task, empty_trash, restore_task
from core.tools.undoing import undo_envelope, undo_last_change
from core.tools.updating import update_task

__all__ = [
    "CHAT_TOOLS",
    "DEFAULT_MAX_PENDING_REMINDERS",
    "TAKE_BACK_TOOLS",
    "TOOLS",
    "TOOL_REGISTRY",
    "Envelope",
    "ToolContext",
    "ToolFunction",
    "ToolName",
    "add_task",
    "audited",
    "complete_task",
    "delete_buttons",
    "delete_task",
    "describe",
    "empty_trash",
    "failure",
    "format_list",
    "format_page",
    "format_trash",
    "label",
    "list_tasks",
    "ok",
    "read_listing",
    "restore_task",
    "undo_button",
    "undo_envelope",
    "undo_last_change",
    "update_task",
]
