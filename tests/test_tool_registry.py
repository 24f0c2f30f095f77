"""Every chat tool is found by its own name, and its envelope's JSON keeps one shape."""

from __future__ import annotations

import json
from typing import get_args

from core.tools import CHAT_TOOLS, TOOL_REGISTRY, ToolName, failure, ok


def test_every_chat_tool_is_found_by_its_own_name() -> None:
    assert {name: tool.__name__ for name, tool in TOOL_REGISTRY.items()} == {
        tool.__name__: tool.__name__ for tool in CHAT_TOOLS
    }
    assert set(get_args(ToolName)) == set(TOOL_REGISTRY)


def test_the_envelope_json_has_every_key_in_order() -> None:
    done = ok("Added #1 “milk”.", task={"number": 1})
    assert json.dumps(done.as_json()) == (
        '{"ok": true, "message": "Added #1 \\u201cmilk\\u201d.", "data": {"task": {"number": 1}}, '
        '"error": null, "suggestion": null}'
    )
    assert ok("Your trash is already empty.").as_json()["data"] == {}
    refused = failure("NOT_FOUND", "No task #9.", "List your tasks to see the numbers.")
    assert refused.as_json() == {
        "ok": False,
        "message": "No task #9.",
        "data": None,
        "error": "NOT_FOUND",
        "suggestion": "List your tasks to see the numbers.",
    }
    assert failure("AMBIGUOUS", "Which one?", candidates=[]).as_json()["data"] == {"candidates": []}
    assert failure("AMBIGUOUS", "Which one?", candidates=[{"number": 2}]).as_json()["data"] == {
        "candidates": [{"number": 2}]
    }
