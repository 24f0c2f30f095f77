"""Guesses asked about, never acted on: a task found only by a typo in its title (a button per
task and Cancel, each making the very call the request would have made), and a would-be title
that is a misreading (`leftovers.misread`): "the slides change to friday" offers moving #1
“slides” to Friday and adding the words as a task; the person presses the one they meant."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from core.agent.builtin import phrases
from core.agent.builtin.lexicon.spelling import DANGLING_MOVES, DANGLING_REMINDS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import Known, sure_matches
from core.agent.builtin.replies import Call, knowns
from core.tools import ToolContext
from core.tools.asking import Choice, ask_choices

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


_REMIND = re.compile(rf"\s*\b{alt(DANGLING_REMINDS)}\s*$", NOCASE)
_MOVE = re.compile(rf"\s*\b{alt(DANGLING_MOVES)}\s*$", NOCASE)
_LEAD = re.compile(r"^(?:the|my)\s+", NOCASE)


async def ask_misread(call: Call, tools: ToolContext, title: str, arguments: dict[str, Any]) -> str:
    """The question, with the request read on the task the rest names (when a date was read
    and one task is named) and adding the words as they are."""
    choices = [
        Choice(phrases.ADD_AS_TASK.format(title=title), "add_task", {"title": title, **arguments})
    ]
    request = await _request(call, title, arguments.get("due"))
    if request is not None:
        choices.insert(0, request)
        question = phrases.MISREAD_EITHER.format(reading=request.label, title=title)
    else:
        question = phrases.MISREAD_TITLE.format(title=title)
    return await ask_choices(tools, question, choices)


async def _request(call: Call, title: str, due: Any) -> Choice | None:
    if not isinstance(due, str):
        return None
    for pattern, label, field in (
        (_REMIND, phrases.REMIND_ABOUT, "remind_at"),
        (_MOVE, phrases.MOVE_TO, "due"),
    ):
        if (rest := pattern.sub("", title)) == title:
            continue
        tasks = knowns(await call("list_tasks", status="pending"))
        named = sure_matches(tasks, _LEAD.sub("", rest.strip()))
        if len(named) != 1 or (field == "remind_at" and "T" not in due):
            return None
        task = named[0]
        shown = label.format(number=task.number, title=task.title, when=due.replace("T", " "))
        return Choice(shown, "update_task", {"task_identifier": f"#{task.number}", field: due})
    return None
