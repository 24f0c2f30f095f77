"""todobot as an MCP server: the five task tools and the open tasks, for any MCP client.

The user is never an argument: `who()` names the account from the session's authentication
(the bearer token over HTTP, the local person or `--as` over stdio). A delete is confirmed by
the person through MCP elicitation (the client shows the question, the person answers);
a client that cannot ask gets a refusal saying where the waiting confirmation can be pressed,
so no model can confirm its own delete. Questions are asked with the SDK's resolvers, which
speak both protocol eras: a request sent mid-call on a classic session, or a question returned
from the call and answered on the retry (2026-07-28), which any worker can finish.
"""

import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from mcp.server.mcpserver import (
    AcceptedElicitation,
    Context,
    Elicit,
    ElicitationResult,
    MCPServer,
    Resolve,
)
from mcp_types import CallToolResult
from mcp_types.version import is_version_at_least
from pydantic import BaseModel, Field

from adapters.mcp.schemas import (
    ANNOTATIONS,
    DESCRIPTIONS,
    TITLES,
    as_result,
    tool_parameters,
    with_signature,
)
from core.domain import tools
from core.domain.tools import Envelope, ToolFunction
from core.remote import Account, DeleteTarget, RemoteTools
from core.types import Action

Who = Callable[[], Account]

OPEN_TASKS_URI = "todobot://tasks/open"
FIRST_RETURNING_VERSION = "2026-07-28"
INSTRUCTIONS = (
    "todobot keeps the person's to-do list. Tasks have numbers (#1, #2, ...) that stay the same; "
    "refer to a task by its number, its id or part of its title. Deleting a task always asks "
    "the person to confirm it themselves."
)
CANNOT_ASK = (
    "Nothing was deleted: this app could not ask you to confirm (it offers no MCP elicitation "
    "here), and only you can confirm a delete. Your request to delete {label} is waiting: "
    "`todobot chat` shows it with a Delete choice when it starts, and Slack's Home tab lists it "
    "(for your linked accounts); or ask todobot to delete it in any chat and press Confirm "
    "there; or use an MCP client that supports elicitation."
)


class ConfirmDelete(BaseModel):
    """The person's answer to a delete question."""

    delete: bool = Field(title="Delete it", description="Yes, delete this task.")


@dataclass(frozen=True)
class NotAsked:
    """The delete question was not put to the person (no single task, or no way to ask)."""

    reason: str


def build_server(remote: RemoteTools, who: Who, **options: Any) -> MCPServer:
    """`options` go to `MCPServer` (authentication, request-state keys)."""
    server: MCPServer = MCPServer(
        "todobot", title="todobot", instructions=INSTRUCTIONS, log_level="WARNING", **options
    )
    for tool in tools.TOOLS:
        function = (
            delete_tool(remote, who) if tool is tools.delete_task else plain_tool(remote, who, tool)
        )
        server.add_tool(
            function,
            title=TITLES.get(tool.__name__),
            description=DESCRIPTIONS.get(tool.__name__),
            annotations=ANNOTATIONS.get(tool.__name__),
            structured_output=True,
        )

    @server.resource(
        OPEN_TASKS_URI,
        name="open_tasks",
        title="Open tasks",
        description="The person's tasks that are not done yet, by number.",
        mime_type="application/json",
    )
    async def open_tasks() -> str:
        listed = await remote.open_tasks(who())
        return json.dumps({"count": len(listed), "tasks": listed}, ensure_ascii=False)

    return server


CONTEXT = inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context)


def plain_tool(remote: RemoteTools, who: Who, tool: ToolFunction) -> Callable[..., Any]:
    async def call(*, ctx: Context, **arguments: Any) -> CallToolResult:
        envelope = await remote.call(who(), tool, arguments)
        await _changed(ctx, tool, envelope)
        return as_result(envelope)

    return with_signature(call, tool, tool_parameters(tool), [CONTEXT])


def delete_tool(remote: RemoteTools, who: Who) -> Callable[..., Any]:
    async def find_target(task_identifier: str) -> DeleteTarget | None:
        return await remote.delete_target(who(), task_identifier)

    Target = Annotated[DeleteTarget | None, Resolve(find_target)]

    async def ask_person(ctx: Context, target: Target) -> NotAsked | Elicit[ConfirmDelete]:
        if target is None:
            return NotAsked("no single task")
        if not can_ask(ctx):
            return NotAsked("this client cannot ask")
        return Elicit(f"Delete {target.label}?", ConfirmDelete)

    Answer = Annotated[ElicitationResult[ConfirmDelete], Resolve(ask_person)]

    async def call(
        *, ctx: Context, task_identifier: str, target: Target, answer: Answer
    ) -> CallToolResult:
        account = who()
        if target is not None and isinstance(answer, AcceptedElicitation):
            data = answer.data
            if isinstance(data, ConfirmDelete):
                action = Action.CONFIRM if data.delete else Action.CANCEL
                envelope = await remote.decide_delete(account, target, action)
            else:
                envelope = _cannot_ask(await remote.request_delete(account, task_identifier))
        elif target is not None:
            envelope = await remote.decide_delete(account, target, Action.CANCEL)
            if envelope["data"] is not None:
                envelope["data"]["answer"] = answer.action
        else:
            envelope = _cannot_ask(await remote.request_delete(account, task_identifier))
        await _changed(ctx, tools.delete_task, envelope)
        return as_result(envelope)

    parameters = tool_parameters(tools.delete_task)
    extra = [
        CONTEXT,
        inspect.Parameter("target", inspect.Parameter.KEYWORD_ONLY, annotation=Target),
        inspect.Parameter("answer", inspect.Parameter.KEYWORD_ONLY, annotation=Answer),
    ]
    return with_signature(call, tools.delete_task, parameters, extra)


def can_ask(ctx: Context) -> bool:
    """Form elicitation declared, and a way to deliver the question on this request."""
    capabilities = ctx.client_capabilities
    elicitation = capabilities.elicitation if capabilities is not None else None
    if elicitation is None or (elicitation.form is None and elicitation.url is not None):
        return False
    version = ctx.protocol_version
    returning = version is not None and is_version_at_least(version, FIRST_RETURNING_VERSION)
    return returning or ctx.session.can_send_request


def _cannot_ask(envelope: Envelope) -> Envelope:
    """The chat's delete left a pending confirmation: say where the person can decide it."""
    if not envelope["ok"]:
        return envelope
    task = envelope["data"]["task"]
    label = f"#{task['number']} “{task['title']}”"
    return {
        **envelope,
        "message": CANNOT_ASK.format(label=label),
        "suggestion": "Tell the person where to confirm; do not retry the delete.",
    }


async def _changed(ctx: Context, tool: ToolFunction, envelope: Envelope) -> None:
    """Tell `subscriptions/listen` streams the open tasks may have changed. Served over stdio
    (one person a process); HTTP switches listening off (see `adapters/mcp/http.py`)."""
    if envelope["ok"] and tool is not tools.list_tasks:
        await ctx.notify_resource_updated(OPEN_TASKS_URI)
