"""todobot as an MCP server: the five task tools and the open tasks, for any MCP client.

The user is never an argument: `who()` names the account from the session's authentication
(the bearer token over HTTP, the local person or `--as` over stdio). A tool's arguments go to
the tool as they were sent, and the tool checks them (`core/tools/arguments.py`), so a
wrong one gets the same envelope and audit row as anywhere else. A delete is confirmed by the
person through MCP elicitation (the client shows the question, the person answers): the
question is a pending confirmation, and the answer decides that one confirmation, once, so an
answer sent again decides nothing. A client on the returning protocol (2026-07-28) is asked
in a result it answers on the retry, which any worker can finish; a classic session is asked
mid-call. A client that cannot ask gets a refusal saying where the person can decide, so no
model can confirm its own delete.
"""

import inspect
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase
from mcp_types import (
    CallToolResult,
    InputRequiredResult,
)
from pydantic import ConfigDict

from adapters.mcp.asking import Asking, confirmed, label
from adapters.mcp.schemas import (
    ANNOTATIONS,
    DESCRIPTIONS,
    TITLES,
    as_result,
    tool_parameters,
    with_signature,
)
from adapters.mcp.team_tools import install_team_tools
from adapters.mcp.tool_making import ToolShelf, made_tool
from core import tools
from core.people.team_access import TeamAccess
from core.remote import Account, RemoteTools
from core.tools import Envelope, ToolFunction
from core.types import Action

Who = Callable[[], Account]

OPEN_TASKS_URI = "todobot://tasks/open"
INSTRUCTIONS = (
    "todobot keeps the person's to-do list. Tasks have numbers (#1, #2, ...) that stay the same; "
    "refer to a task by its number, its id or part of its title. Deleting a task always asks "
    "the person to confirm it themselves."
)
# Where a person whose MCP client cannot ask can decide the delete instead: at this computer
# (`todobot mcp` acts for the console's person or a linked account of theirs) ...
CANNOT_ASK_HERE = (
    "Nothing was deleted: this app could not ask you to confirm (it offers no MCP elicitation "
    "here), and only you can confirm a delete. Your request to delete {label} is waiting: "
    "`todobot chat` shows it with a Delete choice when it starts, and Slack's Home tab lists it "
    "(for your linked accounts); or ask todobot to delete it in any chat and press Confirm "
    "there; or use an MCP client that supports elicitation."
)
# ... or, over HTTP, where the person is an API account with no console of theirs.
CANNOT_ASK_REMOTE = (
    "Nothing was deleted: this app could not ask you to confirm (it offers no MCP elicitation "
    "here), and only you can confirm a delete. Use an MCP client that supports elicitation, "
    "or ask todobot to delete {label} in a chat with it and confirm it there."
)


class AsSent(ArgModelBase):
    """A tool's arguments as the client sent them: the tool reads and checks them itself."""

    model_config = ConfigDict(extra="allow")

    def model_dump_one_level(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


def build_server(
    remote: RemoteTools,
    who: Who,
    *,
    cannot_ask: str = CANNOT_ASK_HERE,
    teams: TeamAccess | None = None,
    **options: Any,
) -> MCPServer:
    """`cannot_ask` tells a person whose client cannot ask where to decide a delete;
    `teams`, when the process can ask a platform who is in a chat, adds the team list tools;
    `options` go to `MCPServer` (authentication, request-state keys)."""
    registered = []
    for tool in tools.TOOLS:
        function = (
            delete_tool(remote, who, cannot_ask)
            if tool is tools.delete_task
            else plain_tool(remote, who, tool)
        )
        registered.append(
            as_sent(
                made_tool(
                    function,
                    title=TITLES.get(tool.__name__),
                    description=DESCRIPTIONS.get(tool.__name__),
                    annotations=ANNOTATIONS.get(tool.__name__),
                    structured_output=True,
                )
            )
        )
    shelf = ToolShelf()
    if teams is not None:
        install_team_tools(shelf, teams, who)
    server: MCPServer = MCPServer(
        "todobot",
        title="todobot",
        instructions=INSTRUCTIONS,
        log_level="WARNING",
        tools=registered + shelf.tools,
        **options,
    )

    @server.resource(
        OPEN_TASKS_URI,
        name="open_tasks",
        title="Open tasks",
        description=(
            "The person's tasks that are not done yet, by number: the first 100, with `total`"
            " counting them all (list_tasks pages through the rest)."
        ),
        mime_type="application/json",
    )
    async def open_tasks() -> str:
        listed, total = await remote.open_tasks(who())
        shown = {"count": len(listed), "total": total, "tasks": listed}
        return json.dumps(shown, ensure_ascii=False)

    return server


def as_sent(tool: Tool) -> Tool:
    """The tool's schema stays the one its signature declares, for clients to read; the
    arguments reach it unchecked by the SDK (JSON sent as text still read as JSON), so the
    tool's own checks answer a wrong one."""
    declared = tool.fn_metadata.model_copy()
    tool.fn_metadata.arg_model = AsSent
    original = tool.fn

    async def call(**arguments: Any) -> Any:
        context = {name: arguments.pop(name) for name in ("ctx",) if name in arguments}
        return await original(**declared.pre_parse_json(arguments), **context)

    tool.fn = call
    return tool


CONTEXT = [inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context)]


def plain_tool(remote: RemoteTools, who: Who, tool: ToolFunction) -> Callable[..., Any]:
    async def call(*, ctx: Context, **arguments: Any) -> CallToolResult:
        envelope = await remote.call(who(), tool, arguments)
        await _changed(ctx, tool, envelope)
        return as_result(envelope)

    return with_signature(call, tool, tool_parameters(tool), CONTEXT)


def delete_tool(remote: RemoteTools, who: Who, cannot_ask: str) -> Callable[..., Any]:
    async def call(*, ctx: Context, **arguments: Any) -> CallToolResult | InputRequiredResult:
        account = who()

        async def ask() -> tuple[Envelope, str | None]:
            return await remote.ask_delete(account, arguments)

        async def answer(token: str, action: Action) -> Envelope:
            return await remote.answer_delete(account, token, action)

        asking = Asking(
            ask,
            answer,
            lambda asked: _cannot_ask(asked, cannot_ask),
            remote.confirmation_ttl_seconds,
        )
        envelope = await confirmed(ctx, asking)
        if isinstance(envelope, InputRequiredResult):
            return envelope
        await _changed(ctx, tools.delete_task, envelope)
        return as_result(envelope)

    return with_signature(call, tools.delete_task, tool_parameters(tools.delete_task), CONTEXT)


def _cannot_ask(envelope: Envelope, cannot_ask: str) -> Envelope:
    """The delete is left as a pending confirmation: say where the person can decide it."""
    return replace(
        envelope,
        message=cannot_ask.format(label=label(envelope)),
        suggestion="Tell the person where to confirm; do not retry the delete.",
    )


async def _changed(ctx: Context, tool: ToolFunction, envelope: Envelope) -> None:
    """Tell `subscriptions/listen` streams the open tasks may have changed. Served over stdio
    (one person a process); HTTP switches listening off (see `adapters/mcp/http.py`)."""
    if envelope.ok and tool is not tools.list_tasks:
        await ctx.notify_resource_updated(OPEN_TASKS_URI)
