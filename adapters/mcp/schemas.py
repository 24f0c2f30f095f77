"""The chat tools as MCP tools, derived from the functions themselves (no I/O here).

A tool's name, its parameters with their types and defaults, and the descriptions in its
docstring become the MCP tool's input schema, exactly as the Agents SDK reads them for the
chat agent; the context parameter (the user) is left out. A parameter added to a tool in
`core/tools/` appears here without a change. Results are the tool's envelope, both as
structured content (with an output schema) and as JSON text for clients that read only text.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Annotated, Any, get_type_hints

from griffe import Docstring, DocstringSectionKind
from mcp_types import CallToolResult, InputRequiredResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from core.tools import Envelope, ToolFunction


class ToolEnvelope(BaseModel):
    """Every tool answers with this envelope."""

    ok: bool = Field(description="Whether the tool did what was asked.")
    message: str = Field(description="What happened, in words to show the person.")
    data: dict[str, Any] | None = Field(
        default=None, description="The task(s) involved and other details, on success."
    )
    error: str | None = Field(default=None, description="An error code when ok is false.")
    suggestion: str | None = Field(default=None, description="What to do next, when useful.")


EnvelopeResult = Annotated[CallToolResult, ToolEnvelope]

TITLES = {
    "add_task": "Add a task",
    "list_tasks": "List tasks",
    "complete_task": "Complete a task",
    "update_task": "Edit a task",
    "delete_task": "Delete a task (asks the person first)",
}

# Where the chat's wording does not fit an MCP client: there the person is asked by the client.
DESCRIPTIONS = {
    "delete_task": (
        "Delete one of the user's tasks. The person is asked to confirm it themselves first; "
        "nothing is deleted unless they accept."
    ),
}

ANNOTATIONS = {
    "add_task": ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
    ),
    "list_tasks": ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False),
    "complete_task": ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
    ),
    "update_task": ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
    ),
    "delete_task": ToolAnnotations(
        read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=False
    ),
}


def as_result(envelope: Envelope) -> CallToolResult:
    """A refusal (bad input, no such task) is a tool error the model can read and correct."""
    wire = envelope.as_json()
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(wire, ensure_ascii=False))],
        structured_content=wire,
        is_error=not envelope.ok,
    )


def describe(tool: ToolFunction) -> tuple[str, dict[str, str]]:
    """The docstring's summary and its `Args:` descriptions."""
    sections = Docstring(
        inspect.getdoc(tool) or "",
        parser="google",
        parser_options={"warn_missing_types": False, "warn_unknown_params": False},
    ).parse()
    summary = " ".join(
        str(section.value).strip()
        for section in sections
        if section.kind is DocstringSectionKind.text
    )
    parameters = {
        parameter.name: parameter.description
        for section in sections
        if section.kind is DocstringSectionKind.parameters
        for parameter in section.value
    }
    return summary, parameters


def tool_parameters(tool: ToolFunction) -> list[inspect.Parameter]:
    """The tool's own parameters (the context dropped), each with its docstring description."""
    _, descriptions = describe(tool)
    hints = get_type_hints(tool, include_extras=True)
    _context, *parameters = inspect.signature(tool).parameters.values()
    described = []
    for parameter in parameters:
        annotation = hints.get(parameter.name, Any)
        if parameter.name in descriptions:
            annotation = Annotated[annotation, Field(description=descriptions[parameter.name])]
        described.append(parameter.replace(annotation=annotation, kind=parameter.KEYWORD_ONLY))
    return described


MCPFunction = Callable[..., Awaitable[CallToolResult | InputRequiredResult]]


def with_signature(
    call: MCPFunction,
    tool: ToolFunction,
    parameters: list[inspect.Parameter],
    extra: Sequence[inspect.Parameter] = (),
) -> MCPFunction:
    """Give `call` the tool's name, summary and these parameters, as the MCP SDK reads them."""
    summary, _ = describe(tool)
    everything = [*parameters, *extra]
    call.__name__ = tool.__name__
    call.__qualname__ = tool.__name__
    call.__doc__ = summary
    call.__signature__ = inspect.Signature(everything, return_annotation=EnvelopeResult)  # type: ignore[attr-defined]
    call.__annotations__ = {
        **{parameter.name: parameter.annotation for parameter in everything},
        "return": EnvelopeResult,
    }
    return call
