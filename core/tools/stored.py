"""What a tool's result keeps once its turn is over, in the audit row and in the history:
a capped page, whatever the list holds.

The turn itself (the agent, the reply, an MCP or API answer) reads the whole result; what
is stored for later is the message (cut at a bound) and, of a list of tasks, the first few
with their number, id, title and whether they are done: what a next turn refers back to.
"""

from __future__ import annotations

from typing import Any

STORED_TASKS = 20
STORED_TITLE = 120
STORED_MESSAGE = 2000
_LISTS = ("tasks", "candidates")
_KEPT = ("number", "id", "title", "completed")


def kept_result(result: dict[str, Any]) -> dict[str, Any]:
    """The result as it is stored (the same object when there is nothing to cut)."""
    message, data = result.get("message"), result.get("data")
    long_message = isinstance(message, str) and len(message) > STORED_MESSAGE
    lists = [key for key in _LISTS if isinstance(data, dict) and isinstance(data.get(key), list)]
    if not long_message and not lists:
        return result
    stored = dict(result)
    if long_message:
        stored["message"] = _cut(str(message), STORED_MESSAGE)
    if isinstance(data, dict) and lists:
        stored["data"] = dict(data) | {key: _brief_list(data[key]) for key in lists}
    return stored


def kept_calls(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A turn's calls as its message keeps them."""
    return [
        call | {"result": kept_result(call["result"])}
        if isinstance(call.get("result"), dict)
        else call
        for call in calls
    ]


def _brief_list(items: list[Any]) -> list[Any]:
    return [_brief(item) for item in items[:STORED_TASKS]]


def _brief(item: Any) -> Any:
    if not isinstance(item, dict):
        return None
    brief = {key: item[key] for key in _KEPT if key in item}
    if isinstance(brief.get("title"), str):
        brief["title"] = _cut(brief["title"], STORED_TITLE)
    return brief


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
