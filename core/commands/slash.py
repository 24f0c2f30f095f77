"""Slash commands: exact, model-free shortcuts to the same tools the agent uses.

Telegram delivers them natively (`/done 2`); the console and any other text source get them
by starting a line with `/`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from core import tools
from core.commands.offers import offer_task, split_capture
from core.conversation.help import HELP_TEXT
from core.storage.models import TITLE_MAX
from core.tools import ToolContext

GREETING = "Hi! I'm todobot. " + HELP_TEXT


@dataclass(frozen=True)
class CommandLine:
    name: str
    args: str


def parse_command(text: str) -> CommandLine | None:
    """`/done 2` -> ("done", "2"); `/list@todobot` -> ("list", ""); plain text -> None."""
    stripped = text.strip()
    if not stripped.startswith("/") or len(stripped) < 2:
        return None
    head, _, args = stripped[1:].partition(" ")
    name = head.split("@", 1)[0].lower()
    if not name.replace("_", "").isalnum():
        return None
    return CommandLine(name=name, args=args.strip())


CommandHandler = Callable[[ToolContext, str], Awaitable[str]]


async def _add(context: ToolContext, args: str) -> str:
    """A longer text (several lines, or past the title limit: a message replied to with
    /add) is filed as captured text: its first line the title, the whole the description."""
    if not args:
        return "What should I add? For example: /add buy milk"
    if "\n" in args or len(args) > TITLE_MAX:
        title, description = split_capture(args)
        return (await tools.add_task(context, title=title, description=description)).message
    return (await tools.add_task(context, title=args)).message


async def _offer(context: ToolContext, args: str) -> str:
    return await offer_task(context, args)


async def _list(context: ToolContext, args: str) -> str:
    wanted = args.lower().strip() or "pending"
    aliases = {"done": "completed", "complete": "completed", "open": "pending", "todo": "pending"}
    wanted = aliases.get(wanted, wanted)
    if wanted not in ("all", "pending", "completed"):
        return "Use /list, /list completed or /list all."
    return (await tools.list_tasks(context, status=wanted)).message


async def _done(context: ToolContext, args: str) -> str:
    if not args:
        return "Which task is done? For example: /done 2"
    return (await tools.complete_task(context, task_identifier=args)).message


async def _delete(context: ToolContext, args: str) -> str:
    if not args:
        return "Which task should I delete? For example: /delete 2"
    return (await tools.delete_task(context, task_identifier=args)).message


async def _help(_context: ToolContext, _args: str) -> str:
    return HELP_TEXT


async def _start(_context: ToolContext, _args: str) -> str:
    return GREETING


TOOL_COMMANDS: dict[str, CommandHandler] = {
    "add": _add,
    "offer": _offer,
    "list": _list,
    "done": _done,
    "complete": _done,
    "delete": _delete,
    "help": _help,
    "start": _start,
}
