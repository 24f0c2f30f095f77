"""What the conversation so far tells the next turn: the task it is about, the list the
person last saw, the candidates of an ambiguous answer, and any question left open.

All of it is read from what the turns stored: the tools' calls and results, and the note the
engine keeps with each reply (`notes.py`), never from the wording of a reply."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.agent.builtin.intents import Family
from core.agent.builtin.notes import Awaiting, Note, kept, known_task, known_tasks, labelled
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
    just_listed: bool = False  # the last reply showed `listing` ("done" then means its one task)
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

    def point(self, task: Known | None) -> None:
        """The newest task a reply was about is "it"; older ones count no more."""
        if task is not None and not self.last_task_seen:
            self.last_task, self.last_task_seen = task, True


def _read_calls(calls: list[dict[str, Any]], reading: _Reading, note: Note | None) -> None:
    """Newest call first: the first task or listing found is the one that counts. In a reply
    of the engine a listing counts only when its note says the reply showed it, not when it
    was a lookup behind the reply; any other reply (a command) showed what the tool said."""
    for index in range(len(calls) - 1, -1, -1):
        call = calls[index]
        name = str(call.get("tool_name", ""))
        result = _mapping(call.get("result"))
        data = _mapping(result.get("data"))
        if name.endswith(":confirmed"):  # a button press, recorded in the conversation
            reading.last_task_seen = True  # the task is gone: "it" means nothing now
        if ":" in name or not result.get("ok"):
            continue
        if name != "list_tasks":
            reading.point(known_task(data.get("task")))
        elif note is None or note.shown == index:
            tasks = known_tasks(data.get("tasks"))
            reading.listing = tasks if reading.listing is None else reading.listing
            reading.point(tasks[0] if len(tasks) == 1 else None)


def pointed_at(calls: list[dict[str, Any]]) -> Known | None:
    """The task a turn's own calls so far leave "it" pointing at ("add X and remind me about
    it at 5": the task just added)."""
    reading = _Reading()
    _read_calls(calls, reading, None)
    return reading.last_task


def _mapping(value: Any) -> dict[str, Any]:
    """A stored JSON object, or an empty one for anything else."""
    return value if isinstance(value, dict) else {}


def _family(call: dict[str, Any]) -> Family | None:
    return _FAMILY_OF_TOOL.get(str(call.get("tool_name")))


def _newest(calls: list[dict[str, Any]], wanted: Callable[[dict[str, Any]], bool]) -> dict:
    return next((call for call in reversed(calls) if wanted(call)), {})


def _shown(calls: list[dict[str, Any]], note: Note | None) -> dict[str, Any]:
    """The listing call the last reply showed, or an empty one."""
    if note is None or note.shown is None or note.shown >= len(calls):
        return {}
    return calls[note.shown]


def _read_replies(
    replies: list[HistoryMessage], newest_calls: list[dict[str, Any]], newest_note: Note | None
) -> _Reading:
    """What "it" and the listing are, newest reply first (the newest reply's calls and note,
    which the context reads again, are read once by the caller)."""
    reading = _Reading()
    for message in replies:
        newest = message is replies[0]
        calls = newest_calls if newest else list(message.tool_calls or [])
        note = newest_note if newest else kept(calls)
        reading.point(note.about if note is not None else None)
        _read_calls(calls, reading, note)
        if newest and note is None:
            # a message the engine did not write (a delivered reminder) that names one task
            reading.point(labelled(message.content or ""))
        if reading.last_task_seen and reading.listing is not None:
            break
    return reading


def read_context(history: Sequence[HistoryMessage]) -> Context:
    replies = [message for message in reversed(history) if message.role == "assistant"]
    if not replies:
        return Context()
    calls = list(replies[0].tool_calls or [])
    note = kept(calls)
    reading = _read_replies(replies, calls, note)
    last = _newest(calls, lambda call: _family(call) not in (None, "list"))
    asked = _newest(calls, lambda call: _mapping(call.get("result")).get("error") == "AMBIGUOUS")
    arguments = _mapping(asked.get("input"))
    candidates = known_tasks(_mapping(_mapping(asked.get("result")).get("data")).get("candidates"))
    family = _family(asked)
    if not candidates and note is not None and note.offered:
        family, candidates = note.offered_family, note.offered
    return Context(
        last_task=reading.last_task,
        listing=reading.listing or (),
        shown_reminders=bool(_mapping(_shown(calls, note).get("input")).get("has_reminder")),
        just_listed=bool(_shown(calls, note)),
        candidates=candidates,
        pending_family=family,
        pending_title=arguments.get("new_title"),
        pending_description=arguments.get("new_description"),
        awaiting=note.asked if note is not None else None,
        last_family=_family(last),
        last_input=_mapping(last.get("input")),
        last_result=_mapping(last.get("result")),
    )
