"""The App Home's **Assigned to you**: the team tasks a person holds, one section a channel
(named by Slack's own `<#C…>` link), beside their own list."""

from __future__ import annotations

from typing import Any

from adapters.slack.render import SECTION_LIMIT, escape, section
from core.views import AssignedHere, TaskView

Block = dict[str, Any]
CHANNELS_SHOWN = 10
TITLE = "Assigned to you"


def assigned_blocks(assigned: list[AssignedHere]) -> list[Block]:
    """No blocks when nothing is assigned; otherwise a header and a section per channel."""
    if not assigned:
        return []
    blocks: list[Block] = [
        {"type": "divider"},
        {"type": "header", "text": {"type": "plain_text", "text": TITLE}},
    ]
    for here in assigned[:CHANNELS_SHOWN]:
        lines = [f"*<#{here.chat_ref}>*", *(_line(task) for task in here.tasks)]
        blocks.append(section(_fit("\n".join(lines))))
    if len(assigned) > CHANNELS_SHOWN:
        blocks.append(section(f"…and {len(assigned) - CHANNELS_SHOWN} more channels."))
    return blocks


def _line(task: TaskView) -> str:
    details = f" _({escape(task.details)})_" if task.details else ""
    return f"• #{task.number} {escape(task.title)}{details}"


def _fit(text: str) -> str:
    return text if len(text) <= SECTION_LIMIT else text[: SECTION_LIMIT - 1] + "…"
