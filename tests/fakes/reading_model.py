"""A fake model that reads each request the way the builtin engine reads a conversation.

It knows only what the request carries: the person's last message, and the earlier turns'
words, tool calls and results as they were sent, rebuilt into the messages the builtin
engine's context reader takes (`read_context`), then read with its parser (`parse`). So a
history that leaves out what a turn needs (the task "it" is, the list the person saw, the
candidates of a question) makes it call the wrong tool or none, and `todobot eval` on it
measures what the history policy keeps. It makes one tool call per turn and, once the tool
has answered, says the result's message.

    python3 -m tests.fakes.reading_model [--port 8765]

serves it until interrupted; point the openai backend at it to run the eval cases:

    OPENAI_API_KEY=fake OPENAI_BASE_URL=http://127.0.0.1:8765/v1 \\
        todobot eval tests/evals/complete.jsonl --backend openai
"""

from __future__ import annotations

import argparse
import json
import threading
from dataclasses import dataclass, field
from typing import Any

from core.agent.builtin.context import Context, read_context
from core.agent.builtin.intents import (
    Add,
    AddSeveral,
    BareRef,
    Complete,
    Delete,
    EmptyTrash,
    Intent,
    ListTasks,
    Ref,
    Reopen,
    Restore,
    ShowTrash,
    Undo,
    Update,
)
from core.agent.builtin.parse import parse
from core.agent.builtin.refs import at_position
from tests.fakes.openai_server import FakeOpenAI, Scripted, text, tool_call

CANNOT = "I can't do that one."
WHICH = "Which task do you mean?"


@dataclass
class Said:
    """One stored message as the builtin engine's context reader takes it."""

    role: str
    content: str
    tool_calls: list[dict[str, Any]] = field(default_factory=list)


def conversation(messages: list[dict[str, Any]]) -> list[Said]:
    """The request's messages (system prompt aside) as the conversation they stand for."""
    said: list[Said] = []
    calls: list[dict[str, Any]] = []
    by_id: dict[str, dict[str, Any]] = {}
    for message in messages:
        role = message.get("role")
        if role == "user":
            said.append(Said("user", str(message.get("content") or "")))
        elif role == "assistant" and message.get("tool_calls"):
            for call in message["tool_calls"]:
                function = call.get("function") or {}
                entry = {
                    "tool_name": function.get("name"),
                    "input": _json(function.get("arguments")),
                }
                by_id[call.get("id", "")] = entry
                calls.append(entry)
        elif role == "tool":
            entry = by_id.get(message.get("tool_call_id", ""), {})
            entry["result"] = _json(message.get("content"))
        elif role == "assistant":
            said.append(Said("assistant", str(message.get("content") or ""), calls))
            calls = []
    if calls:
        said.append(Said("assistant", "", calls))  # this turn's calls, not yet answered
    return said


def _json(value: Any) -> dict[str, Any]:
    try:
        parsed = json.loads(value) if isinstance(value, str) else value
    except json.JSONDecodeError:
        return {}
    return parsed if isinstance(parsed, dict) else {}


def respond(request: dict[str, Any]) -> Scripted:
    said = conversation(list(request.get("messages") or []))
    if said and said[-1].role == "assistant":  # the tool answered: say what it said
        results = [call.get("result") or {} for call in said[-1].tool_calls]
        return text(" ".join(str(r.get("message") or "Done.") for r in results))
    if not said:
        return text(CANNOT)
    context = read_context(said[:-1])
    call = tool_for(parse(said[-1].content, context), context)
    if isinstance(call, str):
        return text(call)
    return tool_call(*call)


def tool_for(intent: Intent, context: Context) -> tuple[str, dict[str, Any]] | str:
    """The tool call a model would make for what the parser read, or what it would say."""
    if isinstance(intent, Add):
        arguments: dict[str, Any] = {"title": intent.title, "description": intent.description}
        return "add_task", arguments | ({"priority": intent.priority} if intent.priority else {})
    if isinstance(intent, AddSeveral) and intent.titles:
        return "add_task", {"title": intent.titles[0]}
    if isinstance(intent, ListTasks):
        return "list_tasks", {"status": intent.status, "sort_by": intent.sort_by} | {
            key: value
            for key, value in (
                ("due", intent.due),
                ("priority", intent.priority),
                ("tag", intent.tag),
            )
            if value
        }
    if isinstance(intent, ShowTrash):
        return "list_tasks", {"status": "deleted"}
    if isinstance(intent, Undo):
        return "undo_last_change", {}
    if isinstance(intent, EmptyTrash):
        return "empty_trash", {}
    if isinstance(intent, BareRef) and context.pending_family is not None:
        picked = identifier(intent.ref, context, candidates=True)
        family = {"complete": Complete, "delete": Delete}.get(context.pending_family)
        if picked is not None and family is not None:
            return tool_for(family(Ref("number", number=int(picked.lstrip("#")))), context)
        if picked is not None and context.pending_family == "update":
            return "update_task", {"task_identifier": picked} | _new_fields(
                context.pending_title, context.pending_description
            )
    if isinstance(intent, Complete | Reopen | Delete | Update | Restore):
        picked = identifier(intent.ref, context)
        if picked is None:
            return WHICH
        if isinstance(intent, Complete):
            return "complete_task", {"task_identifier": picked}
        if isinstance(intent, Reopen):
            return "complete_task", {"task_identifier": picked, "done": False}
        if isinstance(intent, Delete):
            return "delete_task", {"task_identifier": picked}
        if isinstance(intent, Restore):
            return "restore_task", {"task_identifier": picked}
        return "update_task", {"task_identifier": picked} | _new_fields(
            intent.title, intent.description
        )
    return CANNOT


def _new_fields(title: str | None, description: str | None) -> dict[str, Any]:
    fields = {"new_title": title, "new_description": description}
    return {key: value for key, value in fields.items() if value is not None}


def identifier(ref: Ref, context: Context, *, candidates: bool = False) -> str | None:
    """A reference as a task_identifier, resolved against what the history showed."""
    shown = list(context.candidates if candidates else context.listing)
    if ref.kind == "number" and ref.number is not None:
        if candidates and shown and all(task.number != ref.number for task in shown):
            found = at_position(shown, ref.number)
            return f"#{found.number}" if found else None
        return f"#{ref.number}"
    if ref.kind == "pronoun":
        return f"#{context.last_task.number}" if context.last_task else None
    if ref.kind == "ordinal" and ref.position is not None:
        found = at_position(shown, ref.position)
        return f"#{found.number}" if found else None
    return ref.text or None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    server = FakeOpenAI()
    server.responder = respond
    server.start(args.port)
    print(f"OPENAI_BASE_URL={server.base_url}", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.stop()


if __name__ == "__main__":
    main()
