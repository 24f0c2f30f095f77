"""`audited`: every tool call's arguments read against its signature, its refusals turned
into envelopes, and its audit row written."""

from __future__ import annotations

import functools
import inspect
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from core.domain import tasks as task_service
from core.tools.arguments import ArgumentReader
from core.tools.context import ToolContext
from core.tools.envelope import Envelope, failure
from core.tools.fields import describe

ToolFunction = Callable[..., Awaitable[Envelope]]


def audited(fn: ToolFunction) -> ToolFunction:
    """Read the arguments against the tool's signature, turn refusals into envelopes and
    write the audit row.

    A database error is not caught here: it has voided the turn's transaction, so nothing
    this turn does can be kept. It propagates, and the turn is retried whole (a dropped
    connection) or rolled back and answered with an apology. No savepoint is needed:
    every tool validates before its first write, so a refusal has changed nothing."""
    reader = ArgumentReader(fn)

    @functools.wraps(fn)
    async def wrapper(context: ToolContext, /, *args: Any, **kwargs: Any) -> Envelope:
        arguments = dict(zip(reader.names, args, strict=False)) | kwargs
        async with context.lock:
            started = time.perf_counter()
            try:
                given = reader.given(args, kwargs)
                arguments = {
                    name: value
                    for name, value in given.items()
                    if not _is_default(reader.signature, name, value)
                }
                result = await fn(context, **reader.read(given))
            except task_service.AmbiguousTask as refusal:
                result = failure(
                    refusal.code,
                    refusal.message + " Which one do you mean?",
                    refusal.suggestion,
                    candidates=[describe(task, context.zone) for task in refusal.candidates],
                )
            except task_service.TaskError as refusal:
                result = failure(refusal.code, refusal.message, refusal.suggestion)
            context.offer_undo()
            await context.audit(
                fn.__name__,
                _recordable(arguments),
                result,
                duration_ms=(time.perf_counter() - started) * 1000,
            )
        return result

    return wrapper


def _is_default(signature: inspect.Signature, name: str, value: Any) -> bool:
    """An optional field left as it was (a model backend sends every one): kept out of the
    audit, which records what was asked for."""
    default = signature.parameters[name].default
    return (
        name not in _ALWAYS_AUDITED and default is not inspect.Parameter.empty and value == default
    )


def _recordable(arguments: dict[str, Any]) -> dict[str, Any]:
    """What the audit's JSON can hold of what was sent (a refused value may be anything)."""
    if all(type(value) in _PLAIN for value in arguments.values()):
        return arguments
    try:
        json.dumps(arguments)
    except (TypeError, ValueError):
        return {name: repr(value)[:500] for name, value in arguments.items()}
    return arguments


_PLAIN = frozenset({str, int, float, bool, type(None)})  # JSON holds these as they are
_ALWAYS_AUDITED = frozenset({"title", "description", "status", "task_identifier"})
