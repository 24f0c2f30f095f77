"""What the conversation so far tells the next turn: the task it is about, the list the
person last saw, the candidates of an ambiguous answer, and any question left open."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from core.agent.builtin.intents import Family
from core.agent.builtin.phrases import recognise_choices, recognise_question
from core.agent.builtin.refs import Known

_FAMILY_OF_TOOL: dict[str, Family] = {
    "add_task": "add",
    "complete_task": "complete",
    "delete_task": "delete",
    "update_task": "update",
    "list_tasks": "list",
}


class MessageLike(Protocol):
    role: str
    content: str
    tool_calls: list[dict[str, Any]]


@dataclass(frozen=True)
class Awaiting:
    """A question of ours the last reply asked."""

    kind: Literal[
        "title", "which", "offer_add", "confirm_complete", "change", "split_add", "duplicate"
    ]
    family: Family | None = None
    title: str = ""
    number: int | None = None
    parts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Context:
    last_task: Known | None = None
    listing: tuple[Known, ...] = ()
    candidates: tuple[Known, ...] = ()
    pending_family: Family | None = None
    pending_title: str | None = None
    pending_description: str | None = None
    awaiting: Awaiting | None = None
    # What the last reply did (its last tool call but a listing), for "no, I meant task 2".
    last_family: Family | None = None
    last_input: dict[str, Any] = field(default_factory=dict)
    last_result: dict[str, Any] = field(default_factory=dict)


def _known(data: Any) -> Known | None:
    if not isinstance(data, dict) or not isinstance(data.get("number"), int):
        return None
    return Known(int(data["number"]), str(data.get("title", "")), bool(data.get("completed")))


def _knowns(items: Any) -> tuple[Known, ...]:
    if not isinstance(items, list):
        return ()
    return tuple(known for item in items if (known := _known(item)) is not None)


@dataclass
class _Reading:
    last_task: Known | None = None
    last_task_seen: bool = False
    listing: tuple[Known, ...] | None = None


def _read_calls(calls: list[dict[str, Any]], reading: _Reading, shown: str = "") -> None:
    """Newest call first: the first task or listing found is the one that counts. A listing
    counts only when the reply showed it (`shown`), not when it was a lookup behind a reply."""
    for call in reversed(calls):
        name = str(call.get("tool_name", ""))
        result = _mapping(call.get("result"))
        data = _mapping(result.get("data"))
        if ":" in name:  # a button press recorded in the conversation
            if name.endswith(":confirmed") and not reading.last_task_seen:
                reading.last_task_seen = True  # the task is gone: "it" means nothing now
            continue
        if not result.get("ok"):
            continue
        if name == "list_tasks":
            if not result.get("message") or str(result["message"]) not in _ADDED.sub("", shown):
                continue
            tasks = _knowns(data.get("tasks"))
            if reading.listing is None:
                reading.listing = tasks
            if len(tasks) == 1 and not reading.last_task_seen:
                reading.last_task, reading.last_task_seen = tasks[0], True
            continue
        task = _known(data.get("task"))
        if task is not None and not reading.last_task_seen:
            reading.last_task, reading.last_task_seen = task, True


# A listing as shown carries each task's creation date after it ("1. milk · added today").
_ADDED = re.compile(r" · added [^\n]*")


def _mapping(value: Any) -> dict[str, Any]:
    """A stored JSON object, or an empty one for anything else."""
    return value if isinstance(value, dict) else {}


def _latest_ambiguity(calls: list[dict[str, Any]]) -> tuple[tuple[Known, ...], Family | None, dict]:
    for call in reversed(calls):
        result = _mapping(call.get("result"))
        data = _mapping(result.get("data"))
        if result.get("error") == "AMBIGUOUS":
            family = _FAMILY_OF_TOOL.get(str(call.get("tool_name")))
            arguments = _mapping(call.get("input"))
            return _knowns(data.get("candidates")), family, arguments
    return (), None, {}


def _last_action(calls: list[dict[str, Any]]) -> tuple[Family | None, dict, dict]:
    for call in reversed(calls):
        family = _FAMILY_OF_TOOL.get(str(call.get("tool_name")))
        if family is not None and family != "list":
            arguments, result = call.get("input"), call.get("result")
            return (
                family,
                arguments if isinstance(arguments, dict) else {},
                result if isinstance(result, dict) else {},
            )
    return None, {}, {}


def _awaiting(text: str) -> Awaiting | None:
    found = recognise_question(text)
    if found is None:
        return None
    kind, values = found
    number = int(values["number"]) if "number" in values else None
    family = values.get("family")
    parts = tuple(values[key] for key in ("first", "second") if key in values)
    return Awaiting(
        kind,  # type: ignore[arg-type]  # recognise_question only returns Awaiting kinds
        family=family,  # type: ignore[arg-type]  # ... and families
        title=values.get("title", ""),
        number=number,
        parts=parts,
    )


_MENTION = re.compile(r"#(?P<number>\d+) “(?P<title>[^”]*)”")


def _one_mention(text: str) -> Known | None:
    """The task a reply is about when it names exactly one."""
    found = {(int(m.group("number")), m.group("title")) for m in _MENTION.finditer(text)}
    return Known(*found.pop()) if len(found) == 1 else None


def read_context(history: Sequence[MessageLike]) -> Context:
    reading = _Reading()
    latest = next((m for m in reversed(history) if m.role == "assistant"), None)
    for message in reversed(history):
        if message.role == "assistant" and message.tool_calls:
            _read_calls(list(message.tool_calls), reading, message.content or "")
        if message is latest and not reading.last_task_seen:
            mentioned = _one_mention(message.content or "")
            if mentioned is not None:  # "Not yet: #1 “buy milk” is still open."
                reading.last_task, reading.last_task_seen = mentioned, True
        if reading.last_task_seen and reading.listing is not None:
            break
    candidates: tuple[Known, ...] = ()
    family: Family | None = None
    arguments: dict = {}
    awaiting = None
    last_family: Family | None = None
    last_input: dict[str, Any] = {}
    last_result: dict[str, Any] = {}
    if latest is not None:
        last_family, last_input, last_result = _last_action(list(latest.tool_calls or []))
        candidates, family, arguments = _latest_ambiguity(list(latest.tool_calls or []))
        awaiting = _awaiting(latest.content or "")
        if not candidates and (offered := recognise_choices(latest.content or "")) is not None:
            family = offered[0]
            candidates = tuple(Known(number, title) for number, title in offered[1])
    return Context(
        last_task=reading.last_task,
        listing=reading.listing or (),
        candidates=candidates,
        pending_family=family,
        pending_title=arguments.get("new_title"),
        pending_description=arguments.get("new_description"),
        awaiting=awaiting,
        last_family=last_family,
        last_input=last_input,
        last_result=last_result,
    )
