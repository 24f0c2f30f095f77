"""What the conversation so far tells the next turn: the task it is about, the list the
person last saw, the candidates of an ambiguous answer, and any question left open.

All of it is read from what the turns stored: the tools' calls and results, and the note the
engine keeps with each reply (`notes.py`), never from the wording of a reply."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.agent.builtin.intents import Family
from core.agent.builtin.notes import Awaiting, Kept, kept, known_task, known_tasks, labelled
from core.agent.builtin.refs import Known
from core.types import HistoryMessage

__all__ = ["Awaiting", "Context", "read_context"]

_FAMILY_OF_TOOL: dict[str, Family] = {
    "add_task": "add",
    "complete_task": "complete",
    "delete_task": "delete",
    "update_task": "update",
    "list_tasks": "list",
}


@dataclass(frozen=True)
class Context:
    last_task: Known | None = None
    listing: tuple[Known, ...] = ()
    # The listing showed reminders ("show my reminders"): "delete it" means a reminder then.
    shown_reminders: bool = False
    candidates: tuple[Known, ...] = ()
    pending_family: Family | None = None
    pending_title: str | None = None
    pending_description: str | None = None
    awaiting: Awaiting | None = None
    # What the last reply did (its last tool call but a listing), for "no, I meant task 2".
    last_family: Family | None = None
    last_input: dict[str, Any] = field(default_factory=dict)
    last_result: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Reading:
    last_task: Known | None = None
    last_task_seen: bool = False
    listing: tuple[Known, ...] | None = None


def _read_calls(calls: list[dict[str, Any]], reading: _Reading, note: Kept | None) -> None:
    """Newest call first: the first task or listing found is the one that counts. In a reply
    of the engine a listing counts only when its note says the reply showed it, not when it
    was a lookup behind the reply; any other reply (a command) showed what the tool said."""
    for index in range(len(calls) - 1, -1, -1):
        call = calls[index]
        name = str(call.get("tool_name", ""))
        result = _mapping(call.get("result"))
        data = _mapping(result.get("data"))
        if ":" in name:  # a button press or a typed answer, recorded in the conversation
            if name.endswith(":confirmed") and not reading.last_task_seen:
                reading.last_task_seen = True  # the task is gone: "it" means nothing now
            continue
        if not result.get("ok"):
            continue
        if name == "list_tasks":
            if note is not None and note.shown != index:
                continue
            tasks = known_tasks(data.get("tasks"))
            if reading.listing is None:
                reading.listing = tasks
            if len(tasks) == 1 and not reading.last_task_seen:
                reading.last_task, reading.last_task_seen = tasks[0], True
            continue
        task = known_task(data.get("task"))
        if task is not None and not reading.last_task_seen:
            reading.last_task, reading.last_task_seen = task, True


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
            return known_tasks(data.get("candidates")), family, arguments
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


def _shows_reminders(latest: HistoryMessage | None, note: Kept | None) -> bool:
    """The last reply showed a listing of reminders."""
    if latest is None or note is None or note.shown is None:
        return False
    calls = list(latest.tool_calls or [])
    shown = calls[note.shown] if note.shown < len(calls) else {}
    return bool(_mapping(shown.get("input")).get("has_reminder"))


def read_context(history: Sequence[HistoryMessage]) -> Context:
    reading = _Reading()
    latest = next((m for m in reversed(history) if m.role == "assistant"), None)
    latest_note: Kept | None = None
    for message in reversed(history):
        if message.role != "assistant":
            continue
        calls = list(message.tool_calls or [])
        note = kept(calls)
        if message is latest:
            latest_note = note
        if note is not None and note.about is not None and not reading.last_task_seen:
            reading.last_task, reading.last_task_seen = note.about, True
        _read_calls(calls, reading, note)
        if message is latest and note is None and not reading.last_task_seen:
            # a message the engine did not write (a delivered reminder) that names one task
            mentioned = labelled(message.content or "")
            if mentioned is not None:
                reading.last_task, reading.last_task_seen = mentioned, True
        if reading.last_task_seen and reading.listing is not None:
            break
    candidates: tuple[Known, ...] = ()
    family: Family | None = None
    arguments: dict = {}
    last_family: Family | None = None
    last_input: dict[str, Any] = {}
    last_result: dict[str, Any] = {}
    if latest is not None:
        last_family, last_input, last_result = _last_action(list(latest.tool_calls or []))
        candidates, family, arguments = _latest_ambiguity(list(latest.tool_calls or []))
        if not candidates and latest_note is not None and latest_note.offered:
            family, candidates = latest_note.offered_family, latest_note.offered
    return Context(
        last_task=reading.last_task,
        listing=reading.listing or (),
        shown_reminders=_shows_reminders(latest, latest_note),
        candidates=candidates,
        pending_family=family,
        pending_title=arguments.get("new_title"),
        pending_description=arguments.get("new_description"),
        awaiting=latest_note.asked if latest_note is not None else None,
        last_family=last_family,
        last_input=last_input,
        last_result=last_result,
    )
