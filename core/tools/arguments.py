"""Reading a tool's arguments against its own signature, whoever sent them.

A chat agent, a slash command, the builtin engine and an MCP client all call the same tool
functions; the arguments are checked here, in the tool, so every caller gets the same
VALIDATION_ERROR (and the same audit row) for a name the tool does not take, a missing one
or a value of the wrong type, not whatever its transport's library would have said. A
literal choice (a priority, a status) is read as a string here and judged by the tool,
whose own message names the choices.
"""

from __future__ import annotations

import inspect
import types
from collections.abc import Callable
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from core.domain.tasks import InvalidInput


class ArgumentReader:
    """One tool's arguments: bound to their names, then checked and converted."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.name = fn.__name__
        self.signature = inspect.signature(fn)
        _context, *parameters = self.signature.parameters.values()
        self.names = [parameter.name for parameter in parameters]
        hints = get_type_hints(fn)
        fields: dict[str, Any] = {
            parameter.name: (
                _loosened(hints.get(parameter.name, Any)),
                ... if parameter.default is inspect.Parameter.empty else parameter.default,
            )
            for parameter in parameters
        }
        self.model: type[BaseModel] = create_model(
            f"{self.name}_arguments",
            __config__=ConfigDict(extra="forbid", coerce_numbers_to_str=True),
            **fields,
        )

    def given(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        """The arguments by name, as sent; InvalidInput for too many or unknown ones."""
        if len(args) > len(self.names):
            raise InvalidInput(f"{self.name} takes at most {len(self.names)} arguments.")
        given = dict(zip(self.names, args, strict=False))
        unknown = [name for name in kwargs if name not in self.names or name in given]
        if unknown:
            raise InvalidInput(
                f"{self.name} has no argument {_quoted(unknown)}; it takes {_quoted(self.names)}.",
                "Call it again with only the arguments it takes.",
            )
        return given | kwargs

    def read(self, given: dict[str, Any]) -> dict[str, Any]:
        """The arguments checked against the signature and converted (a number sent as
        text is a number); InvalidInput saying which are wrong and why."""
        try:
            checked = self.model.model_validate(given)
        except ValidationError as invalid:
            problems = "; ".join(
                f"{'.'.join(str(part) for part in problem['loc']) or 'arguments'}: {problem['msg']}"
                for problem in invalid.errors()
            )
            raise InvalidInput(
                f"The arguments for {self.name} were not valid: {problems}.",
                "Call the tool again with arguments that match its schema.",
            ) from None
        return {name: getattr(checked, name) for name in given}


def _loosened(annotation: Any) -> Any:
    """`Literal[...]` as `str` (also inside `X | None`): the tool judges the choice."""
    origin = get_origin(annotation)
    if origin is Literal:
        return str
    if origin in (Union, types.UnionType):
        return Union[tuple(_loosened(arm) for arm in get_args(annotation))]  # noqa: UP007
    return annotation


def _quoted(names: list[str]) -> str:
    return ", ".join(f"“{name}”" for name in names)
