"""Tools made once per shape. Making a tool reads its function's signature into pydantic
models, a few milliseconds a tool; a process that builds its MCP server again (over HTTP it
builds two) copies the tool made before and gives the copy its own function.

A shape is what the SDK reads: the function's code, name, summary and signature, and the
options the tool is made with. Two closures of one definition share a shape.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from mcp.server.mcpserver.tools import Tool

Function = TypeVar("Function", bound=Callable[..., Any])

_MADE: dict[Hashable, Tool] = {}


def made_tool(function: Callable[..., Any], **options: Any) -> Tool:
    """`Tool.from_function(function, **options)`, from the tool made before of that shape."""
    signature = inspect.signature(function)
    shape = (
        function.__module__,
        function.__qualname__,
        function.__name__,
        function.__doc__,
        tuple(
            (parameter.name, parameter.kind, repr(parameter.annotation), repr(parameter.default))
            for parameter in signature.parameters.values()
        ),
        repr(signature.return_annotation),
        tuple(sorted((name, repr(value)) for name, value in options.items())),
    )
    made = _MADE.get(shape)
    if made is None:
        made = _MADE[shape] = Tool.from_function(function, **options)
    # its own function, and metadata of its own: a server may change the copy's
    return made.model_copy(update={"fn": function, "fn_metadata": made.fn_metadata.model_copy()})


class ToolShelf:
    """Tools made by decorating functions, as `MCPServer.tool` does, for a server to take."""

    def __init__(self) -> None:
        self.tools: list[Tool] = []

    def tool(self, **options: Any) -> Callable[[Function], Function]:
        def shelved(function: Function) -> Function:
            self.tools.append(made_tool(function, **options))
            return function

        return shelved
