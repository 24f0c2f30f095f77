"""Inline mode, no I/O: `@yourbot milk` typed in any chat becomes a search of the person's
open tasks, and each match an article that posts the task where they typed."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from telegram import InlineQueryResultArticle, InputTextMessageContent

from core.views import TaskView

INLINE_RESULTS = 50  # Telegram's limit per answer
NOTHING_TO_SHARE = "No matching tasks. Open todobot to add some"


@dataclass(frozen=True)
class InlineSearch:
    """`@bot milk` typed in any chat: the person's matching tasks, to share one there."""

    query_id: str
    user_ref: str
    text: str


def read_inline(query: Mapping[str, Any]) -> InlineSearch | None:
    sender = query.get("from")
    if not isinstance(sender, Mapping) or "id" not in sender or "id" not in query:
        return None
    text = query.get("query")
    return InlineSearch(
        query_id=str(query["id"]),
        user_ref=str(sender["id"]),
        text=text.strip() if isinstance(text, str) else "",
    )


def inline_results(tasks: list[TaskView]) -> list[InlineQueryResultArticle]:
    """One article per task: choosing it posts the task (its title, its due date, priority and
    tags, and its description) in the chat where the person typed the query."""
    results = []
    for task in tasks[:INLINE_RESULTS]:
        body = f"☐ <b>{html.escape(task.title, quote=False)}</b>"
        for extra in (task.details, task.description):
            if extra:
                body += "\n" + html.escape(extra, quote=False)
        about = " — ".join(part for part in (task.details, task.description) if part)
        results.append(
            InlineQueryResultArticle(
                id=task.id.hex if task.id else str(task.number),
                title=f"#{task.number} {task.title}",
                description=about[:200] or None,
                input_message_content=InputTextMessageContent(body, parse_mode="HTML"),
            )
        )
    return results
