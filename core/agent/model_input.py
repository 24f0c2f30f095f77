"""What the openai backend sends the model: the history within a budget, tool results trimmed.

Every request carries the system prompt, the tools, the history and the turn's own calls, and
a model pays for all of it (tokens, latency) on every one of a turn's requests, so it gets what
it answers from and no more:

- the history window's messages (`HISTORY_WINDOW`, 50 by default), newest first, while they fit
  in `HISTORY_CHARS`; it then starts at a person's message, never in the middle of an answer;
- each message cut at `MESSAGE_CHARS`;
- only the latest `DETAILED_ANSWERS` answers bring their tool calls and results (what "it" and
  "the second one" refer to), and only while they fit; older answers are their words alone;
- the tools' parameter schemas without what repeats the schema (`compact_schema`):
  pydantic's `title` on every property (its name again) and the `anyOf` a nullable plain type
  becomes (`["string", "null"]` says it in one type);
- a tool result as `model_view` shows it: what the tool said and each task's visible fields
  (number, title, description, completed, due, priority, tags), without the internal id, the
  UTC copy of the due, or audit times; in the history, a result still longer than
  `RESULT_CHARS` keeps only its words.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from core.tools import CHAT_TOOLS
from core.types import HistoryMessage

HISTORY_CHARS = 12_000  # about 3,000 tokens of earlier conversation per request
MESSAGE_CHARS = 2_000
DETAILED_ANSWERS = 3
RESULT_CHARS = 1_500

# Fields a tool returns that a model has no use for: the task's internal id (it refers to
# tasks by number), the UTC copy of the local `due` (and whether that has a time, which `due`
# shows) and when the row was created.
HIDDEN_FIELDS = frozenset({"id", "due_at", "due_has_time", "created_at"})
_WORDS = ("ok", "message", "error", "suggestion")
TOOL_NAMES = frozenset(tool.__name__ for tool in CHAT_TOOLS)

Item = dict[str, Any]


def model_view(envelope: dict[str, Any]) -> dict[str, Any]:
    """A tool's result as the model reads it: no empty keys, no fields it has no use for."""
    return {key: _visible(value) for key, value in envelope.items() if value is not None}


def _visible(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _visible(inner) for key, inner in value.items() if key not in HIDDEN_FIELDS}
    if isinstance(value, list):
        return [_visible(inner) for inner in value]
    return value


def history_items(history: Sequence[HistoryMessage]) -> list[Item]:
    """The stored messages as model input, within the budget: each answer's tool calls (the
    latest answers only), then its words."""
    answers = [index for index, message in enumerate(history) if message.role != "user"]
    detailed = set(answers[-DETAILED_ANSWERS:]) if DETAILED_ANSWERS else set()
    kept: list[list[Item]] = []
    room = HISTORY_CHARS
    for index in range(len(history) - 1, -1, -1):
        items = _message_items(history[index], index, detailed=index in detailed)
        if _size(items) > room and index in detailed:
            items = items[-1:]  # an answer whose calls alone overrun the budget: its words
        if _size(items) > room:
            break
        kept.append(items)
        room -= _size(items)
    kept.reverse()
    while kept and kept[0][-1].get("role") != "user":
        kept.pop(0)  # the oldest kept answer lost its question to the budget
    return [item for items in kept for item in items]


def _message_items(message: HistoryMessage, index: int, *, detailed: bool) -> list[Item]:
    if message.role == "user":
        return [{"role": "user", "content": _cut(message.content, MESSAGE_CHARS)}]
    items: list[Item] = []
    for position, call in enumerate((message.tool_calls or []) if detailed else []):
        name = call.get("tool_name")
        arguments = call.get("input") or {}
        if name not in TOOL_NAMES or "raw_arguments" in arguments:
            continue  # a button press, an unknown tool, or arguments the model got wrong
        call_id = f"call_history_{index}_{position}"
        items.append(
            {"type": "function_call", "call_id": call_id, "name": name,
             "arguments": json.dumps(arguments, ensure_ascii=False)}
        )  # fmt: skip
        output = history_result(call.get("result") or {})
        items.append({"type": "function_call_output", "call_id": call_id, "output": output})
    items.append({"role": "assistant", "content": _cut(message.content, MESSAGE_CHARS)})
    return items


def history_result(result: dict[str, Any]) -> str:
    """A stored result as the history shows it: the model's view, or its words when long."""
    shown = json.dumps(model_view(result), ensure_ascii=False)
    if len(shown) <= RESULT_CHARS:
        return shown
    words = {key: result[key] for key in _WORDS if result.get(key) is not None}
    words["message"] = _cut(str(words.get("message", "")), RESULT_CHARS)
    return json.dumps(words, ensure_ascii=False)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _size(items: list[Item]) -> int:
    return sum(len(v) for item in items for v in item.values() if isinstance(v, str))


def compact_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A JSON schema as the model reads it: no `title`s (a property's title is its name again),
    a nullable plain type as a type list. The meaning is unchanged, for strict mode too."""
    compact = {key: _compact_value(key, value) for key, value in schema.items() if key != "title"}
    variants = compact.get("anyOf")
    if isinstance(variants, list) and len(variants) == 2 and {"type": "null"} in variants:
        (other,) = [variant for variant in variants if variant != {"type": "null"}]
        if set(other) == {"type"} and isinstance(other["type"], str):
            del compact["anyOf"]
            compact["type"] = [other["type"], "null"]
    return compact


def _compact_value(key: str, value: Any) -> Any:
    if key in ("properties", "$defs", "definitions") and isinstance(value, dict):
        return {name: compact_schema(inner) for name, inner in value.items()}
    if isinstance(value, dict):
        return compact_schema(value)
    if isinstance(value, list):
        return [compact_schema(inner) if isinstance(inner, dict) else inner for inner in value]
    return value
