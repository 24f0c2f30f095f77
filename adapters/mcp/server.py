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

import anyio
from mcp.server.elicitation import render_elicitation_schema
from mcp.server.mcpserver import AcceptedElicitation, Context, MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase
from mcp_types import (
    CallToolResult,
    ElicitRequest,
    ElicitRequestFormParams,
    ElicitResult,
    InputRequiredResult,
)
from mcp_types.version import is_version_at_least
from pydantic import BaseModel, ConfigDict, Field

from adapters.mcp.schemas import (
    ANNOTATIONS,
    DESCRIPTIONS,
    TITLES,
    as_result,
    tool_parameters,
    with_signature,
)
from adapters.mcp.team_tools import install_team_tools
from core import tools
from core.people.team_access import TeamAccess
from core.remote import Account, RemoteTools
from core.tools import Envelope, ToolFunction
from core.types import Action

Who = Callable[[], Account]

OPEN_TASKS_URI = "todobot://tasks/open"
FIRST_RETURNING_VERSION = "2026-07-28"
QUESTION = "confirm_delete"
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


class ConfirmDelete(BaseModel):
    """The person's answer to a delete question."""

    delete: bool = Field(title="Delete it", description="Yes, delete this task.")


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
                Tool.from_function(
                    function,
                    title=TITLES.get(tool.__name__),
                    description=DESCRIPTIONS.get(tool.__name__),
                    annotations=ANNOTATIONS.get(tool.__name__),
                    structured_output=True,
                )
            )
        )
    server: MCPServer = MCPServer(
        "todobot",
        title="todobot",
        instructions=INSTRUCTIONS,
        log_level="WARNING",
        tools=registered,
        **options,
    )

    if teams is not None:
        install_team_tools(server, teams, who)

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
        asked = _asked(ctx.request_state)
        if asked is not None:  # the retry that carries the person's answer
            token, question = asked
            answer = (ctx.input_responses or {}).get(QUESTION)
            if not isinstance(answer, ElicitResult):
                return _question(token, question)
            envelope = await _answered(remote, account, token, answer.action, answer.content)
        else:
            envelope, pending = await remote.ask_delete(account, arguments)
            if pending is not None:
                question = f"Delete {_label(envelope)}?"
                if _returning(ctx) and _offers_elicitation(ctx):
                    return _question(pending, question)
                if ctx.session.can_send_request and _offers_elicitation(ctx):
                    envelope = await _ask_now(ctx, remote, account, pending, question)
                else:
                    envelope = _cannot_ask(envelope, cannot_ask)
        await _changed(ctx, tools.delete_task, envelope)
        return as_result(envelope)

    return with_signature(call, tools.delete_task, tool_parameters(tools.delete_task), CONTEXT)


def _question(token: str, question: str) -> InputRequiredResult:
    """The question returned to a 2026-07-28 client; the confirmation rides in the state the
    server seals, so the answer can only decide this one."""
    form = ElicitRequestFormParams(
        message=question, requested_schema=render_elicitation_schema(ConfirmDelete)
    )
    return InputRequiredResult(
        input_requests={QUESTION: ElicitRequest(params=form)},
        request_state=json.dumps({"confirmation": token, "question": question}),
    )


async def _ask_now(
    ctx: Context, remote: RemoteTools, account: Account, token: str, question: str
) -> Envelope:
    """A classic session is asked mid-call, for as long as the confirmation lives."""
    with anyio.move_on_after(remote.confirmation_ttl_seconds):
        answer = await ctx.elicit(question, ConfirmDelete)
        content = answer.data.model_dump() if isinstance(answer, AcceptedElicitation) else None
        return await _answered(remote, account, token, answer.action, content)
    return await _answered(remote, account, token, "cancel", None)


async def _answered(
    remote: RemoteTools,
    account: Account,
    token: str,
    said: str,
    content: dict[str, Any] | None,
) -> Envelope:
    """Decide the confirmation by the person's answer: only an accepted, ticked one deletes."""
    confirmed = said == "accept" and (content or {}).get("delete") is True
    envelope = await remote.answer_delete(
        account, token, Action.CONFIRM if confirmed else Action.CANCEL
    )
    if said != "accept" and (envelope.ok or envelope.data):  # the data the JSON shows
        return replace(envelope, data=envelope.data | {"answer": said})
    return envelope


def _asked(state: str | None) -> tuple[str, str] | None:
    """The confirmation and question a returned question carried (the server sealed the
    state, so only it can have written one)."""
    if not state:
        return None
    try:
        carried = json.loads(state)
        token, question = carried["confirmation"], carried["question"]
    except (ValueError, TypeError, KeyError):
        return None
    return (token, question) if isinstance(token, str) and isinstance(question, str) else None


def _returning(ctx: Context) -> bool:
    version = ctx.protocol_version
    return version is not None and is_version_at_least(version, FIRST_RETURNING_VERSION)


def _offers_elicitation(ctx: Context) -> bool:
    """Form elicitation declared (a client that offers only URL elicitation cannot answer)."""
    capabilities = ctx.client_capabilities
    elicitation = capabilities.elicitation if capabilities is not None else None
    return elicitation is not None and not (elicitation.form is None and elicitation.url)


def _label(envelope: Envelope) -> str:
    task = envelope.data["task"]
    return f"#{task['number']} “{task['title']}”"


def _cannot_ask(envelope: Envelope, cannot_ask: str) -> Envelope:
    """The delete is left as a pending confirmation: say where the person can decide it."""
    return replace(
        envelope,
        message=cannot_ask.format(label=_label(envelope)),
        suggestion="Tell the person where to confirm; do not retry the delete.",
    )


async def _changed(ctx: Context, tool: ToolFunction, envelope: Envelope) -> None:
    """Tell `subscriptions/listen` streams the open tasks may have changed. Served over stdio
    (one person a process); HTTP switches listening off (see `adapters/mcp/http.py`)."""
    if envelope.ok and tool is not tools.list_tasks:
        await ctx.notify_resource_updated(OPEN_TASKS_URI)
