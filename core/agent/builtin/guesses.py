"""A task found only by a guess (a typo in its title): asked about with a button per task and
Cancel, never acted on. The button makes the very call the request would have made."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from core.agent.builtin import phrases
from core.agent.builtin.refs import Known
from core.tools.asking import Choice

# Asks a question with these choices as buttons (`ToolContext`-bound `ask_choices`).
Ask = Callable[[str, list[Choice]], Awaitable[str]]
ASKED_AT_MOST = 5


async def did_you_mean(
    ask: Ask, found: list[Known], question: str, tool: str, arguments: dict[str, Any]
) -> str:
    """ "Did you mean #1 “water the ferns”?" (`question` with `{choices}`), the first five."""
    found = found[:ASKED_AT_MOST]
    listed = phrases.choices([(task.number, task.title) for task in found])
    choices = [
        Choice(
            f"#{task.number} {task.title}",
            tool,
            {"task_identifier": f"#{task.number}", **arguments},
        )
        for task in found
    ]
    return await ask(question.format(choices=listed), choices)
